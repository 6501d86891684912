/**
 * Timing of one API call: the median of several runs through Fastify (HTTP parsing, auth,
 * validation, serialisation included) beside the median of the SQL that call ran, replayed on
 * the bare driver. The export is timed on a server process of its own, over a real socket.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import type { Db } from "@paydesk/server/db/connection";
import type { CompiledQuery } from "kysely";
import { type BenchApp, type Recorder, runRaw } from "./bench-app.ts";
import { peakRssMb, ROOT } from "./measure.ts";

export interface Result {
	name: string;
	apiMs: number;
	sqlMs: number;
	note: string;
	/** Exports only: the server's peak RSS (VmHWM) before and after the download, in MB. */
	rss?: { beforeMb: number; peakMb: number };
}

const WARM_UP = 3;
/** Statements of the endpoint itself (auth and session reads are API overhead). */
const DATA_TABLES = /balance_transactions|transaction_rollups|"orders"|"payouts"/;

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
	const started = performance.now();
	await action();
	return performance.now() - started;
}

async function recorded(recorder: Recorder, action: () => Promise<unknown>): Promise<CompiledQuery[]> {
	recorder.statements = [];
	try {
		await action();
		return recorder.statements.filter((statement) => DATA_TABLES.test(statement.sql));
	} finally {
		recorder.statements = null;
	}
}

export async function measureRequest(
	bench: BenchApp,
	db: Db,
	recorder: Recorder,
	name: string,
	url: string,
	iterations: number,
): Promise<Result> {
	const call = async () => {
		const response = await bench.app.inject({ method: "GET", url, headers: bench.headers });
		if (response.statusCode !== 200)
			throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
		return response;
	};
	for (let i = 0; i < WARM_UP; i++) await call();
	const statements = await recorded(recorder, call);
	const api: number[] = [];
	const raw: number[] = [];
	for (let i = 0; i < iterations; i++) {
		api.push(await timed(call));
		raw.push(await timed(() => runRaw(db, statements)));
	}
	return { name, apiMs: median(api), sqlMs: median(raw), note: `${statements.length} statements` };
}

export interface ServerTarget {
	/** DATA_DIR holding paydesk.sqlite, or a scratch folder for PostgreSQL. */
	dataDir: string;
	databaseUrl?: string;
	accountId: string;
}

async function waitForServer(port: number, child: ChildProcess): Promise<void> {
	const started = performance.now();
	for (;;) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			if ((await fetch(`http://127.0.0.1:${port}/wp-login.php`)).status === 200) return;
		} catch {}
		if (performance.now() - started > 120_000) throw new Error("server did not answer within 120 s");
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** Reads a response to its end, counting lines, without keeping it. */
function countLines(port: number, url: string, authorization: string): Promise<number> {
	return new Promise((resolve, reject) => {
		let lines = 0;
		const req = request({ host: "127.0.0.1", port, path: url, headers: { authorization } }, (response) => {
			if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
			response.on("data", (chunk: Buffer) => {
				for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
			});
			response.on("end", () => resolve(lines));
			response.on("error", reject);
		});
		req.on("error", reject);
		req.end();
	});
}

/**
 * The export as a merchant gets it: a real server process (apps/server/src/main.ts) on the
 * bench's database streams GET /transactions/download over HTTP, while its peak resident
 * memory (VmHWM) is read. Beside it, the statements the export runs, replayed on the driver.
 */
export async function measureExport(
	target: ServerTarget,
	bench: BenchApp,
	db: Db,
	recorder: Recorder,
	url: string,
	rows: number,
	walkRows: () => Promise<unknown>,
): Promise<Result> {
	const port = 19000 + Math.floor(Math.random() * 1000);
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: target.dataDir,
		PORT: String(port),
		HOST: "127.0.0.1",
		ACCOUNT_ID: target.accountId,
		LOG_LEVEL: "silent",
	};
	if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
	else delete env.DATABASE_URL;
	const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
		cwd: ROOT,
		env,
		stdio: "ignore",
	});
	try {
		await waitForServer(port, child);
		const before = peakRssMb(child.pid ?? 0);
		const started = performance.now();
		const lines = await countLines(port, url, bench.basic);
		const apiMs = performance.now() - started;
		const peak = peakRssMb(child.pid ?? 0);
		if (lines !== rows + 1) throw new Error(`export wrote ${lines} lines for ${rows} rows`);
		const statements = await recorded(recorder, walkRows);
		const sqlMs = await timed(() => runRaw(db, statements));
		return {
			name: `Export of all ${rows.toLocaleString("en-US")} rows (CSV streamed over HTTP)`,
			apiMs,
			sqlMs,
			note: `server peak RSS ${peak.toFixed(0)} MB (${before.toFixed(0)} MB before the export); ${statements.length} batch statements`,
			rss: { beforeMb: before, peakMb: peak },
		};
	} finally {
		child.kill("SIGTERM");
	}
}
