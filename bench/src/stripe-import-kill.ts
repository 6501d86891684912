/**
 * A connected store killed in the middle of its Stripe history import, at size:
 *   npx tsx bench/src/stripe-import-kill.ts [--transactions 100000] [--dialect sqlite|postgres|both]
 *                                           [--kill-at 0.5] [--lease 5] [--pg postgres://…]
 *
 * The Stripe side is a seeded demo store (seed 7) in a server process of its own, answering `/v1`
 * as Stripe would (bench/src/stripe-import.ts). The connected store is a real server process
 * (apps/server/src/main.ts) on a database of its own (on PostgreSQL a new database on `--pg`, else
 * on DATABASE_URL, else on the Stripe side's throw-away cluster), where an account with no history
 * connects through the route, STRIPE_MAX_RPS at its highest. Once `--kill-at` of the Stripe side's
 * records are in (by the sync's counts), the process is SIGKILLed; a new one starts on the same
 * database, takes the import up once the dead one's lease (STRIPE_IMPORT_LEASE_SECONDS, `--lease`)
 * has run out, and goes on to live.
 *
 * Printed per engine: where the kill landed, how long the second process took to take the import
 * up and to finish it, each kind's count against the Stripe side's, rows and distinct ids per
 * table (a record imported twice shows as a difference), the ledger compared row for row with the
 * Stripe side's (id, amount, fee and the payout Stripe tells: it lists what a payout carried for
 * automatic payouts only), and the rollups' drift from the ledger. Exits 1 when anything differs.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { STRIPE_SYNC_KINDS, type StripeSyncKind } from "@paydesk/contract/stripe-account";
import { createApplicationPassword, createUser } from "@paydesk/server/auth/users";
import { systemClock } from "@paydesk/server/clock";
import { type Db, openDb } from "@paydesk/server/db/connection";
import { rollupDrift } from "@paydesk/server/ledger/rollups";
import { createApiKeys } from "@paydesk/server/stripe-api/keys";
import { insertTestAccount } from "@paydesk/server/testing/fixtures";
import { PAYOUT_TYPES, rowsAndIds, stripeSideCounts } from "@paydesk/server/testing/stripe-copy";
import pg from "pg";
import { machine, writeReadmeSection } from "./measure.ts";
import { seededStore, startServer } from "./server-process.ts";
import { KIND_LABELS, totalOf } from "./stripe-import-side.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 100_000);
const KILL_AT = Number(flag("kill-at") ?? 0.5);
const LEASE_SECONDS = Number(flag("lease") ?? 5);
const dialects =
	flag("dialect") === "both" || !flag("dialect") ? ["sqlite", "postgres"] : [flag("dialect") ?? "sqlite"];
const envUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
const CONNECTED_PG = flag("pg") ?? envUrl;
const STRIPE_SIDE = "acct_bench";
/** The server's own account (its demo store is not built: no transactions), and the one that connects. */
const SITE = "acct_site";
const CONNECTED = "acct_connected";
const BASE = "/wp-json/wc/v3/payments";
/** How long the second process may take to finish, past which the run is reported as stuck. */
const LIVE_TIMEOUT_MS = 30 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (value: number) => value.toLocaleString("en-US");

type Counts = Record<StripeSyncKind, number>;
interface Sync {
	status: string;
	counts: Counts;
	kinds_done: string[];
	last_error: string | null;
}

/** Where the connected store keeps its data: a folder, and a database of its own on PostgreSQL. */
async function connectedDatabase(dialect: string, stripeSideUrl: string | undefined) {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-stripe-import-kill-"));
	if (dialect !== "postgres") {
		return {
			dataDir,
			databaseUrl: undefined,
			remove: async () => rmSync(dataDir, { recursive: true, force: true }),
		};
	}
	const server = CONNECTED_PG ?? stripeSideUrl;
	if (!server) throw new Error("no PostgreSQL server for the connected store");
	const name = `paydesk_bench_import_kill_${process.pid}`;
	const admin = new pg.Client({ connectionString: server });
	await admin.connect();
	await admin.query(`drop database if exists ${name} with (force)`);
	await admin.query(`create database ${name}`);
	const target = new URL(server);
	target.pathname = `/${name}`;
	return {
		dataDir,
		databaseUrl: target.toString(),
		async remove() {
			await admin.query(`drop database if exists ${name} with (force)`);
			await admin.end();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

/** Each ledger row as `id amount fee payout`, the payout as Stripe tells it (automatic payouts only). */
async function ledgerLines(db: Db, accountId: string): Promise<Map<string, string>> {
	const rows = await db.kysely
		.selectFrom("balance_transactions as row")
		.leftJoin("payouts", (join) =>
			join.onRef("payouts.account_id", "=", "row.account_id").onRef("payouts.id", "=", "row.deposit_id"),
		)
		.select(["row.id", "row.amount", "row.fee", "row.deposit_id", "payouts.automatic"])
		.where("row.account_id", "=", accountId)
		.where("row.type", "not in", PAYOUT_TYPES)
		.execute();
	return new Map(
		rows.map((row) => [
			row.id,
			`${Number(row.amount)} ${Number(row.fee)} ${Number(row.automatic) === 1 ? row.deposit_id : "-"}`,
		]),
	);
}

interface Found {
	expected: Counts;
	killedAt: Counts;
	heldBy: string | null;
	restartToLiveSeconds: number;
	takenUpSeconds: number | null;
	live: Sync;
	tables: Record<string, { rows: number; ids: number }>;
	ledger: { rows: number; missing: number; extra: number; different: number };
	drift: number;
}

async function measure(dialect: string): Promise<Found> {
	const side = await seededStore(dialect, TRANSACTIONS, STRIPE_SIDE, "stripe-import-kill");
	const target = await connectedDatabase(dialect, side.env.DATABASE_URL);
	const running: ChildProcess[] = [];
	let db: Db | undefined;
	try {
		const stripeSide = await startServer(side.env);
		running.push(stripeSide.child);
		const { secret } = await createApiKeys(side.db.kysely, STRIPE_SIDE, "bench", systemClock.seconds());
		const expected = await stripeSideCounts(side.db.kysely, STRIPE_SIDE);
		const env: NodeJS.ProcessEnv = {
			...process.env,
			DATA_DIR: target.dataDir,
			ACCOUNT_ID: SITE,
			SEED_TRANSACTIONS: "0",
			ADMIN_PASSWORD: "bench-password",
			STRIPE_API_BASE: stripeSide.url,
			STRIPE_MAX_RPS: "1000",
			STRIPE_IMPORT_LEASE_SECONDS: String(LEASE_SECONDS),
			PAYDESK_SECRET_KEY: randomBytes(32).toString("hex"),
		};
		delete env.DATABASE_URL;
		if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;

		const first = await startServer(env);
		running.push(first.child);
		db = openDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
		// An account of the store with no history of its own connects (the server's own holds its demo store).
		await insertTestAccount(db.kysely, CONNECTED);
		const user = await createUser(db.kysely, {
			accountId: CONNECTED,
			login: "import-admin",
			email: "import-admin@example.com",
			role: "administrator",
			password: randomBytes(16).toString("hex"),
			created: systemClock.seconds(),
		});
		const { password } = await createApplicationPassword(db.kysely, user, "bench", systemClock.seconds());
		const headers = { authorization: `Basic ${Buffer.from(`import-admin:${password}`).toString("base64")}` };
		const syncOf = async (url: string): Promise<Sync> => {
			const response = await fetch(`${url}${BASE}/stripe/sync`, { headers });
			if (!response.ok) throw new Error(`the sync answered ${response.status}: ${await response.text()}`);
			return (await response.json()) as Sync;
		};
		const connected = await fetch(`${first.url}${BASE}/stripe/connect`, {
			method: "POST",
			headers: { ...headers, "content-type": "application/json" },
			body: JSON.stringify({ secret_key: secret }),
		});
		if (!connected.ok) throw new Error(`connecting answered ${connected.status}: ${await connected.text()}`);

		const total = totalOf(expected);
		console.log(`${dialect}: importing ${number(total)} objects, killed at ${Math.round(KILL_AT * 100)} %…`);
		let killedAt: Sync;
		for (;;) {
			killedAt = await syncOf(first.url);
			if (killedAt.status !== "importing")
				throw new Error(`the import ended before the kill: ${JSON.stringify(killedAt)}`);
			if (totalOf(killedAt.counts) >= total * KILL_AT) break;
			await sleep(20);
		}
		first.child.kill("SIGKILL");
		await new Promise((resolve) => first.child.once("exit", resolve));
		const left = await db.kysely
			.selectFrom("stripe_connections")
			.select(["import_runner", "import_counts"])
			.where("account_id", "=", CONNECTED)
			.executeTakeFirstOrThrow();
		const committed = JSON.parse(left.import_counts) as Counts;

		const restarted = performance.now();
		const second = await startServer(env);
		running.push(second.child);
		let takenUpSeconds: number | null = null;
		let live: Sync;
		for (;;) {
			live = await syncOf(second.url);
			if (takenUpSeconds === null && totalOf(live.counts) > totalOf(committed))
				takenUpSeconds = (performance.now() - restarted) / 1000;
			if (live.status !== "importing") break;
			if (performance.now() - restarted > LIVE_TIMEOUT_MS)
				throw new Error("the second process never went live");
			await sleep(200);
		}
		const restartToLiveSeconds = (performance.now() - restarted) / 1000;

		const ours = await ledgerLines(db, CONNECTED);
		const theirs = await ledgerLines(side.db, STRIPE_SIDE);
		let missing = 0;
		let different = 0;
		for (const [id, line] of theirs) {
			const mine = ours.get(id);
			if (mine === undefined) missing++;
			else if (mine !== line) different++;
		}
		const extra = [...ours.keys()].filter((id) => !theirs.has(id)).length;
		return {
			expected,
			killedAt: { ...Object.fromEntries(STRIPE_SYNC_KINDS.map((kind) => [kind, 0])), ...committed } as Counts,
			heldBy: left.import_runner,
			restartToLiveSeconds,
			takenUpSeconds,
			live,
			tables: await rowsAndIds(db.kysely, CONNECTED),
			ledger: { rows: ours.size, missing, extra, different },
			drift: (await rollupDrift(db.kysely, CONNECTED)).length,
		};
	} finally {
		for (const child of running.reverse()) child.kill("SIGKILL");
		await db?.close();
		await target.remove();
		await side.remove();
	}
}

/** What doubled or differs, in words; empty when the copy is whole and once. */
function problemsOf(found: Found): string[] {
	const problems: string[] = [];
	if (found.live.status !== "live") problems.push(`ended ${found.live.status}: ${found.live.last_error}`);
	for (const kind of STRIPE_SYNC_KINDS) {
		if (found.live.counts[kind] !== found.expected[kind])
			problems.push(
				`${KIND_LABELS[kind]}: ${found.live.counts[kind]} counted, ${found.expected[kind]} on the Stripe side`,
			);
	}
	for (const [table, { rows, ids }] of Object.entries(found.tables)) {
		if (rows !== ids) problems.push(`${table}: ${rows} rows for ${ids} ids`);
	}
	const { missing, extra, different } = found.ledger;
	if (missing + extra + different > 0)
		problems.push(`ledger: ${missing} rows missing, ${extra} extra, ${different} different`);
	if (found.drift > 0) problems.push(`rollups: ${found.drift} periods drift from the ledger`);
	return problems;
}

const load = [os.loadavg()[0] ?? 0];
const results = new Map<string, Found>();
for (const dialect of dialects) results.set(dialect, await measure(dialect));
load.push(os.loadavg()[0] ?? 0);

const lines = [
	`Stripe history import killed at ${Math.round(KILL_AT * 100)} %, ${number(TRANSACTIONS)} transactions; ${machine()}; load average ${load.map((value) => value.toFixed(1)).join(" → ")}; lease ${LEASE_SECONDS} s.`,
];
let failed = false;
for (const [dialect, found] of results) {
	const problems = problemsOf(found);
	failed ||= problems.length > 0;
	lines.push(
		"",
		`${dialect}:`,
		`  killed with ${number(totalOf(found.killedAt))} of ${number(totalOf(found.expected))} objects committed, the import held by ${found.heldBy ?? "no process"}`,
		`  the next process went on after ${found.takenUpSeconds?.toFixed(1) ?? "?"} s and was live ${found.restartToLiveSeconds.toFixed(1)} s after its start`,
		...STRIPE_SYNC_KINDS.map(
			(kind) =>
				`  ${KIND_LABELS[kind].padEnd(22)} ${number(found.killedAt[kind]).padStart(9)} at the kill, ${number(found.live.counts[kind]).padStart(9)} at the end, ${number(found.expected[kind]).padStart(9)} on the Stripe side`,
		),
		`  rows / distinct ids: ${Object.entries(found.tables)
			.map(([table, { rows, ids }]) => `${table} ${number(rows)}/${number(ids)}`)
			.join(", ")}`,
		`  ledger: ${number(found.ledger.rows)} rows; ${found.ledger.missing} missing, ${found.ledger.extra} extra, ${found.ledger.different} different (id, amount, fee, payout); rollup drift ${found.drift}`,
		problems.length === 0 ? "  nothing doubled, nothing lost" : `  PROBLEMS: ${problems.join("; ")}`,
	);
}
console.log(lines.join("\n"));
writeReadmeSection(
	"stripe-import-kill",
	[
		"## Stripe history import killed half way",
		"",
		`\`npx tsx bench/src/stripe-import-kill.ts --transactions ${TRANSACTIONS}\` — the connected store is a real server process, SIGKILLed once ${Math.round(KILL_AT * 100)} % of the Stripe side's records are in; a new process on the same database takes the import up when the dead one's lease has run out, and goes on to live. Its copy is then compared with the Stripe side's.`,
		"",
		"```",
		...lines,
		"```",
	].join("\n"),
);
if (failed) process.exitCode = 1;
