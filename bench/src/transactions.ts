/**
 * Transactions at scale: npx tsx bench/src/transactions.ts --rows 1000000
 *   [--iterations 15] [--pg postgres://…|--no-pg] [--no-readme]
 * Bulk-loads a synthetic ledger into a temporary SQLite file (and a temporary PostgreSQL
 * database when a server answers), then times each API call through Fastify beside the SQL it
 * ran, replayed on the bare driver, and writes the figures under "Transactions" in bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { transactionQueries } from "@paydesk/contract/transactions";
import { bulkInsert } from "@paydesk/server/db/bulk";
import type { Db } from "@paydesk/server/db/connection";
import { migrateToLatest } from "@paydesk/server/db/migrate";
import { bulkInsertBalanceTransactions } from "@paydesk/server/ledger/rollups";
import { transactionExport } from "@paydesk/server/payments/transactions/export";
import { insertTestAccount } from "@paydesk/server/testing/fixtures";
import { sql } from "kysely";
import pg from "pg";
import { measureExport, measureRequest } from "./api-timing.ts";
import { openRecordedDb, type Recorder, startBenchApp } from "./bench-app.ts";
import { BENCH_ACCOUNT, ledgerBatches, payoutRows } from "./ledger-generator.ts";
import { writeReadmeSection } from "./measure.ts";
import { type EngineReport, transactionsSection } from "./transactions-report.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const ROWS = Number(flag("rows") ?? 100_000);
const ITERATIONS = Number(flag("iterations") ?? 15);
const T = "/wp-json/wc/v3/payments/transactions";
const TYPE_AND_DATE =
	"type_is=charge&date_between[0]=2026-05-01&date_between[1]=2026-07-31&user_timezone=Europe/Paris";

const REQUESTS: [name: string, url: string][] = [
	["List, page 1", `${T}?page=1`],
	["List, page 400", `${T}?page=400`],
	["List, page 1, type + date filter", `${T}?${TYPE_AND_DATE}&page=1`],
	["List, page 400, type + date filter", `${T}?${TYPE_AND_DATE}&page=400`],
	["Summary, unfiltered", `${T}/summary`],
	[
		"Summary, date filter (18 months)",
		`${T}/summary?date_between[0]=2025-01-01&date_between[1]=2026-06-30&user_timezone=Europe/Paris`,
	],
	["Search suggestions 'jan'", `${T}/search?search_term=jan`],
	["Search suggestions '#1234'", `${T}/search?search_term=%231234`],
	["Search suggestions 'ch_0012'", `${T}/search?search_term=ch_0012`],
];

function postgresUrl(): string | null {
	if (argv.includes("--no-pg")) return null;
	const given = flag("pg");
	if (given) return given;
	try {
		execFileSync("pg_isready", ["-h", "127.0.0.1", "-p", "54329"], { stdio: "ignore" });
		return "postgres://postgres@127.0.0.1:54329/postgres";
	} catch {
		return null;
	}
}

async function load(db: Db): Promise<{ seconds: number; rollups: number }> {
	const started = performance.now();
	await migrateToLatest(db);
	await insertTestAccount(db.kysely, BENCH_ACCOUNT, {
		settings: JSON.stringify({ store_timezone: "America/New_York" }),
	});
	for (const batch of ledgerBatches(ROWS)) {
		await bulkInsert(db, "orders", batch.orders);
		await bulkInsertBalanceTransactions(db, batch.ledger);
		process.stdout.write(".");
	}
	await bulkInsert(db, "payouts", payoutRows());
	// What autovacuum (PostgreSQL) or a periodic ANALYZE gives a live database: planner statistics
	// and, on PostgreSQL, the visibility map that index-only scans need.
	await sql`${sql.raw(db.dialect === "postgres" ? "vacuum analyze" : "analyze")}`.execute(db.kysely);
	const rollups = await db.kysely
		.selectFrom("transaction_rollups")
		.select(sql<number>`count(*)`.as("count"))
		.executeTakeFirstOrThrow();
	process.stdout.write("\n");
	return { seconds: (performance.now() - started) / 1000, rollups: Number(rollups.count) };
}

async function runEngine(
	engine: string,
	target: { sqliteFile: string } | { url: string },
	dataDir: string,
): Promise<EngineReport> {
	const recorder: Recorder = { statements: null };
	const db = openRecordedDb(target, recorder);
	try {
		process.stdout.write(`${engine}: loading ${ROWS.toLocaleString("en-US")} rows `);
		const loaded = await load(db);
		process.stdout.write(
			`${engine}: loaded in ${loaded.seconds.toFixed(1)} s, ${loaded.rollups} rollup rows\n`,
		);
		const bench = await startBenchApp(db, BENCH_ACCOUNT);
		const loadAverages = [os.loadavg()[0] ?? 0];
		const results: EngineReport["results"] = [];
		for (const [name, url] of REQUESTS) {
			const result = await measureRequest(bench, db, recorder, name, url, ITERATIONS);
			process.stdout.write(
				`  ${name}: API ${result.apiMs.toFixed(2)} ms, SQL ${result.sqlMs.toFixed(2)} ms\n`,
			);
			results.push(result);
			loadAverages.push(os.loadavg()[0] ?? 0);
		}
		const server = {
			dataDir,
			accountId: BENCH_ACCOUNT,
			...("url" in target ? { databaseUrl: target.url } : {}),
		};
		const query = transactionQueries.sorted.parse({});
		const exported = await measureExport(server, bench, db, recorder, `${T}/download`, ROWS, async () => {
			for await (const _batch of transactionExport.rows(db, BENCH_ACCOUNT, query));
		});
		process.stdout.write(
			`  Export: ${exported.apiMs.toFixed(0)} ms, SQL ${exported.sqlMs.toFixed(0)} ms, peak RSS ${exported.note}\n`,
		);
		results.push(exported);
		loadAverages.push(os.loadavg()[0] ?? 0);
		await bench.close();
		return { engine, loadSeconds: loaded.seconds, rollupRows: loaded.rollups, results, load: loadAverages };
	} finally {
		await db.close();
	}
}

const reports: EngineReport[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-"));
try {
	reports.push(await runEngine("SQLite", { sqliteFile: path.join(dir, "paydesk.sqlite") }, dir));
	const url = postgresUrl();
	if (url) {
		const name = `paydesk_bench_${process.pid}`;
		const admin = new pg.Client({ connectionString: url });
		await admin.connect();
		await admin.query(`create database ${name}`);
		try {
			const target = new URL(url);
			target.pathname = `/${name}`;
			reports.push(await runEngine("PostgreSQL", { url: target.toString() }, dir));
		} finally {
			await admin.query(`drop database if exists ${name} with (force)`);
			await admin.end();
		}
	}
} finally {
	rmSync(dir, { recursive: true, force: true });
}

if (!argv.includes("--no-readme")) {
	writeReadmeSection("transactions", transactionsSection(ROWS, ITERATIONS, reports));
	process.stdout.write("bench/README.md updated (Transactions)\n");
}
