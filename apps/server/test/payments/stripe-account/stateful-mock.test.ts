/**
 * The Stripe adapter against stripe-stateful-mock (npm), a stand-in for Stripe that Paydesk did
 * not write, so the adapter is not shaped by Paydesk's own `/v1` alone. Charges and refunds made
 * there through Stripe's official SDK (its test tokens: a payment, partial and full refunds, an
 * authorization, a decline) are copied by the history import into a store whose connection names
 * the mock; a refund made through the store's processor for a copied charge lands on the mock
 * once and in the store's copy.
 *
 * What the mock serves: customers, charges (create, list, retrieve, capture) and refunds (create,
 * list, retrieve), with Idempotency-Key replays; it expands nothing (a balance transaction stays an
 * id). It has no list of payment intents, disputes, balance transactions or payouts (a 404 "No
 * matching path"): the import records those kinds as not served and goes live with the rest.
 * The mock keeps its objects in its module, shared by the test files of a worker: what it lists
 * is read from it rather than assumed.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createExpressApp } from "stripe-stateful-mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeConnectionsTable } from "../../../src/db/schema.ts";
import { sealContext, storedKey } from "../../../src/payments/stripe-account/connection.ts";
import { importHistory } from "../../../src/payments/stripe-account/import/history.ts";
import { type StripeClient, StripeClients } from "../../../src/processors/stripe/client.ts";
import { stripeProcessor } from "../../../src/processors/stripe/stripe-processor.ts";
import { sealSecret } from "../../../src/secrets/cipher.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";

/** The mock takes any key that looks like a test secret key. */
const SECRET_KEY = "sk_test_stateful_mock_4242";
/** A second store account on the same mock, whose import starts from a cursor the mock does not know. */
const STALE_CURSOR = "acct_stale_cursor";

let mockServer: Server;
let mock: Stripe;
let store: TestApp;
let client: StripeClient;
/** Requests the store sent the mock, by method and path. */
const sent: string[] = [];

let paid: Stripe.Charge;
let partlyRefunded: Stripe.Charge;
let fullyRefunded: Stripe.Charge;
let authorized: Stripe.Charge;

const charge = (amount: number, source: string, extra: Partial<Stripe.ChargeCreateParams> = {}) =>
	mock.charges.create({ amount, currency: "usd", source, metadata: { order_id: String(amount) }, ...extra });

/** The connection row a connect would have saved, with the key sealed under `appKey`. */
function connectionRow(accountId: string, appKey: Buffer, cursors = "{}"): StripeConnectionsTable {
	return {
		account_id: accountId,
		stripe_account_id: "acct_default",
		stripe_account_name: null,
		livemode: 0,
		key_kind: "secret",
		key_last4: SECRET_KEY.slice(-4),
		key_encrypted: sealSecret(appKey, SECRET_KEY, sealContext(accountId, "key_encrypted")),
		// The mock has no webhook endpoints: the copy is driven here, not by events.
		webhook_endpoint_id: null,
		webhook_secret_encrypted: null,
		status: "importing",
		connected_at: store.clock.seconds(),
		last_error: null,
		last_event_at: null,
		import_cursors: cursors,
		import_counts: "{}",
		import_started_at: null,
		import_finished_at: null,
		import_runner: null,
		import_lease_until: null,
	};
}

const connection = (accountId: string) =>
	store.db.kysely
		.selectFrom("stripe_connections")
		.selectAll()
		.where("account_id", "=", accountId)
		.executeTakeFirstOrThrow();

const run = (accountId: string) =>
	importHistory({
		db: store.db.kysely,
		accountId,
		client,
		runner: "stateful-mock",
		now: () => store.clock.seconds(),
		// Small pages, so the mock's own starting_after is followed page after page.
		pageSize: 3,
	});

/** The store's charges and refunds, as the mock's objects are compared with them. */
async function copyOf(accountId: string) {
	const [charges, refunds] = await Promise.all([
		store.db.kysely
			.selectFrom("charges")
			.select([
				"id",
				"payment_intent_id",
				"order_id",
				"amount",
				"amount_captured",
				"amount_refunded",
				"currency",
				"status",
				"captured",
				"refunded",
				"balance_transaction_id",
			])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
		store.db.kysely
			.selectFrom("refunds")
			.select(["id", "charge_id", "amount", "currency", "status", "reason", "balance_transaction_id"])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
	]);
	return { charges, refunds };
}

/** What the mock holds, in the copy's shape. */
async function mockAsCopy() {
	const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
	const charges = await mock.charges.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
	const refunds = await mock.refunds.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
	return {
		charges: byId(charges).map((c) => ({
			id: c.id,
			// The mock's charges have no payment intent: each is its own payment.
			payment_intent_id: c.id,
			order_id: /^[1-9]\d*$/.test(c.metadata.order_id ?? "") ? Number(c.metadata.order_id) : null,
			amount: c.amount,
			amount_captured: c.amount_captured,
			amount_refunded: c.amount_refunded,
			currency: c.currency,
			status: c.status,
			captured: c.captured ? 1 : 0,
			refunded: c.refunded ? 1 : 0,
			balance_transaction_id: c.balance_transaction as string | null,
		})),
		refunds: byId(refunds).map((r) => ({
			id: r.id,
			charge_id: r.charge as string,
			amount: r.amount,
			currency: r.currency,
			status: r.status,
			reason: r.reason,
			balance_transaction_id: r.balance_transaction as string | null,
		})),
	};
}

beforeAll(async () => {
	await new Promise<void>((resolve) => {
		mockServer = createExpressApp().listen(0, "127.0.0.1", resolve);
	});
	const port = (mockServer.address() as AddressInfo).port;
	const mockBase = `http://127.0.0.1:${port}`;
	mock = new Stripe(SECRET_KEY, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });

	// A few days of a store's life, made on the mock.
	paid = await charge(2500, "tok_visa");
	partlyRefunded = await charge(4000, "tok_mastercard");
	await mock.refunds.create({ charge: partlyRefunded.id, amount: 1000 });
	fullyRefunded = await charge(1500, "tok_amex");
	await mock.refunds.create({ charge: fullyRefunded.id, reason: "duplicate" });
	authorized = await charge(7000, "tok_visa", { capture: false });
	await expect(charge(800, "tok_chargeDeclined")).rejects.toMatchObject({ code: "card_declined" });
	for (const amount of [1200, 990, 3300]) await charge(amount, "tok_visa");

	store = await createTestApp({
		seed: async (db) => {
			for (const account of [TEST_ACCOUNT, STALE_CURSOR]) await insertTestAccount(db.kysely, account);
		},
	});
	const appKey = randomBytes(32);
	const row = connectionRow(TEST_ACCOUNT, appKey);
	await store.db.kysely
		.insertInto("stripe_connections")
		.values([
			row,
			connectionRow(STALE_CURSOR, appKey, JSON.stringify({ charges: { after: "ch_gone", done: false } })),
		])
		.execute();
	const clients = new StripeClients({
		apiBase: mockBase,
		maxRetries: 0,
		fetch: (input, init) => {
			sent.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
			return globalThis.fetch(input, init);
		},
	});
	// The key the store would use: the one its connection row keeps, opened.
	client = clients.client(storedKey(row, appKey));
});

afterAll(async () => {
	if (mockServer) await new Promise((resolve) => mockServer.close(resolve));
	await store?.close();
});

describe("the history import, from stripe-stateful-mock", () => {
	let outcome: Awaited<ReturnType<typeof importHistory>>;
	beforeAll(async () => {
		outcome = await run(TEST_ACCOUNT);
	});

	it("goes live with every charge and refund the mock lists, as the mock has them", async () => {
		expect(outcome).toEqual({ status: "live" });
		const theirs = await mockAsCopy();
		const ours = await copyOf(TEST_ACCOUNT);
		expect(ours).toEqual(theirs);
		// The charges made here are among them, each as it stands on the mock.
		const mine = (id: string) => ours.charges.find((row) => row.id === id);
		expect(mine(paid.id)).toMatchObject({ amount: 2500, order_id: 2500, captured: 1, amount_refunded: 0 });
		expect(mine(partlyRefunded.id)).toMatchObject({ amount_refunded: 1000, refunded: 0 });
		expect(mine(fullyRefunded.id)).toMatchObject({ amount_refunded: 1500, refunded: 1 });
		expect(mine(authorized.id)).toMatchObject({
			captured: 0,
			amount_captured: 0,
			balance_transaction_id: null,
		});
		expect(ours.charges.some((row) => row.status === "failed" && row.amount === 800)).toBe(true);
		expect(ours.refunds.filter((row) => row.charge_id === fullyRefunded.id)).toEqual([
			expect.objectContaining({ amount: 1500, reason: "duplicate" }),
		]);
		// The list was read a page of three at a time, following the mock's cursor.
		expect(sent.filter((request) => request === "GET /v1/charges").length).toBe(
			Math.max(1, Math.ceil(theirs.charges.length / 3)),
		);
	});

	it("counts what it took, and names the lists the mock does not serve instead of waiting on them", async () => {
		const row = await connection(TEST_ACCOUNT);
		const theirs = await mockAsCopy();
		expect(row.status).toBe("live");
		const customers = await mock.customers.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
		expect(JSON.parse(row.import_counts)).toEqual({
			customers: customers.length,
			charges: theirs.charges.length,
			refunds: theirs.refunds.length,
		});
		const cursors = JSON.parse(row.import_cursors);
		expect(cursors).toMatchObject({
			customers: { done: true },
			payment_intents: { after: null, done: false, unserved: "No matching path: /v1/payment_intents" },
			charges: { done: true },
			refunds: { done: true },
			disputes: { after: null, done: false, unserved: "No matching path: /v1/disputes" },
			balance_transactions: { done: false, unserved: "No matching path: /v1/balance_transactions" },
			payouts: { done: false, unserved: "No matching path: /v1/payouts" },
		});
		expect(row.last_error).toBe(
			"Not imported, as Stripe does not serve their lists here: " +
				"payment intents (No matching path: /v1/payment_intents); disputes (No matching path: /v1/disputes); " +
				"balance transactions (No matching path: /v1/balance_transactions); payouts (No matching path: /v1/payouts).",
		);
		expect(row.import_finished_at).toBe(store.clock.seconds());
		expect(row.import_runner).toBeNull();
		// Each kind's list was asked for once, the unserved ones included: nothing was retried.
		for (const kind of ["payment_intents", "disputes", "balance_transactions", "payouts"]) {
			expect(sent.filter((request) => request === `GET /v1/${kind}`)).toHaveLength(1);
		}
		// The mock expands no balance transaction and lists none: the copy has charges without a ledger.
		const ledger = await store.db.kysely
			.selectFrom("balance_transactions")
			.select("id")
			.where("account_id", "=", TEST_ACCOUNT)
			.execute();
		expect(ledger).toEqual([]);
	});

	it("a 404 about a parameter (a cursor the mock does not know) is not an unserved list: the run waits to be tried again", async () => {
		expect(await run(STALE_CURSOR)).toMatchObject({ status: "retry" });
		const row = await connection(STALE_CURSOR);
		expect(row.status).toBe("importing");
		expect(row.last_error).toBe("Stripe could not be reached or failed to answer: No such charge: ch_gone");
		const cursors = JSON.parse(row.import_cursors);
		expect(cursors.charges).toEqual({ after: "ch_gone", done: false });
		expect(cursors).toMatchObject({ customers: { done: true }, payment_intents: { done: false } });
		expect(JSON.parse(row.import_counts).charges).toBeUndefined();
	});
});

describe("a refund through the store's processor, for a charge the import copied", () => {
	const processor = () =>
		stripeProcessor({ db: store.db.kysely, dialect: store.db.dialect, accountId: TEST_ACCOUNT, client });
	const scope = (key: string) => ({
		accountId: TEST_ACCOUNT,
		userId: 1,
		key,
		method: "POST",
		path: "/wp-json/wc/v3/payments/refund",
		fingerprint: key,
	});
	const refund = (chargeId: string, key: string, amount?: number) =>
		processor().refund({
			accountId: TEST_ACCOUNT,
			chargeId,
			amount,
			reason: "requested_by_customer",
			now: store.clock.seconds(),
			idempotency: scope(key),
		});
	const copiedCharge = (id: string) =>
		store.db.kysely
			.selectFrom("charges")
			.select(["amount_refunded", "refunded"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("id", "=", id)
			.executeTakeFirstOrThrow();

	it("lands on the mock once, a retry with the same key included, and the copy shows it at once", async () => {
		const first = await refund(paid.id, "refund-paid-1", 1000);
		if (!first.ok) throw new Error(`refused: ${first.failure.code}`);
		expect(first.replayed).toBe(false);
		const onMock = await mock.refunds.retrieve(first.refund.id);
		expect(onMock).toMatchObject({ charge: paid.id, amount: 1000, reason: "requested_by_customer" });
		expect(first.refund).toMatchObject({
			id: onMock.id,
			charge_id: paid.id,
			amount: 1000,
			currency: "usd",
			status: "succeeded",
			reason: "requested_by_customer",
			balance_transaction_id: onMock.balance_transaction,
		});
		expect(await copiedCharge(paid.id)).toEqual({ amount_refunded: 1000, refunded: 0 });

		// The same request again: the mock replays its answer for the Idempotency-Key.
		const again = await refund(paid.id, "refund-paid-1", 1000);
		if (!again.ok) throw new Error(`refused: ${again.failure.code}`);
		expect(again).toMatchObject({ replayed: true, refund: { id: first.refund.id } });
		expect((await mock.refunds.list({ charge: paid.id })).data.map((r) => r.id)).toEqual([first.refund.id]);
		expect((await mock.charges.retrieve(paid.id)).amount_refunded).toBe(1000);
		expect(await copiedCharge(paid.id)).toEqual({ amount_refunded: 1000, refunded: 0 });
	});

	it("with no amount, refunds what the copy says is left of a charge refunded in part before the import", async () => {
		const rest = await refund(partlyRefunded.id, "refund-rest-1");
		if (!rest.ok) throw new Error(`refused: ${rest.failure.code}`);
		expect(rest.refund.amount).toBe(3000);
		const onMock = await mock.charges.retrieve(partlyRefunded.id);
		expect(onMock).toMatchObject({ amount_refunded: 4000, refunded: true });
		expect(await copiedCharge(partlyRefunded.id)).toEqual({ amount_refunded: 4000, refunded: 1 });
		expect(await copyOf(TEST_ACCOUNT)).toEqual(await mockAsCopy());
	});

	it("what the copy says cannot be refunded is refused before the mock is asked", async () => {
		const before = sent.length;
		const refusals = await Promise.all([
			refund(fullyRefunded.id, "refund-refused-1", 100),
			refund(authorized.id, "refund-refused-2"),
			refund(paid.id, "refund-refused-3", 5000),
		]);
		expect(refusals.map((answer) => (answer.ok ? "ok" : answer.failure))).toEqual([
			expect.objectContaining({ code: "refused", reason: "already_refunded" }),
			expect.objectContaining({ code: "refused", reason: "not_captured" }),
			expect.objectContaining({ code: "refused", reason: "amount_too_large", refundable: 1500 }),
		]);
		expect(sent.length).toBe(before);
		expect(await copyOf(TEST_ACCOUNT)).toEqual(await mockAsCopy());
	});
});
