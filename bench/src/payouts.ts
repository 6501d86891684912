/**
 * Payouts at scale: npx tsx bench/src/payouts.ts --rows 1000000
 *   [--iterations 15] [--pg postgres://…|--no-pg] [--plans] [--no-readme]
 * Loads the bench ledger with a payout history of its own (payout-generator.ts) into a temporary
 * SQLite file and into a throw-away PostgreSQL cluster (scripts/pg-temp.mjs, or the server given
 * with --pg), checks that every payout's amount + fee is the Σ net of its transactions, then
 * times the payout list, its summary and the export of every payout, and writes the figures
 * under "Payouts" in bench/README.md. --plans prints every request's query plans.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { depositQueries } from "@paydesk/contract/deposits";
import { bulkInsert } from "@paydesk/server/db/bulk";
import type { Db } from "@paydesk/server/db/connection";
import { migrateToLatest } from "@paydesk/server/db/migrate";
import { bulkInsertBalanceTransactions } from "@paydesk/server/ledger/rollups";
import { payoutExport } from "@paydesk/server/payments/deposits/export";
import { insertTestAccount } from "@paydesk/server/testing/fixtures";
import { type CompiledQuery, sql } from "kysely";
import pg from "pg";
import { measureExport, measureRequest, type Result } from "./api-timing.ts";
import { type BenchApp, openRecordedDb, type Recorder, startBenchApp } from "./bench-app.ts";
import { BENCH_ACCOUNT, ledgerBatches } from "./ledger-generator.ts";
import { machine, ROOT, writeReadmeSection } from "./measure.ts";
import { type PayoutCounts, PayoutHistory } from "./payout-generator.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const ROWS = Number(flag("rows") ?? 100_000);
const ITERATIONS = Number(flag("iterations") ?? 15);
const D = "/wp-json/wc/v3/payments/deposits";
const EIGHTEEN_MONTHS = "date_between[0]=2025-01-01&date_between[1]=2026-06-30&user_timezone=Europe/Paris";
/** The target: page 1, page 200 and the summary each answer under 20 ms median. */
const TARGET_MS = 20;
/**
 * A streamed export holds one keyset batch (2,000 payouts, well under a megabyte of CSV) at a
 * time; growth beyond this over the server's peak before the export would mean it buffers.
 */
const FLAT_GROWTH_MB = 50;
const PAGE_SIZE = 25;

const REQUESTS: [name: string, url: string][] = [
	["List, page 1 (date desc)", `${D}?page=1`],
	["List, page 200 (date desc)", `${D}?page=200`],
	["List, page 1, status paid", `${D}?status_is=paid&page=1`],
	["List, page 200, status paid", `${D}?status_is=paid&page=200`],
	["List, page 1, sorted by amount", `${D}?sort=amount&page=1`],
	["List, page 200, sorted by amount", `${D}?sort=amount&page=200`],
	["Summary, unfiltered", `${D}/summary`],
	["Summary, date filter (18 months)", `${D}/summary?${EIGHTEEN_MONTHS}`],
];

interface Plan {
	name: string;
	text: string;
}

interface EngineReport {
	engine: string;
	/** Version and settings that matter for the figures. */
	setup: string;
	loadSeconds: number;
	counts: PayoutCounts;
	payouts: number;
	results: Result[];
	/** Query plans of the requests that missed their target. */
	plans: Plan[];
	/** One-minute load averages seen while measuring (other work on the machine shows here). */
	load: number[];
}

async function load(db: Db): Promise<{ seconds: number; counts: PayoutCounts; payouts: number }> {
	const started = performance.now();
	await migrateToLatest(db);
	await insertTestAccount(db.kysely, BENCH_ACCOUNT, {
		settings: JSON.stringify({ store_timezone: "America/New_York" }),
	});
	const history = new PayoutHistory();
	for (const batch of ledgerBatches(ROWS)) {
		history.assign(batch.ledger);
		await bulkInsert(db, "orders", batch.orders);
		await bulkInsertBalanceTransactions(db, batch.ledger);
		process.stdout.write(".");
	}
	const payouts = history.rows();
	await bulkInsert(db, "payouts", payouts);
	// What autovacuum (PostgreSQL) or a periodic ANALYZE gives a live database: planner statistics
	// and, on PostgreSQL, the visibility map that index-only scans need.
	await sql`${sql.raw(db.dialect === "postgres" ? "vacuum analyze" : "analyze")}`.execute(db.kysely);
	process.stdout.write("\n");
	return { seconds: (performance.now() - started) / 1000, counts: history.counts(), payouts: payouts.length };
}

/**
 * The history as the database holds it, not as the generator meant it: every payout's amount +
 * fee is the Σ net of the transactions naming it, and every deposit_id names a payout.
 */
async function checkConsistency(db: Db, payouts: number): Promise<void> {
	const { rows } = await sql<{ payouts: number | string; mismatched: number | string }>`
		select count(*) as payouts,
			coalesce(sum(case when t.net is null or p.amount + p.fee <> t.net then 1 else 0 end), 0) as mismatched
		from payouts p
		left join (
			select deposit_id, sum(net) as net from balance_transactions
			where account_id = ${BENCH_ACCOUNT} and deposit_id is not null
			group by deposit_id
		) t on t.deposit_id = p.id
		where p.account_id = ${BENCH_ACCOUNT}`.execute(db.kysely);
	const orphans = await sql<{ orphans: number | string }>`
		select count(*) as orphans from balance_transactions bt
		where bt.account_id = ${BENCH_ACCOUNT} and bt.deposit_id is not null
			and not exists (select 1 from payouts p where p.account_id = bt.account_id and p.id = bt.deposit_id)`.execute(
		db.kysely,
	);
	const found = rows[0];
	const problems = [
		Number(found?.payouts) === payouts ? "" : `${found?.payouts} payouts stored, ${payouts} generated`,
		Number(found?.mismatched) === 0 ? "" : `${found?.mismatched} payouts whose amount + fee is not Σ net`,
		Number(orphans.rows[0]?.orphans) === 0 ? "" : `${orphans.rows[0]?.orphans} transactions name no payout`,
	].filter(Boolean);
	if (problems.length > 0) throw new Error(`inconsistent payout history: ${problems.join("; ")}`);
}

/** Page 200 must be a full page, or its figure would time an empty OFFSET. */
async function checkFullPage(bench: BenchApp, url: string): Promise<void> {
	const response = await bench.app.inject({ method: "GET", url, headers: bench.headers });
	const body = response.json<{ data: unknown[]; total_count: number }>();
	if (body.data.length !== PAGE_SIZE) {
		throw new Error(`${url} answered ${body.data.length} payouts of ${body.total_count}: need a full page`);
	}
}

/** The statements of the payouts table a request runs (auth and settings reads left out). */
async function statementsOf(bench: BenchApp, recorder: Recorder, url: string): Promise<CompiledQuery[]> {
	recorder.statements = [];
	try {
		await bench.app.inject({ method: "GET", url, headers: bench.headers });
		return recorder.statements.filter((statement) => statement.sql.includes('"payouts"'));
	} finally {
		recorder.statements = null;
	}
}

/** SQLite's plan, or PostgreSQL's plan with what it did (EXPLAIN ANALYZE). */
async function planOf(db: Db, statement: CompiledQuery): Promise<string> {
	const parameters = statement.parameters as unknown[];
	if (db.sqlite) {
		const steps = db.sqlite.prepare(`explain query plan ${statement.sql}`).all(...parameters) as {
			detail: string;
		}[];
		return steps.map((step) => step.detail).join("\n");
	}
	if (db.pool) {
		const result = await db.pool.query<{ "QUERY PLAN": string }>(
			`explain (analyze, buffers) ${statement.sql}`,
			parameters,
		);
		return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
	}
	return "";
}

async function plansOf(db: Db, statements: readonly CompiledQuery[]): Promise<string> {
	const texts: string[] = [];
	for (const statement of statements) texts.push(`${statement.sql}\n${await planOf(db, statement)}`);
	return texts.join("\n\n");
}

async function setupOf(db: Db): Promise<string> {
	if (db.sqlite) {
		const row = db.sqlite.prepare("select sqlite_version() as version").get() as { version: string };
		return `SQLite ${row.version} (WAL, cache 64 MB)`;
	}
	const { rows } = await sql<{ version: string; buffers: string; fsync: string }>`
		select current_setting('server_version') as version, current_setting('shared_buffers') as buffers,
			current_setting('fsync') as fsync`.execute(db.kysely);
	// "15.18 (Debian 15.18-0+deb12u1)": the packager's suffix says nothing about speed.
	const version = rows[0]?.version.replace(/\s*\(.*\)$/, "") ?? "?";
	return `PostgreSQL ${version} (shared_buffers ${rows[0]?.buffers ?? "?"}, fsync ${rows[0]?.fsync ?? "?"})`;
}

async function runEngine(
	engine: string,
	target: { sqliteFile: string } | { url: string },
	dataDir: string,
): Promise<EngineReport> {
	const recorder: Recorder = { statements: null };
	const db = openRecordedDb(target, recorder);
	try {
		process.stdout.write(
			`${engine}: loading ${ROWS.toLocaleString("en-US")} transactions and their payouts `,
		);
		const loaded = await load(db);
		await checkConsistency(db, loaded.payouts);
		process.stdout.write(
			`${engine}: loaded in ${loaded.seconds.toFixed(1)} s, ${loaded.payouts} payouts, amounts match their transactions\n`,
		);
		const bench = await startBenchApp(db, BENCH_ACCOUNT);
		for (const [, url] of REQUESTS) if (url.includes("page=200")) await checkFullPage(bench, url);
		const loadAverages = [os.loadavg()[0] ?? 0];
		const results: Result[] = [];
		const plans: Plan[] = [];
		for (const [name, url] of REQUESTS) {
			const result = await measureRequest(bench, db, recorder, name, url, ITERATIONS);
			process.stdout.write(
				`  ${name}: API ${result.apiMs.toFixed(2)} ms, SQL ${result.sqlMs.toFixed(2)} ms\n`,
			);
			results.push(result);
			loadAverages.push(os.loadavg()[0] ?? 0);
			const missed = result.apiMs >= TARGET_MS;
			if (missed || argv.includes("--plans")) {
				const text = await plansOf(db, await statementsOf(bench, recorder, url));
				process.stdout.write(`${text.replace(/^/gm, "    ")}\n`);
				if (missed) plans.push({ name, text });
			}
		}
		const server = {
			dataDir,
			accountId: BENCH_ACCOUNT,
			...("url" in target ? { databaseUrl: target.url } : {}),
		};
		const query = depositQueries.sorted.parse({});
		const exported = await measureExport(
			server,
			bench,
			db,
			recorder,
			`${D}/download`,
			loaded.payouts,
			async () => {
				for await (const _batch of payoutExport.rows(db, BENCH_ACCOUNT, query));
			},
		);
		exported.name = `Export of all ${loaded.payouts.toLocaleString("en-US")} payouts (CSV streamed over HTTP)`;
		process.stdout.write(
			`  Export: ${exported.apiMs.toFixed(0)} ms, SQL ${exported.sqlMs.toFixed(0)} ms, ${exported.note}\n`,
		);
		results.push(exported);
		loadAverages.push(os.loadavg()[0] ?? 0);
		await bench.close();
		return {
			engine,
			setup: await setupOf(db),
			loadSeconds: loaded.seconds,
			counts: loaded.counts,
			payouts: loaded.payouts,
			results,
			plans,
			load: loadAverages,
		};
	} finally {
		await db.close();
	}
}

interface TempPostgres {
	url: string;
	stop(): void;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			const port = typeof address === "object" && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}

/**
 * The PostgreSQL to measure on: --pg, else a throw-away cluster of the test suite's kind on a
 * free port (never the machine's own cluster, nor one another session runs); a reason when none.
 */
async function postgres(): Promise<TempPostgres | string> {
	if (argv.includes("--no-pg")) return "PostgreSQL skipped (--no-pg).";
	const given = flag("pg");
	if (given) return { url: given, stop: () => {} };
	const scripts = path.join(ROOT, "scripts");
	const { postgresBin } = (await import(path.join(scripts, "system-deps.mjs"))) as {
		postgresBin(): string | null;
	};
	if (!postgresBin())
		return "PostgreSQL skipped: its binaries are absent (no /usr/lib/postgresql/*/bin/initdb).";
	const { startTempPostgres } = (await import(path.join(scripts, "pg-temp.mjs"))) as {
		startTempPostgres(port: number): TempPostgres;
	};
	return startTempPostgres(await freePort());
}

const format = (ms: number) =>
	ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

function verdict(name: string, reports: readonly EngineReport[]): string {
	const misses = reports.flatMap((report) => {
		const result = report.results.find((r) => r.name === name);
		if (!result) return [];
		if (result.rss) {
			const growth = result.rss.peakMb - result.rss.beforeMb;
			return growth < FLAT_GROWTH_MB ? [] : [`${report.engine} +${growth.toFixed(0)} MB`];
		}
		return result.apiMs < TARGET_MS ? [] : [`${report.engine} ${format(result.apiMs)}`];
	});
	return misses.length === 0 ? "yes" : `**no** (${misses.join(", ")})`;
}

function payoutsSection(reports: readonly EngineReport[], skipped: string | null): string {
	const first = reports[0];
	const counts = first?.counts;
	const engines = reports.map((report) => report.engine);
	const header = `| Measure | Target | ${engines.map((engine) => `${engine} API | ${engine} SQL`).join(" | ")} | Meets target |`;
	const rule = `|---|---|${engines.map(() => "---:|---:").join("|")}|---|`;
	const names = first?.results.map((result) => result.name) ?? [];
	const lines = names.map((name) => {
		const exportRow = first?.results.find((r) => r.name === name)?.rss !== undefined;
		const cells = reports.map((report) => {
			const result = report.results.find((r) => r.name === name);
			return result ? `${format(result.apiMs)} | ${format(result.sqlMs)}` : "– | –";
		});
		const target = exportRow ? "flat memory" : `< ${TARGET_MS} ms`;
		return `| ${name} | ${target} | ${cells.join(" | ")} | ${verdict(name, reports)} |`;
	});
	const notes = reports.map((report) => {
		const exported = report.results.find((result) => result.rss !== undefined);
		const rss = exported?.rss;
		const memory = rss
			? `export: server peak RSS ${rss.peakMb.toFixed(0)} MB after, ${rss.beforeMb.toFixed(0)} MB before (+${(rss.peakMb - rss.beforeMb).toFixed(0)} MB), ${exported?.note.replace(/.*; /, "")}`
			: "";
		const load = `${Math.min(...report.load).toFixed(1)}–${Math.max(...report.load).toFixed(1)}`;
		return `- ${report.setup}: loaded in ${report.loadSeconds.toFixed(0)} s (ledger, orders, rollups, payouts, indexes); ${memory}; machine load average ${load} while measuring.`;
	});
	const plans = reports.flatMap((report) =>
		report.plans.map((plan) =>
			[`${report.engine}, ${plan.name}:`, "", "```", plan.text, "```", ""].join("\n"),
		),
	);
	const missed = lines.some((line) => line.includes("**no**"));
	return [
		"## Payouts",
		"",
		`\`npx tsx bench/src/payouts.ts --rows ${ROWS}\` — the transactions bench's ledger (${ROWS.toLocaleString("en-US")} balance`,
		"transactions over three years, bench/src/ledger-generator.ts) with a payout history of its own",
		`(bench/src/payout-generator.ts): ${first?.payouts.toLocaleString("en-US") ?? 0} payouts, of which ${counts?.automatic.toLocaleString("en-US") ?? 0} automatic daily payouts per`,
		`currency, ${counts?.instant.toLocaleString("en-US") ?? 0} instant payouts (2–5 a day in USD, 0–2 in EUR and GBP) and ${counts?.withdrawals.toLocaleString("en-US") ?? 0}`,
		"withdrawals (each day's dispute debits, or a payout that netted negative). Every payout's",
		`amount + fee is the Σ net of the transactions whose deposit_id names it (${counts?.transactionsPaidOut.toLocaleString("en-US") ?? 0} paid out, the`,
		"rest still pending); the bench checks this on each engine after loading.",
		`Median of ${ITERATIONS} runs after 3 warm-ups; ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.`,
		'"API" is the whole request through Fastify (auth, validation, JSON); "SQL" is the statements',
		"that request ran on the payouts table, replayed on the bare driver. Lists are 25 a page, sorted",
		"by date descending unless said otherwise; page 200 is checked to be a full page. The export is a",
		"real server process (apps/server/src/main.ts) streaming GET /deposits/download over HTTP, timed",
		"to the last byte; its RSS is the server's VmHWM once it answered and after the download.",
		`Targets: page 1, page 200 and the summary under ${TARGET_MS} ms median on both engines (held here`,
		"for the filtered and amount-sorted variants too); the export streams with flat memory, taken",
		`as less than ${FLAT_GROWTH_MB} MB of peak RSS growth.`,
		"",
		header,
		rule,
		...lines,
		"",
		...notes,
		...(skipped ? [`- ${skipped}`] : []),
		"- The export reads the payouts in keyset batches of at most 2,000 rows (list-sql.ts), so the",
		"  server holds one batch whatever the number of payouts; at this size the whole CSV is small",
		"  too, so the batch count, not the RSS alone, is what shows it streams (the transactions export",
		"  above runs the same mechanism over 1,000,000 rows).",
		missed
			? "- Figures marked **no** missed their target; their query plans follow."
			: `- Every list and summary figure is under ${TARGET_MS} ms on ${engines.join(" and ")}.`,
		"",
		...plans,
	].join("\n");
}

const reports: EngineReport[] = [];
let skipped: string | null = null;
const dir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-payouts-"));
try {
	reports.push(await runEngine("SQLite", { sqliteFile: path.join(dir, "paydesk.sqlite") }, dir));
	const cluster = await postgres();
	if (typeof cluster === "string") {
		skipped = cluster;
		process.stdout.write(`${cluster}\n`);
	} else {
		try {
			const name = `paydesk_bench_payouts_${process.pid}`;
			const admin = new pg.Client({ connectionString: cluster.url });
			await admin.connect();
			await admin.query(`create database ${name}`);
			try {
				const target = new URL(cluster.url);
				target.pathname = `/${name}`;
				reports.push(await runEngine("PostgreSQL", { url: target.toString() }, dir));
			} finally {
				await admin.query(`drop database if exists ${name} with (force)`);
				await admin.end();
			}
		} finally {
			cluster.stop();
		}
	}
} finally {
	rmSync(dir, { recursive: true, force: true });
}

const markdown = payoutsSection(reports, skipped);
if (!argv.includes("--no-readme")) {
	writeReadmeSection("payouts", markdown);
	process.stdout.write("bench/README.md updated (Payouts)\n");
} else process.stdout.write(`${markdown}\n`);
