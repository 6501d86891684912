/**
 * Timing of one API call: the median of several runs through Fastify (HTTP parsing, auth,
 * validation, serialisation included) beside the median of the SQL that call ran, replayed on
 * the bare driver. The export is timed over a real socket, reading the CSV as a browser would,
 * while the process's resident memory is sampled.
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@paydesk/server/db/connection";
import type { CompiledQuery } from "kysely";
import { type BenchApp, type Recorder, runRaw } from "./bench-app.ts";

export interface Result {
	name: string;
	apiMs: number;
	sqlMs: number;
	note: string;
}

const WARM_UP = 3;
/** Statements of the endpoint itself (auth and session reads are API overhead). */
const DATA_TABLES = /balance_transactions|transaction_rollups/;

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

/** Streams the CSV over HTTP, counting lines; answers the time and the peak resident memory. */
export async function measureExport(
	bench: BenchApp,
	db: Db,
	recorder: Recorder,
	url: string,
	rows: number,
): Promise<Result> {
	await bench.app.listen({ host: "127.0.0.1", port: 0 });
	const { port } = bench.app.server.address() as AddressInfo;
	let peak = process.memoryUsage().rss;
	const before = peak;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 20);
	let lines = 0;
	const started = performance.now();
	const statements = await recorded(
		recorder,
		() =>
			new Promise<void>((resolve, reject) => {
				const req = request({ host: "127.0.0.1", port, path: url, headers: bench.headers }, (response) => {
					if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
					response.on("data", (chunk: Buffer) => {
						for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
					});
					response.on("end", () => resolve());
					response.on("error", reject);
				});
				req.on("error", reject);
				req.end();
			}),
	);
	const apiMs = performance.now() - started;
	clearInterval(sampler);
	if (lines !== rows + 1) throw new Error(`export wrote ${lines} lines for ${rows} rows`);
	const sqlMs = await timed(() => runRaw(db, statements));
	const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
	return {
		name: `Export of all ${rows.toLocaleString("en-US")} rows (CSV over HTTP)`,
		apiMs,
		sqlMs,
		note: `peak RSS ${mb(peak)} (${mb(before)} before); ${statements.length} batch statements`,
	};
}
