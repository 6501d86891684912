/**
 * A connected Stripe account's history import, end to end:
 *   npx tsx bench/src/stripe-import.ts [--transactions 100000] [--dialect sqlite|postgres|both]
 *                                      [--pg postgres://…] [--payments 10] [--no-readme]
 *
 * The Stripe side is a seeded demo store (seed 7) in a server process of its own, whose `/v1`
 * answers as Stripe would, with an API key. The connected store is an empty database of its own
 * (on PostgreSQL a new database on `--pg`, else on DATABASE_URL, else on the Stripe side's
 * throw-away cluster), connected as the route connects it (the key checked, Paydesk's webhook
 * endpoint registered on the Stripe side), then `importHistory` runs to its end with the real
 * StripeClients, STRIPE_MAX_RPS at its highest (1,000) so the throttle does not pace the run, and
 * a `fetch` that counts the requests. Reported per engine: the objects imported per kind, the
 * wall time, objects a second, and HTTP requests per 1,000 objects.
 *
 * Then the webhook-to-screen lag: the connected store runs as a server (its webhook route and
 * its importer), a payment is made on the Stripe side, the Stripe side's webhook thread delivers
 * its events, and the store applies them; the lag is from the payment's answer until its charge
 * is in the store's copy, for `--payments` payments one after another, after a warm-up payment.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { STRIPE_SYNC_KINDS, type StripeSyncKind } from "@paydesk/contract/stripe-account";
import { buildApp } from "@paydesk/server/app";
import type { AppConfig } from "@paydesk/server/app-deps";
import { systemClock } from "@paydesk/server/clock";
import { type Db, openDb } from "@paydesk/server/db/connection";
import { migrateToLatest } from "@paydesk/server/db/migrate";
import { connect } from "@paydesk/server/payments/stripe-account/connection";
import { importHistory } from "@paydesk/server/payments/stripe-account/import/history";
import { stripeAccess } from "@paydesk/server/processors/stripe/access";
import { StripeClients } from "@paydesk/server/processors/stripe/client";
import { createApiKeys } from "@paydesk/server/stripe-api/keys";
import { insertTestAccount } from "@paydesk/server/testing/fixtures";
import { stripeSideCounts } from "@paydesk/server/testing/stripe-copy";
import { sql } from "kysely";
import pg from "pg";
import { median } from "./api-timing.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { freePort, seededStore, startServer } from "./server-process.ts";
import { KIND_LABELS, totalOf } from "./stripe-import-side.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 100_000);
const PAYMENTS = Number(flag("payments") ?? 10);
const dialects =
	flag("dialect") === "both" || !flag("dialect") ? ["sqlite", "postgres"] : [flag("dialect") ?? "sqlite"];
const envUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
/** Where the connected store's PostgreSQL database is made; the Stripe side's cluster when unset. */
const CONNECTED_PG = flag("pg") ?? envUrl;
/** The account playing the merchant's Stripe account, and the store connected to it. */
const STRIPE_SIDE = "acct_bench";
const CONNECTED = "acct_connected";
const MAX_RPS = 1000;
const LAG_TIMEOUT_MS = 30_000;

const nowSeconds = () => systemClock.seconds();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ConnectedStore {
	db: Db;
	dataDir: string;
	/** How the connected store's database is kept, for the README. */
	where: string;
	remove(): Promise<void>;
}

/** An empty, migrated database for the connected store, with its account. */
async function connectedStore(dialect: string, stripeSideUrl: string | undefined): Promise<ConnectedStore> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-stripe-import-"));
	let store: ConnectedStore;
	if (dialect === "postgres") {
		const server = CONNECTED_PG ?? stripeSideUrl;
		if (!server) throw new Error("no PostgreSQL server for the connected store");
		const name = `paydesk_bench_import_${process.pid}`;
		const admin = new pg.Client({ connectionString: server });
		await admin.connect();
		await admin.query(`drop database if exists ${name} with (force)`);
		await admin.query(`create database ${name}`);
		const target = new URL(server);
		target.pathname = `/${name}`;
		const db = openDb({ databaseUrl: target.toString(), dataDir, poolSize: 10 });
		const fsync = (await sql<{ fsync: string }>`show fsync`.execute(db.kysely)).rows[0]?.fsync ?? "?";
		store = {
			db,
			dataDir,
			where: `the Stripe side on a throw-away cluster, the connected store a database of its own on ${CONNECTED_PG ? "the server given (--pg or DATABASE_URL)" : "that cluster"}, fsync ${fsync}`,
			async remove() {
				await db.close();
				await admin.query(`drop database if exists ${name} with (force)`);
				await admin.end();
				rmSync(dataDir, { recursive: true, force: true });
			},
		};
	} else {
		const db = openDb({ dataDir });
		store = {
			db,
			dataDir,
			where: "a SQLite file (WAL) each",
			async remove() {
				await db.close();
				rmSync(dataDir, { recursive: true, force: true });
			},
		};
	}
	await migrateToLatest(store.db);
	await insertTestAccount(store.db.kysely, CONNECTED);
	return store;
}

/** A store's code paying on the Stripe side: the charge's id and when the payment was answered. */
async function pay(base: string, key: string): Promise<{ charge: string; answeredAt: number }> {
	const response = await fetch(`${base}/v1/payment_intents`, {
		method: "POST",
		headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
		body: new URLSearchParams({
			amount: "2500",
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: "true",
		}).toString(),
	});
	const answeredAt = performance.now();
	const intent = (await response.json()) as { latest_charge?: string };
	if (!response.ok || !intent.latest_charge)
		throw new Error(`the payment answered ${response.status}: ${JSON.stringify(intent)}`);
	return { charge: intent.latest_charge, answeredAt };
}

/** Milliseconds from the payment's answer until its charge is in the copy; null past the timeout. */
async function lagOf(base: string, key: string, db: Db): Promise<number | null> {
	const { charge, answeredAt } = await pay(base, key);
	for (;;) {
		const found = await db.kysely
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", CONNECTED)
			.where("id", "=", charge)
			.executeTakeFirst();
		const at = performance.now();
		if (found) return at - answeredAt;
		if (at - answeredAt > LAG_TIMEOUT_MS) return null;
		await sleep(5);
	}
}

interface Result {
	counts: Record<StripeSyncKind, number>;
	expected: Record<StripeSyncKind, number>;
	seconds: number;
	/** Of those, the seconds spent waiting on the Stripe side's answers. */
	waited: number;
	requests: number;
	/** Requests by what they asked for: a kind's list, or what a payout carried. */
	byList: Map<string, number>;
	connectRequests: number;
	lags: number[];
	missing: number;
	where: string;
}

async function measure(dialect: string): Promise<Result> {
	const side = await seededStore(dialect, TRANSACTIONS, STRIPE_SIDE, "stripe-import");
	let target: ConnectedStore | undefined;
	let server: Awaited<ReturnType<typeof startServer>> | undefined;
	let app: Awaited<ReturnType<typeof buildApp>> | undefined;
	try {
		server = await startServer(side.env);
		const stripeBase = server.url;
		const { secret } = await createApiKeys(side.db.kysely, STRIPE_SIDE, "bench", nowSeconds());
		const expected = await stripeSideCounts(side.db.kysely, STRIPE_SIDE);
		target = await connectedStore(dialect, side.env.DATABASE_URL);
		const port = await freePort();
		const config: AppConfig = {
			dataDir: target.dataDir,
			adminDist: "/nonexistent",
			secureCookies: false,
			productName: "Paydesk",
			publicUrl: `http://127.0.0.1:${port}`,
			secretKey: randomBytes(32).toString("hex"),
			stripeApiBase: stripeBase,
			stripeMaxRps: MAX_RPS,
		};

		let requests = 0;
		let waitedMs = 0;
		const byList = new Map<string, number>();
		const clients = new StripeClients({
			apiBase: stripeBase,
			maxRps: MAX_RPS,
			fetch: async (input, init) => {
				requests++;
				const url = new URL(String(input));
				const list = `${url.pathname}${url.searchParams.has("payout") ? " (a payout's)" : ""}`;
				byList.set(list, (byList.get(list) ?? 0) + 1);
				// The body is read here, so the time waited on the Stripe side includes its transfer.
				const started = performance.now();
				const response = await globalThis.fetch(input, init);
				const body = await response.arrayBuffer();
				waitedMs += performance.now() - started;
				return new Response(body, { status: response.status, headers: response.headers });
			},
		});
		const client = clients.client(secret);
		await connect({
			db: target.db.kysely,
			accountId: CONNECTED,
			secretKey: secret,
			client,
			appKey: stripeAccess(target.db, config).appKey,
			publicUrl: config.publicUrl,
			now: nowSeconds(),
		});
		const connectRequests = requests;
		requests = 0;
		waitedMs = 0;
		byList.clear();

		console.log(`${dialect}: importing ${Object.values(expected).reduce((a, b) => a + b, 0)} objects…`);
		const started = performance.now();
		const outcome = await importHistory({
			db: target.db.kysely,
			accountId: CONNECTED,
			client,
			runner: "bench",
			now: nowSeconds,
		});
		const seconds = (performance.now() - started) / 1000;
		if (outcome.status !== "live") throw new Error(`the import ended ${JSON.stringify(outcome)}`);
		const row = await target.db.kysely
			.selectFrom("stripe_connections")
			.select("import_counts")
			.where("account_id", "=", CONNECTED)
			.executeTakeFirstOrThrow();
		const stored = JSON.parse(row.import_counts) as Partial<Record<StripeSyncKind, number>>;
		const counts = Object.fromEntries(STRIPE_SYNC_KINDS.map((kind) => [kind, stored[kind] ?? 0])) as Record<
			StripeSyncKind,
			number
		>;
		const total = Object.values(counts).reduce((a, b) => a + b, 0);
		console.log(
			`${dialect}: ${total} objects in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s), ${requests} requests`,
		);

		// The connected store as a server: its webhook route takes the Stripe side's deliveries and
		// kicks its importer, which applies them.
		app = await buildApp({ db: target.db, clock: systemClock, validateResponses: false, config });
		await app.listen({ port, host: "127.0.0.1" });
		const warmUp = await lagOf(stripeBase, secret, target.db);
		if (warmUp === null) throw new Error("the warm-up payment never reached the connected store");
		const lags: number[] = [];
		let missing = 0;
		for (let i = 0; i < PAYMENTS; i++) {
			const lag = await lagOf(stripeBase, secret, target.db);
			if (lag === null) missing++;
			else lags.push(lag);
		}
		console.log(
			`${dialect}: webhook to copy, p50 ${median(lags).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms, ${missing} missing`,
		);
		return {
			counts,
			expected,
			seconds,
			waited: waitedMs / 1000,
			requests,
			byList,
			connectRequests,
			lags,
			missing,
			where: target.where,
		};
	} finally {
		await app?.close();
		server?.child.kill("SIGKILL");
		await target?.remove();
		await side.remove();
	}
}

const results = new Map<string, Result>();
const load = [os.loadavg()[0] ?? 0];
for (const dialect of dialects) results.set(dialect, await measure(dialect));
load.push(os.loadavg()[0] ?? 0);

const number = (value: number) => value.toLocaleString("en-US");
const entries = [...results.entries()];
const lines = [
	`## Stripe history import at ${number(TRANSACTIONS)} transactions`,
	"",
	`\`npx tsx bench/src/stripe-import.ts --transactions ${TRANSACTIONS}\` — the Stripe side is a seeded demo store in a server process of its own, answering \`/v1\` as Stripe would; the connected store, an empty database of its own, connects as the route does (the key checked, the webhook endpoint registered), then \`importHistory\` runs to its end with the real StripeClients (pages of 100, STRIPE_MAX_RPS ${MAX_RPS}, so the throttle never waits) and a \`fetch\` that counts the requests. The Stripe side and the connected store share the machine.`,
	"",
	`Measured on ${machine()}; load average ${load.map((value) => value.toFixed(1)).join(" → ")}. Databases: ${entries.map(([dialect, result]) => `${dialect}, ${result.where}`).join("; ")}.`,
	"",
	`| objects imported | ${entries.map(([dialect]) => dialect).join(" | ")} |`,
	`|---|${entries.map(() => "---:").join("|")}|`,
	...STRIPE_SYNC_KINDS.map(
		(kind) =>
			`| ${KIND_LABELS[kind]} | ${entries
				.map(([, result]) =>
					result.counts[kind] === result.expected[kind]
						? number(result.counts[kind])
						: `${number(result.counts[kind])} (Stripe side: ${number(result.expected[kind])})`,
				)
				.join(" | ")} |`,
	),
	`| **all** | ${entries.map(([, result]) => `**${number(totalOf(result.counts))}**`).join(" | ")} |`,
	`| wall time | ${entries.map(([, result]) => `${result.seconds.toFixed(1)} s`).join(" | ")} |`,
	`| of which waiting on the Stripe side | ${entries.map(([, result]) => `${result.waited.toFixed(1)} s`).join(" | ")} |`,
	`| objects/s | ${entries.map(([, result]) => number(Math.round(totalOf(result.counts) / result.seconds))).join(" | ")} |`,
	`| HTTP requests | ${entries.map(([, result]) => number(result.requests)).join(" | ")} |`,
	`| requests per 1,000 objects | ${entries.map(([, result]) => ((result.requests / Math.max(1, totalOf(result.counts))) * 1000).toFixed(1)).join(" | ")} |`,
	`| webhook to copy, p50 | ${entries.map(([, result]) => `${median(result.lags).toFixed(0)} ms`).join(" | ")} |`,
	`| webhook to copy, max | ${entries.map(([, result]) => `${Math.max(...result.lags).toFixed(0)} ms${result.missing > 0 ? ` (${result.missing} missing)` : ""}`).join(" | ")} |`,
	"",
	`Requests by list: ${entries
		.map(
			([dialect, result]) =>
				`${dialect} ${[...result.byList.entries()].map(([list, count]) => `\`${list}\` ${number(count)}`).join(", ")}`,
		)
		.join(
			"; ",
		)}. Connecting took ${entries.map(([dialect, result]) => `${dialect} ${result.connectRequests}`).join(", ")} requests more (the account, one read per permission, the webhook endpoint), not counted above.`,
	"",
	`Webhook to copy: with the history in, the connected store runs as a server; ${PAYMENTS} payments are made on the Stripe side one after another (after a warm-up), its webhook thread delivers their events to the store's endpoint, and the store applies them (reading the charge again from the Stripe side). Each lag runs from the payment's answer until its charge is in the store's copy; the Stripe side's webhook thread passes every 200 ms.`,
];
console.log(lines.join("\n"));
if (!argv.includes("--no-readme")) writeReadmeSection("stripe-import", lines.join("\n"));
