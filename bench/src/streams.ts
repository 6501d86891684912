/**
 * Live updates: open event streams while the simulator takes payments.
 *   npx tsx bench/src/streams.ts [--transactions 100000] [--streams 200] [--seconds 60]
 *                                [--concurrency 4] [--dialect both]
 * A real server process on a seeded demo store. The admin's reads (transactions list and
 * summary) are timed idle, then with the streams open while the simulator takes payments; a probe
 * payment every second is timed from its answer to its event on every stream. Each stream must
 * receive every event once, in order. The server's memory is sampled every second.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { AccountEvent } from "@paydesk/contract/events";
import { type ApiClient, createApiClient } from "@paydesk/server/simulator/client";
import { runSimulation } from "@paydesk/server/simulator/run";
import { learnStore } from "@paydesk/server/simulator/store-profile";
import { percentile } from "@paydesk/server/simulator/summary";
import { readEventStream, type StreamReader } from "@paydesk/server/testing/event-stream-client";
import { type AdminReads, adminCredentials, adminReads, READ_EVERY_MS } from "./admin-reads.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { rssMb, seededStore, startServer } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 100_000);
const streamCount = Number(args.get("streams") ?? 200);
const seconds = Number(args.get("seconds") ?? 60);
const concurrency = Number(args.get("concurrency") ?? 4);
const dialects =
	(args.get("dialect") ?? "both") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";
const BASE = "/wp-json/wc/v3/payments";
const IDLE_SECONDS = 5;
const PAYMENT_READ_EVERY_MS = 1000;
/** Time left after the run for the last events to arrive. */
const DRAIN_MS = 3000;

/** A payment every second, remembering when each was answered. */
async function paymentProbes(client: ApiClient, running: () => boolean): Promise<Map<string, number>> {
	const answered = new Map<string, number>();
	for (let index = 0; running(); index++) {
		const started = performance.now();
		const answer = await client
			.post(
				`${BASE}/payment_intents`,
				{
					amount: 1000 + index,
					currency: "usd",
					payment_method: {
						type: "card",
						card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
						billing_details: {
							name: "Stream Probe",
							email: "probe@example.com",
							address: { line1: "1 Main St", city: "Austin", postal_code: "78701", country: "US" },
						},
					},
					order: { items: [{ name: "Probe", quantity: 1, total: 1000 + index }] },
					customer_ip: "8.8.8.8",
				},
				`stream-probe-${Date.now()}-${index}`,
			)
			.catch(() => null);
		const id = (answer?.body as { id?: string } | undefined)?.id;
		if (answer?.status === 200 && id) answered.set(id, performance.now());
		const wait = PAYMENT_READ_EVERY_MS - (performance.now() - started);
		if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	}
	return answered;
}

interface StreamCheck {
	/** Events each stream received (the same number on every stream when none was lost). */
	perStream: { min: number; max: number };
	duplicates: number;
	outOfOrder: number;
	/** From a probe payment's answer to its event, on every stream, ms. */
	delivery: number[];
	missedProbes: number;
}

function checkStreams(streams: readonly StreamReader[], probes: Map<string, number>): StreamCheck {
	const counts: number[] = [];
	let duplicates = 0;
	let outOfOrder = 0;
	let missedProbes = 0;
	const delivery: number[] = [];
	for (const stream of streams) {
		const events = stream.messages.filter((message) => message.event !== "reset");
		counts.push(events.length);
		const ids = events.map((message) => Number(message.id));
		duplicates += ids.length - new Set(ids).size;
		for (let index = 1; index < ids.length; index++)
			if ((ids[index] ?? 0) <= (ids[index - 1] ?? 0)) outOfOrder++;
		const arrivals = new Map<string, number>();
		for (const message of events) {
			const event = JSON.parse(message.data) as AccountEvent;
			if (event.type === "payment.created" && !arrivals.has(event.object_id))
				arrivals.set(event.object_id, message.at);
		}
		for (const [id, answeredAt] of probes) {
			const at = arrivals.get(id);
			if (at === undefined) missedProbes++;
			else delivery.push(Math.max(0, at - answeredAt));
		}
	}
	return {
		perStream: { min: Math.min(...counts), max: Math.max(...counts) },
		duplicates,
		outOfOrder,
		delivery,
		missedProbes,
	};
}

interface DialectRun {
	dialect: string;
	seedSeconds: number;
	payments: number;
	simulatorErrors: number;
	idle: AdminReads;
	during: AdminReads;
	memory: { idle: number; open: number; peak: number; end: number };
	check: StreamCheck;
	probes: number;
	load: [number, number];
}

async function measure(dialect: string): Promise<DialectRun> {
	const store = await seededStore(dialect, transactions, ACCOUNT, "streams");
	const { env, db } = store;
	try {
		const server = await startServer({ ...env, EVENT_STREAMS_PER_USER: String(streamCount + 10) });
		const pid = server.child.pid ?? 0;
		const streams: StreamReader[] = [];
		try {
			const { authorization, ...credentials } = await adminCredentials(db, server.url, "streams bench");
			const reader = createApiClient({ ...credentials, retries: 0 });
			const profile = await learnStore(reader, new Date().getUTCFullYear());

			// Idle: the admin's reads with no stream open and no payment coming in.
			let reading = true;
			const idleReads = adminReads(reader, () => reading);
			await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
			reading = false;
			const idle = await idleReads;
			const idleRss = rssMb(pid);

			console.log(`${dialect}: opening ${streamCount} streams…`);
			for (let index = 0; index < streamCount; index++) {
				const stream = await readEventStream(`${server.url}${BASE}/events`, { authorization });
				if (stream.status !== 200) throw new Error(`stream ${index} answered ${stream.status}`);
				streams.push(stream);
			}
			await new Promise((resolve) => setTimeout(resolve, 2000));
			const openRss = rssMb(pid);

			console.log(`${dialect}: the simulator for ${seconds} s with ${streamCount} streams open…`);
			let peak = openRss;
			const sampler = setInterval(() => {
				peak = Math.max(peak, rssMb(pid));
			}, 1000);
			const loadBefore = os.loadavg()[0] ?? 0;
			reading = true;
			let probing = true;
			const duringReads = adminReads(reader, () => reading);
			const probeRun = paymentProbes(reader, () => probing);
			const simulation = await runSimulation({
				...credentials,
				payments: Number.POSITIVE_INFINITY,
				overMs: 0,
				concurrency,
				seed: 19_000,
				stopAfterMs: seconds * 1000,
				profile,
			});
			reading = false;
			probing = false;
			const during = await duringReads;
			const probes = await probeRun;
			await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
			clearInterval(sampler);
			const loadAfter = os.loadavg()[0] ?? 0;
			const check = checkStreams(streams, probes);
			return {
				dialect,
				seedSeconds: store.seedSeconds,
				payments: simulation.total + probes.size,
				simulatorErrors: simulation.errors,
				idle,
				during,
				memory: { idle: idleRss, open: openRss, peak, end: rssMb(pid) },
				check,
				probes: probes.size,
				load: [loadBefore, loadAfter],
			};
		} finally {
			for (const stream of streams) stream.close();
			server.child.kill("SIGTERM");
		}
	} finally {
		await store.remove();
	}
}

const runs: DialectRun[] = [];
for (const dialect of dialects) runs.push(await measure(dialect));

const p = (values: readonly number[]) =>
	`${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} ms`;
const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const rows = runs.map(
	(run) =>
		`| ${engine(run.dialect)} | ${run.payments.toLocaleString("en-US")} (${(run.payments / seconds).toFixed(1)}/s) | ${p(run.idle.list)} → ${p(run.during.list)} | ${p(run.idle.summary)} → ${p(run.during.summary)} | ${p(run.check.delivery)} | ${run.memory.idle.toFixed(0)} → ${run.memory.open.toFixed(0)} → ${run.memory.peak.toFixed(0)} MB |`,
);
const notes = runs.map(
	(run) =>
		`- ${engine(run.dialect)}: seeded in ${run.seedSeconds.toFixed(0)} s; each of the ${streamCount} streams received ${run.check.perStream.min === run.check.perStream.max ? run.check.perStream.min.toLocaleString("en-US") : `${run.check.perStream.min}–${run.check.perStream.max}`} events, with ${run.check.duplicates} duplicates, ${run.check.outOfOrder} out of order and ${run.check.missedProbes} of ${(run.probes * streamCount).toLocaleString("en-US")} probe deliveries missing; ${run.simulatorErrors} simulator errors, ${run.idle.errors + run.during.errors} read errors; memory at the end ${run.memory.end.toFixed(0)} MB; machine load average ${run.load.map((value) => value.toFixed(1)).join("–")} during the run.`,
);
for (const line of [...rows, ...notes]) console.log(line);

writeReadmeSection(
	"streams",
	`## Live updates: ${streamCount} open event streams while the simulator runs

\`npx tsx bench/src/streams.ts --transactions ${transactions} --streams ${streamCount} --seconds ${seconds} --concurrency ${concurrency}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.

A real server process (apps/server/src/main.ts) on a ${transactions.toLocaleString("en-US")}-transaction demo store. ${streamCount} clients hold
GET /payments/events open (one user, EVENT_STREAMS_PER_USER raised for them) while the simulator takes
payments with ${concurrency} requests in flight for ${seconds} s. Meanwhile an admin reads the transactions list and its summary
every ~${READ_EVERY_MS} ms (idle: ${IDLE_SECONDS} s before, with no stream open → during), and a probe payment every second is
timed from its answer to its event on each of the streams ("delivery", p50 / p99 over every stream).
Memory is the server's resident set: idle → with the streams open → peak during the run. Clients,
simulator and server share the machine's ${machine().split(", ").at(-1)}.

| Database | Payments | List p50 / p99 (idle → during) | Summary p50 / p99 (idle → during) | Delivery p50 / p99 | Server RSS |
|---|---:|---|---|---:|---:|
${rows.join("\n")}

${notes.join("\n")}`,
);
process.exit(0);
