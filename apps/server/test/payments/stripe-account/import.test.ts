/**
 * The history import of a connected Stripe account, with a Paydesk sandbox standing in for
 * Stripe: customers, payments (one intent never confirmed), refunds, authorizations, a decline, a
 * dispute and payouts made on the sandbox through Stripe's official SDK (and its test clock) are
 * copied into the second store once it connects, so that its ledger matches the sandbox's row
 * for row, and its screens list them, a payment whose billing details name no one under its
 * customer's name. A run killed between pages resumes from its cursor with nothing doubled, and
 * a run holding the import keeps another process out of it; what changes afterwards (a capture,
 * a cancellation, a customer's new name) arrives through the events.
 */

import { STRIPE_SYNC_KINDS } from "@paydesk/contract/stripe-account";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/connection.ts";
import { applyEvents, catchUpEvents } from "../../../src/payments/stripe-account/import/events.ts";
import { importHistory } from "../../../src/payments/stripe-account/import/history.ts";
import { DISPUTE_ARRIVAL_DELAY } from "../../../src/processors/sandbox/timed-disputes.ts";
import { type StripeClient, StripeClients } from "../../../src/processors/stripe/client.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { BASE, expectMoneyInvariants } from "../../support/invariants.ts";
import { STRIPE_SIDE as STRIPE_ACCOUNT, type StripePair, stripePair } from "../../support/stripe-pair.ts";

/** A second store account, connected to the same Stripe account, for the runs driven by hand. */
const RESUMED = "acct_resumed_import";
const DAY = 86_400;

let pair: StripePair;
/** The charge of a payment authorized and not captured before the store connected. */
let authorization: string;
/** A customer with a name, whose authorization (its billing details naming no one) waits for capture. */
let ada: Stripe.Customer;
let adaAuthorization: string;
/** A customer known by an e-mail alone, who paid, and is given a name after the import. */
let grace: Stripe.Customer;
let gracePayment: string;

/** A payment on the Stripe side; answers its charge. */
async function pay(amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) {
	return (await pair.pay(amount, extra)).latest_charge as string;
}

/** The ledger of one account, as the comparison reads it. */
async function ledgerOf(db: Db, accountId: string) {
	return db.kysely
		.selectFrom("balance_transactions")
		.select([
			"id",
			"type",
			"reporting_category",
			"amount",
			"fee",
			"net",
			"currency",
			"deposit_id",
			"charge_id",
			"source_id",
			"available_on",
		])
		.where("account_id", "=", accountId)
		.orderBy("id")
		.execute();
}

async function rowsOf(db: Db, accountId: string) {
	const [charges, refunds, disputes, payouts] = await Promise.all([
		db.kysely
			.selectFrom("charges")
			.select([
				"id",
				"payment_intent_id",
				"amount",
				"amount_refunded",
				"captured",
				"refunded",
				"disputed",
				"status",
				"fee",
			])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
		db.kysely
			.selectFrom("refunds")
			.select(["id", "charge_id", "amount", "status", "balance_transaction_id"])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
		db.kysely
			.selectFrom("disputes")
			.select(["id", "charge_id", "amount", "status", "reason", "due_by"])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
		db.kysely
			.selectFrom("payouts")
			.select(["id", "amount", "currency", "status", "date", "automatic"])
			.where("account_id", "=", accountId)
			.orderBy("id")
			.execute(),
	]);
	// An authorization has no balance transaction yet: Stripe tells no fee before the capture.
	const withFees = charges.map((charge) => ({ ...charge, fee: charge.captured ? charge.fee : null }));
	return { charges: withFees, refunds, disputes, payouts };
}

beforeAll(async () => {
	pair = await stripePair({ storeAccounts: [RESUMED] });
	const { stripe } = pair;
	// A few days of a store's life on the Stripe side.
	for (const amount of [1200, 2500, 4000, 990, 15_000, 3300]) await pay(amount);
	const refunded = await pay(5000);
	await stripe.refunds.create({ charge: refunded, amount: 1500 });
	await stripe.refunds.create({ charge: await pay(2200) });
	authorization = await pay(7000, { capture_method: "manual" });
	await pay(800, { payment_method: "pm_card_chargeDeclined" }).catch(() => undefined);
	await pay(6100, { payment_method: "pm_card_createDispute" });
	ada = await stripe.customers.create({ name: "Ada Lovelace", email: "ada@example.com" });
	adaAuthorization = await pay(4800, { customer: ada.id, capture_method: "manual" });
	grace = await stripe.customers.create({ email: "grace@example.com" });
	gracePayment = await pay(3900, { customer: grace.id });
	// An intent made and never confirmed: no charge, only the intent.
	await stripe.paymentIntents.create({ amount: 999, currency: "usd", customer: ada.id });
	await pair.moveClock(DISPUTE_ARRIVAL_DELAY + 60);
	await pair.moveClock(3 * DAY);
	for (const amount of [1800, 2700]) await pay(amount);
});

/** The Stripe side's customers and payment intents, as its API lists them. */
async function payersOnStripe() {
	const customers = await pair.stripe.customers.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
	const intents = await pair.stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
	return {
		customers: customers
			.map((customer) => ({ id: customer.id, name: customer.name, email: customer.email }))
			.sort((a, b) => a.id.localeCompare(b.id)),
		intents: intents
			.map((intent) => ({
				intent_id: intent.id,
				status: intent.status,
				amount: intent.amount,
				currency: intent.currency,
				capture_method: intent.capture_method,
				customer_id: intent.customer as string | null,
			}))
			.sort((a, b) => a.intent_id.localeCompare(b.intent_id)),
	};
}

/** The copy's customers and payment intents, in the same shape. */
async function payersOf(db: Db, accountId: string) {
	const [customers, intents] = await Promise.all([
		db.kysely
			.selectFrom("stripe_customers")
			.select(["id", "name", "email"])
			.where("account_id", "=", accountId)
			.execute(),
		db.kysely
			.selectFrom("intent_details")
			.select(["intent_id", "status", "amount", "currency", "capture_method", "customer_id"])
			.where("account_id", "=", accountId)
			.execute(),
	]);
	return {
		customers: customers.sort((a, b) => a.id.localeCompare(b.id)),
		intents: intents
			.map((intent) => ({ ...intent, amount: Number(intent.amount) }))
			.sort((a, b) => a.intent_id.localeCompare(b.intent_id)),
	};
}

/** A charge's customer as the copy shows it: on the charge, and on its ledger rows. */
async function customerShown(db: Db, accountId: string, chargeId: string) {
	const charge = await db.kysely
		.selectFrom("charges")
		.select(["customer_name", "customer_email", "intent_status"])
		.where("account_id", "=", accountId)
		.where("id", "=", chargeId)
		.executeTakeFirstOrThrow();
	const ledger = await db.kysely
		.selectFrom("balance_transactions")
		.select(["customer_name", "customer_email"])
		.where("account_id", "=", accountId)
		.where("charge_id", "=", chargeId)
		.execute();
	return { ...charge, ledger };
}

afterAll(() => pair?.close());

describe("connecting imports the account's history", () => {
	let sync: Record<string, unknown>;
	beforeAll(async () => {
		sync = await pair.connect();
	});

	it("the sync says live, with every kind done and counted", async () => {
		const sandboxRows = await rowsOf(pair.sandbox.db, STRIPE_ACCOUNT);
		const ledger = await ledgerOf(pair.sandbox.db, STRIPE_ACCOUNT);
		expect(sandboxRows.payouts.length).toBeGreaterThan(0);
		expect(sandboxRows.disputes).toHaveLength(1);
		const payers = await payersOnStripe();
		expect(payers.customers).toHaveLength(2);
		expect(sync).toMatchObject({
			status: "live",
			counts: {
				customers: payers.customers.length,
				payment_intents: payers.intents.length,
				charges: sandboxRows.charges.length,
				refunds: sandboxRows.refunds.length,
				disputes: 1,
				balance_transactions: ledger.length,
				payouts: sandboxRows.payouts.length,
			},
			kinds_done: [...STRIPE_SYNC_KINDS],
			last_error: null,
		});
		expect(sync.rate_per_second).toBeGreaterThan(0);
		expect(sync.import_finished_at).toBe(pair.store.clock.seconds());
	});

	it("the ledger matches the sandbox's row for row: id, type, amount, fee, net and payout", async () => {
		const theirs = await ledgerOf(pair.sandbox.db, STRIPE_ACCOUNT);
		const ours = await ledgerOf(pair.store.db, TEST_ACCOUNT);
		expect(theirs.length).toBeGreaterThan(10);
		expect(ours).toEqual(theirs);
		expect(ours.filter((row) => row.deposit_id !== null).length).toBeGreaterThan(0);
		expect(ours.map((row) => row.type)).toEqual(expect.arrayContaining(["charge", "refund", "dispute"]));
	});

	it("charges, refunds, disputes and payouts match too", async () => {
		const theirs = await rowsOf(pair.sandbox.db, STRIPE_ACCOUNT);
		const ours = await rowsOf(pair.store.db, TEST_ACCOUNT);
		expect(ours).toEqual(theirs);
		expect(ours.charges.map((charge) => charge.status)).toEqual(expect.arrayContaining(["failed"]));
		// The order each payment's metadata names (as WooCommerce's Stripe integrations record it).
		const orders = await pair.store.db.kysely
			.selectFrom("charges")
			.select(["amount", "order_id"])
			.where("account_id", "=", TEST_ACCOUNT)
			.execute();
		for (const charge of orders) expect(charge.order_id).toBe(charge.amount);
		// Each refund is on its payment's timeline: the whole one as full, the part as partial.
		const refundEvents = await pair.store.db.kysely
			.selectFrom("timeline_events")
			.innerJoin("charges", (join) =>
				join
					.onRef("charges.payment_intent_id", "=", "timeline_events.payment_intent_id")
					.onRef("charges.account_id", "=", "timeline_events.account_id"),
			)
			.select(["charges.amount", "timeline_events.type"])
			.where("timeline_events.account_id", "=", TEST_ACCOUNT)
			.where("timeline_events.type", "in", ["full_refund", "partial_refund"])
			.orderBy("charges.amount")
			.execute();
		expect(refundEvents).toEqual([
			{ amount: 2200, type: "full_refund" },
			{ amount: 5000, type: "partial_refund" },
		]);
		expect(ours.charges.some((charge) => charge.captured === 0 && charge.status === "succeeded")).toBe(true);
	});

	it("customers and payment intents are the Stripe side's, the intent never confirmed included", async () => {
		const theirs = await payersOnStripe();
		expect(await payersOf(pair.store.db, TEST_ACCOUNT)).toEqual(theirs);
		expect(theirs.intents.map((intent) => intent.status)).toEqual(
			expect.arrayContaining(["requires_payment_method", "requires_capture", "succeeded"]),
		);
	});

	it("a payment whose billing details name no one shows its customer's name and e-mail, in the Uncaptured list too", async () => {
		// The Stripe side's charge carries the e-mail it was paid with, and no name.
		const onStripe = await pair.stripe.charges.retrieve(adaAuthorization);
		expect(onStripe.billing_details.name || null).toBeNull();
		expect(await customerShown(pair.store.db, TEST_ACCOUNT, adaAuthorization)).toEqual({
			customer_name: "Ada Lovelace",
			customer_email: "ada@example.com",
			intent_status: "requires_capture",
			ledger: [],
		});
		const uncaptured = await pair.server.inject({
			method: "GET",
			url: `${BASE}/authorizations`,
			headers: pair.admin.headers,
		});
		expect(uncaptured.statusCode, uncaptured.body).toBe(200);
		const listed = (uncaptured.json() as { data: Record<string, unknown>[] }).data;
		expect(listed.map((row) => row.charge_id).sort()).toEqual([adaAuthorization, authorization].sort());
		expect(listed.find((row) => row.charge_id === adaAuthorization)).toMatchObject({
			customer_name: "Ada Lovelace",
			customer_email: "ada@example.com",
			amount: 4800,
		});
		// A customer known by an e-mail alone: the e-mail, and no name.
		expect(await customerShown(pair.store.db, TEST_ACCOUNT, gracePayment)).toMatchObject({
			customer_name: "",
			customer_email: "grace@example.com",
			ledger: [{ customer_name: "", customer_email: "grace@example.com" }],
		});
	});

	it("the store's balances and summaries agree with its ledger", async () => {
		await expectMoneyInvariants(pair.store.db.kysely, TEST_ACCOUNT, pair.store.clock.seconds());
	});

	it("the admin's lists show the copied records", async () => {
		const list = await pair.server.inject({
			method: "GET",
			url: `${BASE}/transactions?per_page=100`,
			headers: pair.admin.headers,
		});
		expect(list.statusCode).toBe(200);
		const ledger = await ledgerOf(pair.sandbox.db, STRIPE_ACCOUNT);
		expect((list.json() as { data: unknown[] }).data).toHaveLength(ledger.length);
		const disputes = await pair.server.inject({
			method: "GET",
			url: `${BASE}/disputes`,
			headers: pair.admin.headers,
		});
		expect(disputes.statusCode).toBe(200);
		expect((disputes.json() as { data: unknown[] }).data).toHaveLength(1);
		const charge = await pair.store.db.kysely
			.selectFrom("charges")
			.select(["payment_intent_id", "amount"])
			.where("account_id", "=", TEST_ACCOUNT)
			.where("refunded", "=", 1)
			.executeTakeFirstOrThrow();
		const details = await pair.server.inject({
			method: "GET",
			url: `${BASE}/payment_intents/${charge.payment_intent_id}`,
			headers: pair.admin.headers,
		});
		expect(details.statusCode, details.body).toBe(200);
		expect(details.json()).toMatchObject({ id: charge.payment_intent_id, amount: charge.amount });
		const payouts = await pair.server.inject({
			method: "GET",
			url: `${BASE}/deposits`,
			headers: pair.admin.headers,
		});
		expect(payouts.statusCode).toBe(200);
		expect((payouts.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
	});
});

describe("a run that stops midway", () => {
	/** A client whose process dies after `requests` requests (to `path` only, when given). */
	const failAfter = (requests: number, path?: string) => {
		let made = 0;
		return new StripeClients({
			apiBase: pair.apiBase,
			maxRetries: 0,
			fetch: (input, init) => {
				if (path === undefined || new URL(String(input)).pathname === path) made++;
				if (made > requests) return Promise.reject(new Error("the process was killed"));
				return globalThis.fetch(input, init);
			},
		}).client(pair.secretKey);
	};

	beforeAll(async () => {
		// The same Stripe account, behind a second store account whose import has not begun.
		const row = await pair.store.db.kysely
			.selectFrom("stripe_connections")
			.selectAll()
			.where("account_id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		await pair.store.db.kysely
			.insertInto("stripe_connections")
			.values({
				...row,
				account_id: RESUMED,
				status: "importing",
				import_cursors: "{}",
				import_counts: "{}",
				import_started_at: null,
				import_finished_at: null,
				import_runner: null,
				import_lease_until: null,
			})
			.execute();
	});

	const run = (client: StripeClient, runner: string) =>
		importHistory({
			db: pair.store.db.kysely,
			accountId: RESUMED,
			client,
			runner,
			now: () => pair.store.clock.seconds(),
			pageSize: 3,
		});

	it("keeps what its pages committed, and a run elsewhere waits for its lease", async () => {
		// The customers and intents, four pages of three charges, then the process is gone.
		const stopped = await run(failAfter(4, "/v1/charges"), "first");
		expect(stopped).toMatchObject({ status: "retry" });
		const payers = await payersOnStripe();
		const row = await pair.store.db.kysely
			.selectFrom("stripe_connections")
			.select(["status", "import_counts", "last_error", "import_runner"])
			.where("account_id", "=", RESUMED)
			.executeTakeFirstOrThrow();
		expect(row.status).toBe("importing");
		expect(JSON.parse(row.import_counts)).toEqual({
			customers: payers.customers.length,
			payment_intents: payers.intents.length,
			charges: 12,
		});
		expect(row.last_error).toContain("the process was killed");
		// The failed run let its lease go: the next may start at once.
		expect(row.import_runner).toBeNull();

		// A run that holds the lease keeps another process out until it ends.
		await pair.store.db.kysely
			.updateTable("stripe_connections")
			.set({ import_runner: "elsewhere", import_lease_until: pair.store.clock.seconds() + 30 })
			.where("account_id", "=", RESUMED)
			.execute();
		expect(await run(failAfter(100), "second")).toEqual({
			status: "held",
			until: pair.store.clock.seconds() + 30,
		});
		await pair.store.db.kysely
			.updateTable("stripe_connections")
			.set({ import_lease_until: pair.store.clock.seconds() - 1 })
			.where("account_id", "=", RESUMED)
			.execute();
	});

	it("the next run goes on from the cursor, and nothing is copied twice", async () => {
		expect(await run(failAfter(10_000), "second")).toEqual({ status: "live" });
		const ours = await rowsOf(pair.store.db, RESUMED);
		const theirs = await rowsOf(pair.sandbox.db, STRIPE_ACCOUNT);
		expect(ours).toEqual(theirs);
		expect(await ledgerOf(pair.store.db, RESUMED)).toEqual(await ledgerOf(pair.sandbox.db, STRIPE_ACCOUNT));
		const row = await pair.store.db.kysely
			.selectFrom("stripe_connections")
			.select(["import_counts"])
			.where("account_id", "=", RESUMED)
			.executeTakeFirstOrThrow();
		expect(JSON.parse(row.import_counts)).toMatchObject({
			charges: theirs.charges.length,
			refunds: theirs.refunds.length,
			payouts: theirs.payouts.length,
		});
		expect(await payersOf(pair.store.db, RESUMED)).toEqual(await payersOnStripe());
		await expectMoneyInvariants(pair.store.db.kysely, RESUMED, pair.store.clock.seconds());
	});

	it("what happened since, with no webhook delivered, arrives through the catch-up of events", async () => {
		const capturedIntent = (await pair.stripe.charges.retrieve(authorization)).payment_intent as string;
		await pair.stripe.paymentIntents.capture(capturedIntent);
		await pair.stripe.refunds.create({ charge: await pay(4400), amount: 400 });
		const adaIntent = (await pair.stripe.charges.retrieve(adaAuthorization)).payment_intent as string;
		await pair.stripe.paymentIntents.cancel(adaIntent, { cancellation_reason: "abandoned" });
		await pair.stripe.customers.update(grace.id, { name: "Grace Hopper" });
		await pair.moveClock(3 * DAY);
		const copy = {
			db: pair.store.db.kysely,
			accountId: RESUMED,
			client: failAfter(10_000),
			runner: "second",
			now: () => pair.store.clock.seconds(),
		};
		expect(await catchUpEvents(copy)).toBeGreaterThan(0);
		expect(await applyEvents(copy)).toMatchObject({ status: "applied" });
		expect(await rowsOf(pair.store.db, RESUMED)).toEqual(await rowsOf(pair.sandbox.db, STRIPE_ACCOUNT));
		expect(await ledgerOf(pair.store.db, RESUMED)).toEqual(await ledgerOf(pair.sandbox.db, STRIPE_ACCOUNT));
		// The intent's event is read again as the intent, with why it was canceled.
		expect(await payersOf(pair.store.db, RESUMED)).toEqual(await payersOnStripe());
		const canceled = await pair.store.db.kysely
			.selectFrom("intent_details")
			.select(["status", "cancellation_reason"])
			.where("account_id", "=", RESUMED)
			.where("intent_id", "=", adaIntent)
			.executeTakeFirstOrThrow();
		expect(canceled).toEqual({ status: "canceled", cancellation_reason: "abandoned" });
		expect((await customerShown(pair.store.db, RESUMED, adaAuthorization)).intent_status).toBe("canceled");
		// The customer's new name reaches the payment that named no one, and its ledger row.
		expect(await customerShown(pair.store.db, RESUMED, gracePayment)).toMatchObject({
			customer_name: "Grace Hopper",
			customer_email: "grace@example.com",
			ledger: [{ customer_name: "Grace Hopper", customer_email: "grace@example.com" }],
		});
		// Nothing is kept or applied twice: a second catch-up finds every event kept.
		expect(await catchUpEvents(copy)).toBe(0);
		expect(await applyEvents(copy)).toEqual({ status: "applied", events: 0 });
		await expectMoneyInvariants(pair.store.db.kysely, RESUMED, pair.store.clock.seconds());
	});
});
