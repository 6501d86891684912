/**
 * The server's CPU per payment, and the floor beneath it.
 *
 * - Server: a real server process on a demo store takes the simulator's mix at full speed (4 in
 *   flight, the payment rate limit lifted). Its CPU time (utime + stime of /proc/<pid>/stat, all
 *   threads) over the run, divided by the payments, and the payments per second.
 * - Floor: the rows one payment writes, written by plain SQL: one payment is taken in-process
 *   with Kysely's query log on, its writes (INSERT, UPDATE, DELETE) are kept, and then run again
 *   N times, one transaction per payment, as prepared statements with fresh ids (every value of a
 *   primary key the payment inserted gets a new one per run). What remains is what the database
 *   driver and the database need to write those rows from this process; nothing is decided.
 * PostgreSQL runs on a throw-away cluster with fsync and synchronous commits on, as users run it.
 * - Stripe's API: the same server takes the same number of payments through `/v1` with the official
 *   SDK (PaymentIntents created and confirmed with Stripe's named test methods, 4 in flight), so
 *   a store's Stripe code and the intake route can be compared.
 *   npx tsx bench/src/payment-cpu.ts [--payments 2000] [--transactions 20000] [--dialect both] [--profile]
 * --profile writes a CPU profile of the server (node --cpu-prof) to .tmp/payment-cpu/ and prints
 * its heaviest functions (self time).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildApp } from "@paydesk/server/app";
import { systemClock } from "@paydesk/server/clock";
import { type Db, openDb } from "@paydesk/server/db/connection";
import { runSimulation } from "@paydesk/server/simulator/run";
import { createApiKeys } from "@paydesk/server/stripe-api/keys";
import type pg from "pg";
import Stripe from "stripe";
import { adminCredentials } from "./admin-reads.ts";
import { machine, ROOT, writeReadmeSection } from "./measure.ts";
import { seededStore, startServer } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
	const name = process.argv[i]?.replace(/^--/, "") ?? "";
	const next = process.argv[i + 1];
	if (next === undefined || next.startsWith("--")) args.set(name, "true");
	else {
		args.set(name, next);
		i++;
	}
}
const PAYMENTS = Number(args.get("payments") ?? 2000);
const TRANSACTIONS = Number(args.get("transactions") ?? 20_000);
const PROFILE = args.get("profile") === "true";
const dialects =
	(args.get("dialect") ?? "both") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";
const CONCURRENCY = 4;
const PROFILE_DIR = path.join(ROOT, ".tmp", "payment-cpu");

/** CPU seconds a process has used so far (user + system, every thread). */
function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	// utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface ServerRun {
	payments: number;
	errors: number;
	perSecond: number;
	cpuMsPerPayment: number;
	profileTop: string[];
}

/** The heaviest functions of a .cpuprofile by self time, as "12.3 % name (file:line)". */
function profileTop(file: string, count = 12): string[] {
	const profile = JSON.parse(readFileSync(file, "utf8")) as {
		nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
		samples: number[];
		timeDeltas: number[];
	};
	const self = new Map<number, number>();
	profile.samples.forEach((id, index) => {
		self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
	});
	const total = [...self.values()].reduce((sum, value) => sum + value, 0) || 1;
	const byName = new Map<string, number>();
	for (const node of profile.nodes) {
		const time = self.get(node.id) ?? 0;
		if (time === 0) continue;
		const { functionName, url, lineNumber } = node.callFrame;
		const where = url
			? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/apps\//, "apps/")}:${lineNumber + 1}`
			: "";
		const name = `${functionName || "(anonymous)"}${where ? ` (${where})` : ""}`;
		byName.set(name, (byName.get(name) ?? 0) + time);
	}
	return [...byName.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, count)
		.map(([name, time]) => `${((time / total) * 100).toFixed(1)} % ${name}`);
}

async function serverRun(dialect: string, env: NodeJS.ProcessEnv, db: Db): Promise<ServerRun> {
	if (PROFILE) {
		rmSync(PROFILE_DIR, { recursive: true, force: true });
		mkdirSync(PROFILE_DIR, { recursive: true });
	}
	const server = await startServer(env, PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []);
	try {
		const credentials = await adminCredentials(db, server.url, `payment-cpu ${dialect}`);
		const options = {
			url: server.url,
			user: credentials.user,
			password: credentials.password,
			overMs: 0,
			concurrency: CONCURRENCY,
		};
		// Warm-up: the statements are prepared and the code is compiled before the count starts.
		await runSimulation({ ...options, payments: 200, seed: 1 });
		const pid = server.child.pid ?? 0;
		const before = cpuSeconds(pid);
		const result = await runSimulation({ ...options, payments: PAYMENTS, seed: 2 });
		const used = cpuSeconds(pid) - before;
		return {
			payments: result.total,
			errors: result.errors,
			perSecond: result.total / (result.elapsedMs / 1000),
			cpuMsPerPayment: (used * 1000) / result.total,
			profileTop: [],
		};
	} finally {
		await new Promise<void>((resolve) => {
			server.child.once("exit", () => resolve());
			server.child.kill("SIGTERM");
		});
	}
}

/** The methods the SDK run pays with: mostly successes, some declines, as the simulator's mix. */
const SDK_METHODS = [
	"pm_card_visa",
	"pm_card_mastercard",
	"pm_card_visa",
	"pm_card_amex",
	"pm_card_visa",
	"pm_card_chargeDeclined",
	"pm_card_visa_debit",
	"pm_card_visa",
	"pm_card_chargeDeclinedInsufficientFunds",
	"pm_card_gb",
] as const;

/** The same server, paid through Stripe's API with the official SDK, 4 payments in flight. */
async function sdkRun(env: NodeJS.ProcessEnv, db: Db): Promise<ServerRun> {
	const server = await startServer(env, []);
	try {
		const { secret } = await createApiKeys(
			db.kysely,
			ACCOUNT,
			`payment-cpu ${Date.now()}`,
			Math.floor(Date.now() / 1000),
		);
		const url = new URL(server.url);
		const stripe = new Stripe(secret, {
			host: url.hostname,
			port: Number(url.port),
			protocol: "http",
			maxNetworkRetries: 0,
		});
		let errors = 0;
		const pay = async (count: number, offset: number) => {
			let next = 0;
			const worker = async () => {
				for (;;) {
					const index = next++;
					if (index >= count) return;
					const method = SDK_METHODS[(index + offset) % SDK_METHODS.length] as string;
					try {
						await stripe.paymentIntents.create(
							{ amount: 1000 + (index % 9000), currency: "usd", payment_method: method, confirm: true },
							{ idempotencyKey: `payment-cpu-${offset}-${index}` },
						);
					} catch (error) {
						if (!(error instanceof Stripe.errors.StripeCardError)) errors++;
					}
				}
			};
			await Promise.all(Array.from({ length: CONCURRENCY }, worker));
		};
		await pay(200, 1_000_000);
		const pid = server.child.pid ?? 0;
		const before = cpuSeconds(pid);
		const started = performance.now();
		await pay(PAYMENTS, 0);
		const elapsed = (performance.now() - started) / 1000;
		const used = cpuSeconds(pid) - before;
		return {
			payments: PAYMENTS,
			errors,
			perSecond: PAYMENTS / elapsed,
			cpuMsPerPayment: (used * 1000) / PAYMENTS,
			profileTop: [],
		};
	} finally {
		await new Promise<void>((resolve) => {
			server.child.once("exit", () => resolve());
			server.child.kill("SIGTERM");
		});
	}
}

interface Statement {
	sql: string;
	parameters: readonly unknown[];
}

/** The writes one payment makes, taken in-process with the query log on. */
async function writesOfOnePayment(env: NodeJS.ProcessEnv): Promise<{ writes: Statement[]; db: Db }> {
	const captured: Statement[] = [];
	let recording = false;
	const db = openDb({
		databaseUrl: env.DATABASE_URL,
		dataDir: String(env.DATA_DIR),
		poolSize: 4,
		log: (event) => {
			if (recording && event.level === "query")
				captured.push({ sql: event.query.sql, parameters: event.query.parameters });
		},
	});
	const app = await buildApp({
		db,
		clock: systemClock,
		validateResponses: false,
		config: {
			dataDir: String(env.DATA_DIR),
			adminDist: "/nonexistent",
			secureCookies: false,
			productName: "Paydesk",
			publicUrl: "http://localhost",
			rateLimits: { payments: 1_000_000 },
		},
	});
	const credentials = await adminCredentials(db, "http://localhost", "payment-cpu floor");
	const pay = (key: string) =>
		app.inject({
			method: "POST",
			url: "/wp-json/wc/v3/payments/payment_intents",
			headers: { authorization: credentials.authorization, "idempotency-key": key },
			payload: {
				amount: 5000,
				currency: "usd",
				payment_method: {
					type: "card",
					card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
					billing_details: {
						name: "Jenny Rosen",
						email: "jenny@example.com",
						address: { line1: "510 Townsend St", city: "San Francisco", postal_code: "94103", country: "US" },
					},
				},
				order: { items: [{ name: "Canvas Tote Bag", quantity: 1, total: 5000 }] },
				customer_ip: "8.8.8.8",
			},
		});
	await pay("floor-warm-up");
	recording = true;
	const answer = await pay("floor-recorded");
	recording = false;
	if (answer.statusCode !== 200)
		throw new Error(`the recorded payment answered ${answer.statusCode}: ${answer.body}`);
	await app.close();
	const writes = captured.filter((statement) => /^\s*(insert|update|delete)\b/i.test(statement.sql));
	return { writes, db };
}

/** The table an INSERT writes, and its columns in order. */
function insertShape(text: string): { table: string; columns: string[] } | null {
	const match = /^\s*insert\s+into\s+"?(\w+)"?\s*\(([^)]*)\)/i.exec(text);
	if (!match) return null;
	return {
		table: match[1] ?? "",
		columns: (match[2] ?? "").split(",").map((column) => column.trim().replace(/"/g, "")),
	};
}

/** The primary-key columns of each table. */
async function primaryKeys(db: Db, tables: readonly string[]): Promise<Map<string, string[]>> {
	const keys = new Map<string, string[]>();
	for (const table of tables) {
		if (db.dialect === "sqlite" && db.sqlite) {
			const info = db.sqlite.prepare(`pragma table_info("${table}")`).all() as { name: string; pk: number }[];
			keys.set(
				table,
				info.filter((column) => column.pk > 0).map((column) => column.name),
			);
		} else if (db.pool) {
			const { rows } = await db.pool.query<{ column_name: string }>(
				`select a.attname as column_name from pg_index i
				 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
				 where i.indrelid = $1::regclass and i.indisprimary`,
				[table],
			);
			keys.set(
				table,
				rows.map((row) => row.column_name),
			);
		}
	}
	return keys;
}

/**
 * The values the payment created, each to be replaced by a fresh one in every run, wherever it
 * appears in a statement: the primary-key values of the rows it inserted (the account's aside).
 * An upsert (ON CONFLICT … DO UPDATE) adds to a row that other payments share (a rollup, a
 * counter), so its key stays as it is, as it would for the next real payment. A numeric key part
 * beside a created text part (a timeline's seq under its new intent) is fresh with it already.
 */
function identities(writes: readonly Statement[], keys: Map<string, string[]>): Set<unknown> {
	const found = new Set<unknown>();
	for (const write of writes) {
		const shape = insertShape(write.sql);
		if (!shape || /\bon\s+conflict\b[^;]*\bdo\s+update\b/i.test(write.sql)) continue;
		const primary = (keys.get(shape.table) ?? []).filter((column) => column !== "account_id");
		const width = shape.columns.length;
		for (let row = 0; row * width < write.parameters.length; row++) {
			const values = primary.map((column) => write.parameters[row * width + shape.columns.indexOf(column)]);
			const texts = values.filter((value) => typeof value === "string");
			for (const value of texts.length > 0 ? texts : values) found.add(value);
		}
	}
	return found;
}

/**
 * A fresh value for a created one in a run. Numbers go below zero, where no stored row is, one
 * apart per value and run: PostgreSQL's integer keys would overflow long before the last run if
 * they were pushed up past the store's own.
 */
function freshValue(value: unknown, index: number, count: number, run: number): unknown {
	if (typeof value === "number") return -(run * count + index + 1);
	return `${String(value)}r${run}`;
}

async function floorRun(db: Db, writes: readonly Statement[], runs: number): Promise<number> {
	const tables = [
		...new Set(writes.map((write) => insertShape(write.sql)?.table).filter(Boolean)),
	] as string[];
	const created = [...identities(writes, await primaryKeys(db, tables))];
	const parametersOf = (write: Statement, run: number) =>
		write.parameters.map((value) => {
			const index = created.indexOf(value);
			return index === -1 ? value : freshValue(value, index, created.length, run);
		});
	const started = process.cpuUsage();
	if (db.dialect === "sqlite" && db.sqlite) {
		const sqlite = db.sqlite;
		const prepared = writes.map((write) => sqlite.prepare(write.sql));
		const onePayment = sqlite.transaction((run: number) => {
			writes.forEach((write, index) => {
				prepared[index]?.run(...(parametersOf(write, run) as unknown[]));
			});
		});
		for (let run = 0; run < runs; run++) onePayment(run);
	} else if (db.pool) {
		const client: pg.PoolClient = await db.pool.connect();
		try {
			for (let run = 0; run < runs; run++) {
				await client.query("begin");
				for (const [index, write] of writes.entries()) {
					await client.query({
						name: `floor-${index}`,
						text: write.sql,
						values: parametersOf(write, run) as unknown[],
					});
				}
				await client.query("commit");
			}
		} finally {
			client.release();
		}
	}
	const used = process.cpuUsage(started);
	return (used.user + used.system) / 1000 / runs;
}

const lines: string[] = [];
for (const dialect of dialects) {
	const store = await seededStore(dialect, TRANSACTIONS, ACCOUNT, "payment-cpu", { durable: true });
	try {
		console.log(`${dialect}: ${PAYMENTS} payments at full speed…`);
		const run = await serverRun(dialect, store.env, store.db);
		if (PROFILE) {
			const file = readdirSync(PROFILE_DIR).find((name) => name.endsWith(".cpuprofile"));
			if (file) run.profileTop = profileTop(path.join(PROFILE_DIR, file));
		}
		console.log(`${dialect}: ${PAYMENTS} payments through /v1 with the official SDK…`);
		const sdk = await sdkRun(store.env, store.db);
		console.log(`${dialect}: the floor…`);
		const { writes, db } = await writesOfOnePayment(store.env);
		const floorMs = await floorRun(db, writes, PAYMENTS);
		await db.close();
		lines.push(
			`| ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"} | ${run.cpuMsPerPayment.toFixed(2)} ms | ${run.perSecond.toFixed(0)} | ${run.errors} | ${floorMs.toFixed(2)} ms (${writes.length} statements) |`,
		);
		lines.push(
			`| ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, /v1 (official SDK) | ${sdk.cpuMsPerPayment.toFixed(2)} ms | ${sdk.perSecond.toFixed(0)} | ${sdk.errors} | |`,
		);
		console.log(lines.slice(-2).join("\n"));
		if (run.profileTop.length) {
			console.log(`Heaviest functions of the server (self time):\n${run.profileTop.join("\n")}`);
			lines.push(
				"",
				`${dialect} profile, heaviest functions by self time:`,
				"",
				...run.profileTop.map((line) => `- ${line}`),
				"",
			);
		}
	} finally {
		await store.remove();
	}
}

const table = [
	"## Server CPU per payment: the intake route and Stripe's API",
	"",
	"`npx tsx bench/src/payment-cpu.ts --dialect both`: a real server process takes the simulator's mix at full speed through the intake route, then as many payments through `/v1` with the official SDK; its CPU (all threads, from /proc) divided by the payments. The floor is the rows one payment writes, written again by plain SQL, one transaction per payment. PostgreSQL runs with fsync and synchronous commits on.",
	"",
	`Measured on ${machine()}, ${TRANSACTIONS.toLocaleString("en-US")}-transaction demo store, ${PAYMENTS} payments of the simulator's mix, ${CONCURRENCY} in flight.`,
	"",
	"| engine | server CPU per payment | payments/s | errors | floor: the same writes by plain SQL |",
	"|---|---:|---:|---:|---:|",
	...lines,
	"",
	"The redesign's goals are 1.5 ms on SQLite and 2.5 ms on PostgreSQL per payment, and twice the throughput: the payment path still runs about 40 statements, each its own round trip through Kysely, where the floor writes about 24.",
].join("\n");
writeReadmeSection("payment-cpu", table);
console.log(table);
