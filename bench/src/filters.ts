/**
 * Every filter, search and sort of every list at scale:
 *   npx tsx bench/src/filters.ts [--transactions 1000000] [--dialect sqlite|postgres|both]
 *                                [--data-dir DIR | --database-url URL] [--iterations 7]
 *                                [--no-readme] [--only TEXT]
 * Seeds a demo store (`npm run seed`, seed 7) on each engine, or opens the SQLite store of
 * --data-dir or the PostgreSQL one of --database-url, then times every request bench/src/list-requests.ts enumerates from the contract,
 * through Fastify (auth, validation, JSON included), median of the iterations after a warm-up;
 * the transactions list and summary are also timed on filter values that match nothing
 * (customer_country_is=ZZ, source_is=card …), which must answer as fast as a full page.
 * Also reports the database's size per transaction. Target: every request under 30 ms.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@paydesk/server/db/connection";
import { openDb } from "@paydesk/server/db/connection";
import { sql } from "kysely";
import { median } from "./api-timing.ts";
import { startBenchApp } from "./bench-app.ts";
import { type ListRequest, listRoutes, requestsOf, type StoreSamples } from "./list-requests.ts";
import { machine, ROOT, writeReadmeSection } from "./measure.ts";
import { seededStore } from "./server-process.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 100_000);
const ITERATIONS = Number(flag("iterations") ?? 7);
const DATA_DIR = flag("data-dir");
const DATABASE_URL = flag("database-url");
const ONLY = flag("only");
const ACCOUNT = "acct_bench";
const dialects = DATABASE_URL
	? ["postgres"]
	: DATA_DIR
		? ["sqlite"]
		: flag("dialect") === "both" || !flag("dialect")
			? ["sqlite", "postgres"]
			: [flag("dialect") ?? "sqlite"];
const TARGET_MS = 30;

async function one(db: Db, query: string): Promise<string> {
	const row = (await sql<{ value: unknown }>`${sql.raw(query)}`.execute(db.kysely)).rows[0];
	if (!row || row.value === null) throw new Error(`no sample for: ${query}`);
	return String(row.value);
}

async function samplesOf(db: Db, account: string): Promise<StoreSamples> {
	const where = `where account_id = '${account}'`;
	return {
		depositId: await one(
			db,
			`select id as value from payouts ${where} and status = 'paid' order by date asc limit 1`,
		),
		loanId: await one(db, `select id as value from loans ${where} limit 1`),
		customerName: await one(
			db,
			`select customer_name as value from balance_transactions ${where} and customer_name is not null order by created limit 1`,
		),
		customerEmail: await one(
			db,
			`select customer_email as value from balance_transactions ${where} and customer_email is not null order by created limit 1`,
		),
		orderNumber: await one(
			db,
			`select order_number as value from balance_transactions ${where} and order_number is not null order by created limit 1`,
		),
		paymentIntentId: await one(
			db,
			`select payment_intent_id as value from balance_transactions ${where} and type = 'refund' order by created limit 1`,
		),
		storeCurrency: "usd",
		customerCurrency: "eur",
		transactions: Number(await one(db, `select count(*) as value from balance_transactions ${where}`)),
		charges: Number(
			await one(db, `select count(*) as value from balance_transactions ${where} and type = 'charge'`),
		),
		outsideFrance: Number(
			await one(
				db,
				`select count(*) as value from balance_transactions ${where} and (customer_country is null or customer_country <> 'FR')`,
			),
		),
	};
}

async function databaseBytes(db: Db, dataDir: string | undefined): Promise<number> {
	if (db.dialect === "postgres") {
		return Number(
			(await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(db.kysely))
				.rows[0]?.size ?? 0,
		);
	}
	const file = path.join(dataDir ?? "", "paydesk.sqlite");
	return ["", "-wal"].reduce((sum, suffix) => {
		try {
			return sum + statSync(file + suffix).size;
		} catch {
			return sum;
		}
	}, 0);
}

interface EngineRun {
	dialect: string;
	times: Map<string, number>;
	/** The machine's one-minute load average while measuring (this machine may be shared). */
	load: number[];
	bytes: number;
	transactions: number;
	seedSeconds: number | null;
}

const keyOf = (request: ListRequest) => `${request.route} ${request.label}`;

async function measure(dialect: string): Promise<{ run: EngineRun; requests: ListRequest[] }> {
	const store =
		DATA_DIR || DATABASE_URL ? null : await seededStore(dialect, TRANSACTIONS, ACCOUNT, "filters");
	const db = store ? store.db : openDb({ dataDir: DATA_DIR ?? "", databaseUrl: DATABASE_URL });
	const account = store
		? ACCOUNT
		: String((await sql<{ id: string }>`select id from accounts limit 1`.execute(db.kysely)).rows[0]?.id);
	const bench = await startBenchApp(db, account);
	try {
		const samples = await samplesOf(db, account);
		const requests = listRoutes()
			.flatMap((route) => requestsOf(route, samples))
			.filter((request) => !ONLY || keyOf(request).includes(ONLY));
		const times = new Map<string, number>();
		const load = [os.loadavg()[0] ?? 0];
		for (const [index, request] of requests.entries()) {
			if (index % 20 === 19) load.push(os.loadavg()[0] ?? 0);
			const runs: number[] = [];
			for (let i = 0; i <= ITERATIONS; i++) {
				const started = performance.now();
				const response = await bench.app.inject({ method: "GET", url: request.url, headers: bench.headers });
				const ms = performance.now() - started;
				// The blocked and on-review tabs answer an empty result as 404 (spec 2 §7).
				const empty = response.statusCode === 404 && /_not_found"/.test(response.body);
				if (response.statusCode !== 200 && !empty)
					throw new Error(`${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
				if (i > 0) runs.push(ms);
			}
			times.set(keyOf(request), median(runs));
			const ms = median(runs);
			console.log(
				`${dialect} ${ms.toFixed(1).padStart(8)} ms ${ms > TARGET_MS ? "SLOW" : "    "} ${keyOf(request)}`,
			);
		}
		load.push(os.loadavg()[0] ?? 0);
		const bytes = await databaseBytes(db, store?.env.DATA_DIR ?? DATA_DIR);
		return {
			run: {
				dialect,
				times,
				load,
				bytes,
				transactions: samples.transactions,
				seedSeconds: store?.seedSeconds ?? null,
			},
			requests,
		};
	} finally {
		await bench.close();
		if (store) await store.remove();
		else await db.close();
	}
}

/**
 * Each engine's last run is kept in .tmp/bench (git-ignored), so engines measured one at a time
 * (`--dialect sqlite`, then `--dialect postgres`) still make one table.
 */
const RESULTS = path.join(ROOT, ".tmp", "bench");
interface SavedRun extends Omit<EngineRun, "times"> {
	times: Record<string, number>;
	requests: ListRequest[];
}
const save = (run: EngineRun, requests: ListRequest[]) => {
	mkdirSync(RESULTS, { recursive: true });
	const saved: SavedRun = { ...run, times: Object.fromEntries(run.times), requests };
	writeFileSync(path.join(RESULTS, `filters-${run.dialect}.json`), JSON.stringify(saved, null, "\t"));
};
const load = (dialect: string): { run: EngineRun; requests: ListRequest[] } | null => {
	const file = path.join(RESULTS, `filters-${dialect}.json`);
	if (!existsSync(file)) return null;
	const saved = JSON.parse(readFileSync(file, "utf8")) as SavedRun;
	return { run: { ...saved, times: new Map(Object.entries(saved.times)) }, requests: saved.requests };
};

const runs: EngineRun[] = [];
let requests: ListRequest[] = [];
for (const dialect of dialects) {
	const result = await measure(dialect);
	if (!ONLY) save(result.run, result.requests);
	runs.push(result.run);
	requests = result.requests;
}
for (const dialect of ["sqlite", "postgres"]) {
	if (dialects.includes(dialect) || ONLY) continue;
	const earlier = load(dialect);
	if (earlier) runs.push(earlier.run);
}
runs.sort((a, b) => a.dialect.localeCompare(b.dialect)).reverse();

const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const cell = (ms: number | undefined) =>
	ms === undefined ? "—" : `${ms > TARGET_MS ? "**" : ""}${ms.toFixed(1)} ms${ms > TARGET_MS ? "**" : ""}`;
const rows = requests.map((request) => {
	const short = request.route.replace("/wp-json/wc/v3/payments", "");
	return `| ${short} | ${request.label} | ${runs.map((run) => cell(run.times.get(keyOf(request)))).join(" | ")} |`;
});
const slow = runs.flatMap((run) =>
	[...run.times.entries()].filter(([, ms]) => ms > TARGET_MS).map(([key]) => `${engine(run.dialect)} ${key}`),
);
const sizes = runs.map((run) => {
	const perMillion = (run.bytes / Math.max(1, run.transactions)) * 1_000_000;
	const seed = run.seedSeconds === null ? "" : `; seeded in ${run.seedSeconds.toFixed(0)} s`;
	const load = run.load?.length
		? `; machine load average ${Math.min(...run.load).toFixed(1)}–${Math.max(...run.load).toFixed(1)} while measuring`
		: "";
	return `- ${engine(run.dialect)}: ${run.transactions.toLocaleString("en-US")} transactions, database ${(run.bytes / 1e9).toFixed(2)} GB = ${(perMillion / 1e9).toFixed(2)} GB per 1M transactions (${Math.round(run.bytes / Math.max(1, run.transactions))} bytes each)${seed}${load}.`;
});
const markdown = `## Every filter, sort and search

\`npx tsx bench/src/filters.ts --transactions ${TRANSACTIONS}\` — every list, summary and suggestion route of the contract, each
filter parameter its query declares, every sort both ways, the last page and "match any"
(bench/src/list-requests.ts enumerates them from the contract); median of ${ITERATIONS} after a warm-up, through
Fastify; ${machine()}, measured ${new Date().toISOString().slice(0, 10)}. Target: under ${TARGET_MS} ms each; slower ones are **bold**.

| route | request | ${runs.map((run) => engine(run.dialect)).join(" | ")} |
|---|---|${runs.map(() => "---:").join("|")}|
${rows.join("\n")}

${sizes.join("\n")}
${slow.length ? `\nOver ${TARGET_MS} ms: ${slow.length} of ${requests.length * runs.length}.` : `\nEvery request is under ${TARGET_MS} ms.`}
`;
console.log(markdown);
if (!argv.includes("--no-readme") && !ONLY) writeReadmeSection("filters", markdown);
