/**
 * A connected store killed in the middle of its Stripe history import, in real processes: the
 * store is a server process (main.ts) whose STRIPE_API_BASE is a Paydesk sandbox seeded with a few
 * thousand transactions, and an account of it with no history of its own connects. Once part of the history is in, it is SIGKILLed; a new process on the same
 * database takes the import up when the dead one's lease has run out (STRIPE_IMPORT_LEASE_SECONDS,
 * short here), goes live, and holds every record once: the counts per kind are the sandbox's, no
 * id is there twice, the ledger is the sandbox's row for row and its rollups agree with it. SQLite,
 * and PostgreSQL in the suite's second pass.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { STRIPE_SYNC_KINDS, type StripeSyncKind } from "@paydesk/contract/stripe-account";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApplicationPassword, createUser } from "../../../src/auth/users.ts";
import type { Database } from "../../../src/db/schema.ts";
import { seedStore } from "../../../src/seed/store.ts";
import { createApiKeys } from "../../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { PAYOUT_TYPES, rowsAndIds, stripeSideCounts } from "../../../src/testing/stripe-copy.ts";
import { createTestApp, type TestApp } from "../../../src/testing/test-app.ts";
import { BASE, expectMoneyInvariants } from "../../support/invariants.ts";
import { createStore, type Server, startServer, until } from "../../support/server-process.ts";

/** The sandbox's account that plays the merchant's Stripe account. */
const STRIPE_SIDE = "acct_stripe_side";
/** The store's account that connects: a new one (the server's own holds its demo store). */
const CONNECTED = "acct_connected";
/**
 * Enough history for the import to take seconds: some 9,000 objects and 1,000 payouts, each
 * payout a request more for the transactions it carried.
 */
const TRANSACTIONS = 3000;
/** Stripe's payout balance transactions: the copy keeps payouts in their own table instead. */

type Counts = Record<StripeSyncKind, number>;
interface Sync {
	status: string;
	counts: Counts;
	kinds_done: string[];
	last_error: string | null;
}

let sandbox: TestApp;
let apiBase: string;
let secretKey: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
	sandbox = await createTestApp({
		seed: async (db, at) =>
			void (await seedStore(db, { accountId: STRIPE_SIDE, transactions: TRANSACTIONS, seed: 11, now: at })),
	});
	await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
	apiBase = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
	secretKey = (await createApiKeys(sandbox.db.kysely, STRIPE_SIDE, "import", sandbox.clock.seconds())).secret;
}, 120_000);

afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => sandbox?.close());

/**
 * The ledger as the comparison reads it: each row's id, amount, fee and payout. On the Stripe side
 * a row's payout is the one Stripe tells: it lists what a payout carried for automatic payouts
 * only, so a row an instant payout took shows none.
 */
async function ledgerOf(db: Kysely<Database>, accountId: string) {
	const rows = await db
		.selectFrom("balance_transactions as row")
		.leftJoin("payouts", (join) =>
			join.onRef("payouts.account_id", "=", "row.account_id").onRef("payouts.id", "=", "row.deposit_id"),
		)
		.select(["row.id", "row.amount", "row.fee", "row.deposit_id", "payouts.automatic"])
		.where("row.account_id", "=", accountId)
		.where("row.type", "not in", PAYOUT_TYPES)
		.orderBy("row.id")
		.execute();
	return rows.map(({ automatic, ...row }) => ({
		...row,
		deposit_id: Number(automatic) === 1 ? row.deposit_id : null,
	}));
}

describe("a connected store killed mid-import", () => {
	it("is taken up by the next process on its database, and ends with every record once", async () => {
		const store = await createStore();
		cleanups.push(() => store.remove());
		const db = store.open();
		cleanups.push(() => db.close());
		// The same application key for both processes: the second opens the key the first sealed.
		const env = {
			STRIPE_API_BASE: apiBase,
			// Ten times Stripe's pace, so the import takes seconds rather than a minute.
			STRIPE_MAX_RPS: "200",
			STRIPE_IMPORT_LEASE_SECONDS: "3",
			PAYDESK_SECRET_KEY: randomBytes(32).toString("hex"),
		};
		const started: Server[] = [];
		cleanups.push(async () => {
			for (const server of started) await server.kill();
		});
		const first = await startServer(store, 0, env);
		started.push(first);

		await insertTestAccount(db.kysely, CONNECTED);
		const user = await createUser(db.kysely, {
			accountId: CONNECTED,
			login: "import-admin",
			email: "import-admin@example.com",
			role: "administrator",
			password: randomBytes(16).toString("hex"),
			created: 0,
		});
		const { password } = await createApplicationPassword(db.kysely, user, "import", 0);
		const auth = { authorization: `Basic ${Buffer.from(`import-admin:${password}`).toString("base64")}` };
		const syncOf = async (server: Server): Promise<Sync> => {
			const response = await fetch(`${server.url}${BASE}/stripe/sync`, { headers: auth });
			expect(response.status).toBe(200);
			return (await response.json()) as Sync;
		};

		const expected = await stripeSideCounts(sandbox.db.kysely, STRIPE_SIDE);
		const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
		expect(expected.charges).toBeGreaterThan(1000);
		expect(expected.payouts).toBeGreaterThan(0);
		const connected = await fetch(`${first.url}${BASE}/stripe/connect`, {
			method: "POST",
			headers: { ...auth, "content-type": "application/json" },
			body: JSON.stringify({ secret_key: secretKey }),
		});
		expect(connected.status, await connected.text()).toBe(200);

		// Killed once about half the history is in, between two pages or in the middle of one.
		const midway = await until(
			"the import to be half done",
			async () => {
				const sync = await syncOf(first);
				const taken = Object.values(sync.counts).reduce((sum, count) => sum + count, 0);
				return (sync.status !== "importing" || taken >= total / 2) && sync;
			},
			60_000,
			10,
		);
		await first.kill();
		expect(midway.status).toBe("importing");
		const left = await db.kysely
			.selectFrom("stripe_connections")
			.select(["status", "import_runner", "import_lease_until", "import_counts"])
			.where("account_id", "=", CONNECTED)
			.executeTakeFirstOrThrow();
		expect(left.status).toBe("importing");
		// The dead process still holds the import, until its lease runs out.
		expect(left.import_runner).not.toBeNull();
		const done = Object.values(JSON.parse(left.import_counts) as Counts).reduce(
			(sum, count) => sum + count,
			0,
		);
		expect(done).toBeGreaterThan(0);
		expect(done).toBeLessThan(total);

		const second = await startServer(store, 0, env);
		started.push(second);
		const live = await until(
			"the import to go live in the second process",
			async () => {
				const sync = await syncOf(second);
				return sync.status !== "importing" && sync;
			},
			90_000,
			100,
		);
		expect(live).toMatchObject({ status: "live", kinds_done: [...STRIPE_SYNC_KINDS], last_error: null });
		// Nothing doubled: each kind counted as the sandbox has it, and no id twice.
		expect(live.counts).toEqual(expected);
		const held = await rowsAndIds(db.kysely, CONNECTED);
		expect(held).toEqual({
			stripe_customers: { rows: expected.customers, ids: expected.customers },
			intent_details: { rows: expected.payment_intents, ids: expected.payment_intents },
			charges: { rows: expected.charges, ids: expected.charges },
			refunds: { rows: expected.refunds, ids: expected.refunds },
			disputes: { rows: expected.disputes, ids: expected.disputes },
			balance_transactions: { rows: expected.balance_transactions, ids: expected.balance_transactions },
			payouts: { rows: expected.payouts, ids: expected.payouts },
		});
		// The ledger is the sandbox's row for row, each row's payout included, and its rollups agree.
		const ours = await ledgerOf(db.kysely, CONNECTED);
		expect(ours).toEqual(await ledgerOf(sandbox.db.kysely, STRIPE_SIDE));
		expect(ours.filter((row) => row.deposit_id !== null).length).toBeGreaterThan(0);
		await expectMoneyInvariants(db.kysely, CONNECTED, Math.floor(Date.now() / 1000));
	}, 150_000);
});
