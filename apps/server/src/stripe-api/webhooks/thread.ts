/**
 * The webhooks run on a thread of their own: rendering the account's events and sending them
 * (worker.ts) every PASS_MS, on a database connection of the thread's. The server's thread is
 * then free for requests: a store taking payments as fast as the server takes them still gets
 * their webhooks within a second or two, rather than after the payments stop.
 *
 * The thread runs the server's own entry module (main.ts under tsx, or the built dist/main.js),
 * which starts this loop instead of the server when it finds itself in the webhook thread:
 * nothing else needs building. A thread that dies is started again after RESTART_MS.
 */
import { once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import { openDb } from "../../db/connection.ts";
import { webhookWorker } from "./worker.ts";

const ROLE = "paydesk-webhooks";
/** How long the loop waits between passes. */
const PASS_MS = 200;
const RESTART_MS = 5000;
const STOP = "stop";

export interface WebhookThreadOptions {
	databaseUrl: string | undefined;
	dataDir: string;
	/** The server's clock, as its shift from real time (a CLOCK_START demo or journey). */
	clockShiftMs: number;
	publicOnly: boolean;
}

interface ThreadData extends WebhookThreadOptions {
	role: typeof ROLE;
}

/** Whether this thread is the webhook thread (the entry module then runs runWebhookThread). */
export function isWebhookThread(): boolean {
	return !isMainThread && (workerData as Partial<ThreadData> | null)?.role === ROLE;
}

/** Starts the webhook thread on `entry` (the server's entry module); stop() drains and ends it. */
export function startWebhookThread(
	entry: URL,
	options: WebhookThreadOptions,
	log: FastifyBaseLogger,
): { stop(): Promise<void> } {
	let stopping = false;
	let current: Worker | null = null;
	let restart: NodeJS.Timeout | undefined;
	const start = () => {
		const data: ThreadData = { role: ROLE, ...options };
		const worker = entry.pathname.endsWith(".ts")
			? new Worker(new URL("./thread-from-sources.mjs", import.meta.url), {
					workerData: { ...data, entry: entry.href },
				})
			: new Worker(entry, { workerData: data });
		current = worker;
		worker.on("error", (error) => log.error({ err: error }, "the webhook thread failed"));
		worker.on("exit", (code) => {
			if (current === worker) current = null;
			if (stopping) return;
			log.warn({ code }, "the webhook thread ended; starting it again");
			restart = setTimeout(start, RESTART_MS);
		});
	};
	start();
	return {
		async stop() {
			stopping = true;
			clearTimeout(restart);
			const worker = current;
			if (!worker) return;
			const exited = once(worker, "exit");
			worker.postMessage(STOP);
			await exited;
		},
	};
}

/** The thread's loop: a pass every PASS_MS until told to stop; then the sends in flight finish. */
export async function runWebhookThread(): Promise<void> {
	const options = workerData as ThreadData;
	const db = openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolSize: 4 });
	const clock = {
		now: () => new Date(Date.now() + options.clockShiftMs),
		seconds: () => Math.floor((Date.now() + options.clockShiftMs) / 1000),
	};
	const worker = webhookWorker({ db, clock, publicOnly: options.publicOnly });
	const workerId = `webhooks:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
	let stopped = false;
	parentPort?.on("message", (message) => {
		if (message === STOP) stopped = true;
	});
	while (!stopped) {
		try {
			await worker.run(workerId);
		} catch (error) {
			// An outage of the database: the next pass tries again.
			process.stderr.write(
				`webhook pass failed: ${error instanceof Error ? error.message : String(error)}\n`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, PASS_MS));
	}
	await worker.stop();
	await db.close();
	parentPort?.close();
}
