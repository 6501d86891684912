/**
 * The database's bytes per transaction (the target: half or less of the first store's):
 *   npx tsx bench/src/size.ts [--transactions 1000000] [--dialect sqlite|postgres|both]
 *                             [--root DIR] [--label after] [--no-readme] [--report]
 * Seeds a demo store (`npm run seed`, seed 7) into a throw-away folder (SQLite) or cluster
 * (PostgreSQL) and weighs every table with its indexes: SQLite's dbstat (pages in use, the file
 * besides), PostgreSQL's pg_relation_size / pg_indexes_size / pg_total_relation_size. --root
 * seeds with another checkout of the project (an earlier commit, to weigh what it stored), and
 * --label names the run; the README table sets the run labelled "before" beside the others.
 * Each engine's last run of each label is kept in .tmp/bench (git-ignored); --report writes the
 * README table from those runs without measuring again.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { openDb } from "@paydesk/server/db/connection";
import { sql } from "kysely";
import { machine, ROOT, writeReadmeSection } from "./measure.ts";
import { startTempPostgres } from "./server-process.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 100_000);
const CODE_ROOT = path.resolve(flag("root") ?? ROOT);
const LABEL = flag("label") ?? "after";
const dialects = argv.includes("--report")
	? []
	: flag("dialect") === "both" || !flag("dialect")
		? ["sqlite", "postgres"]
		: [flag("dialect") ?? ""];

/** Bytes of one table: its rows (with PostgreSQL's TOAST) and its indexes. */
interface TableSize {
	table: string;
	data: number;
	indexes: number;
}

interface SizeRun {
	dialect: string;
	label: string;
	commit: string;
	transactions: number;
	/** The whole database: the SQLite file, PostgreSQL's pg_database_size. */
	bytes: number;
	/** The machine's one-minute load average before and after the seed (this machine may be shared). */
	load?: number[];
	tables: TableSize[];
	measured: string;
}

function seed(env: NodeJS.ProcessEnv): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				"--import",
				"tsx",
				"apps/server/src/cli/seed.ts",
				"--transactions",
				String(TRANSACTIONS),
				"--seed",
				"7",
			],
			{ cwd: CODE_ROOT, env, stdio: ["ignore", "inherit", "inherit"] },
		);
		child.on("error", reject);
		child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
	});
}

function commitOf(root: string): string {
	return execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
}

/** SQLite: the pages of each table and index (dbstat), a table's FTS shadow tables counted as its index. */
async function sqliteTables(file: string): Promise<TableSize[]> {
	const db = openDb({ dataDir: path.dirname(file) });
	try {
		const rows = await sql<{ name: string; tbl_name: string | null; type: string | null; bytes: number }>`
			select s.name, m.tbl_name, m.type, sum(s.pgsize) as bytes
			from dbstat s left join sqlite_master m on m.name = s.name
			group by s.name`.execute(db.kysely);
		const virtual = await sql<{ name: string }>`
			select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`.execute(
			db.kysely,
		);
		const shadowOf = (name: string) => virtual.rows.find((v) => name.startsWith(`${v.name}_`))?.name;
		const tables = new Map<string, TableSize>();
		for (const row of rows.rows) {
			const shadow = shadowOf(row.name);
			const table = shadow ?? row.tbl_name ?? row.name;
			const size = tables.get(table) ?? { table, data: 0, indexes: 0 };
			if (row.type === "index" || shadow) size.indexes += Number(row.bytes);
			else size.data += Number(row.bytes);
			tables.set(table, size);
		}
		return [...tables.values()];
	} finally {
		await db.close();
	}
}

async function postgresTables(url: string): Promise<{ tables: TableSize[]; bytes: number }> {
	const db = openDb({ databaseUrl: url, dataDir: tmpdir(), poolSize: 1 });
	try {
		const rows = await sql<{ table: string; total: string; indexes: string }>`
			select c.relname as table, pg_total_relation_size(c.oid) as total, pg_indexes_size(c.oid) as indexes
			from pg_class c join pg_namespace n on n.oid = c.relnamespace
			where n.nspname = current_schema() and c.relkind = 'r'`.execute(db.kysely);
		const database = await sql<{
			bytes: string;
		}>`select pg_database_size(current_database()) as bytes`.execute(db.kysely);
		return {
			tables: rows.rows.map((row) => ({
				table: row.table,
				data: Number(row.total) - Number(row.indexes),
				indexes: Number(row.indexes),
			})),
			bytes: Number(database.rows[0]?.bytes ?? 0),
		};
	} finally {
		await db.close();
	}
}

async function measure(dialect: string): Promise<SizeRun> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-size-"));
	const cluster = dialect === "postgres" ? await startTempPostgres() : undefined;
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: "bench-password" };
	delete env.DATABASE_URL;
	if (cluster) env.DATABASE_URL = cluster.url;
	try {
		console.log(
			`${dialect}: seeding ${TRANSACTIONS.toLocaleString("en-US")} transactions with ${CODE_ROOT}…`,
		);
		const load = [os.loadavg()[0] ?? 0];
		await seed(env);
		load.push(os.loadavg()[0] ?? 0);
		const file = path.join(dataDir, "paydesk.sqlite");
		const weighed = cluster
			? await postgresTables(cluster.url)
			: { tables: await sqliteTables(file), bytes: statSync(file).size };
		const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
		const count = await sql<{ n: string }>`select count(*) as n from balance_transactions`.execute(db.kysely);
		await db.close();
		return {
			dialect,
			label: LABEL,
			commit: commitOf(CODE_ROOT),
			transactions: Number(count.rows[0]?.n ?? 0),
			bytes: weighed.bytes,
			load,
			tables: weighed.tables.sort((a, b) => b.data + b.indexes - (a.data + a.indexes)),
			measured: new Date().toISOString().slice(0, 10),
		};
	} finally {
		cluster?.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

const RESULTS = path.join(ROOT, ".tmp", "bench");
const fileOf = (dialect: string, label: string) => path.join(RESULTS, `size-${dialect}-${label}.json`);

for (const dialect of dialects) {
	const run = await measure(dialect);
	mkdirSync(RESULTS, { recursive: true });
	writeFileSync(fileOf(dialect, LABEL), JSON.stringify(run, null, "\t"));
	const perTransaction = run.bytes / Math.max(1, run.transactions);
	console.log(
		`${dialect} (${LABEL}): ${(run.bytes / 1e9).toFixed(2)} GB for ${run.transactions.toLocaleString("en-US")} transactions, ${Math.round(perTransaction)} bytes each`,
	);
}

const runs = ["sqlite", "postgres"].flatMap((dialect) =>
	["before", "after"].flatMap((label) => {
		const file = fileOf(dialect, label);
		return existsSync(file) ? [JSON.parse(readFileSync(file, "utf8")) as SizeRun] : [];
	}),
);
const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const per = (bytes: number, run: SizeRun) => Math.round(bytes / Math.max(1, run.transactions));
/** The tables that hold at least 1% of some run, in the order of the first run's sizes. */
const shown = [
	...new Set(
		runs.flatMap((run) =>
			run.tables.filter((t) => t.data + t.indexes >= run.bytes / 100).map((t) => t.table),
		),
	),
];
const cell = (run: SizeRun, table: string) => {
	const size = run.tables.find((t) => t.table === table);
	return size ? `${per(size.data, run)} + ${per(size.indexes, run)}` : "—";
};
const others = (run: SizeRun) => {
	const rest = run.tables.filter((t) => !shown.includes(t.table));
	return `${per(
		rest.reduce((sum, t) => sum + t.data, 0),
		run,
	)} + ${per(
		rest.reduce((sum, t) => sum + t.indexes, 0),
		run,
	)}`;
};
/** Where the bytes of each engine's last run are: its largest table's share. */
const largest = runs
	.filter((run) => run.label === LABEL)
	.map((run) => {
		const top = run.tables[0];
		if (!top) return "";
		const share = Math.round(((top.data + top.indexes) / run.bytes) * 100);
		return `${engine(run.dialect)} ${run.label}: ${top.table} holds ${share}% of the bytes (${per(top.indexes, run)} of its ${per(top.data + top.indexes, run)} per transaction in its indexes).`;
	})
	.join(" ");
const header = runs.map((run) => `${engine(run.dialect)} ${run.label} (${run.commit})`);
const markdown = `## Database size per transaction

\`npx tsx bench/src/size.ts --transactions ${TRANSACTIONS}\` (\`--root\` an earlier checkout and
\`--label before\` for the first columns) — a demo store seeded with seed 7, weighed table by
table; ${machine()}, measured ${
	runs
		.map((run) => run.measured)
		.sort()
		.at(-1) ?? ""
}. Bytes per transaction, rows + indexes
(SQLite: pages in use, by dbstat; PostgreSQL: pg_relation_size with TOAST + pg_indexes_size).

| table | ${header.join(" | ")} |
|---|${runs.map(() => "---:").join("|")}|
${shown.map((table) => `| ${table} | ${runs.map((run) => cell(run, table)).join(" | ")} |`).join("\n")}
| other tables | ${runs.map(others).join(" | ")} |
| **database** (bytes per transaction) | ${runs.map((run) => `**${per(run.bytes, run)}**`).join(" | ")} |
| GB per 1M transactions | ${runs.map((run) => (((run.bytes / Math.max(1, run.transactions)) * 1e6) / 1e9).toFixed(2)).join(" | ")} |

${largest}

${runs.map((run) => `- ${engine(run.dialect)} ${run.label}: ${run.transactions.toLocaleString("en-US")} transactions, ${(run.bytes / 1e9).toFixed(2)} GB (the ${run.dialect === "postgres" ? "database, pg_database_size" : "file"})${run.load ? `; machine load average ${run.load.map((value) => value.toFixed(1)).join(" before, ")} after the seed` : ""}.`).join("\n")}
`;
console.log(markdown);
if (!argv.includes("--no-readme")) writeReadmeSection("size", markdown);
