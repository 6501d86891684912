/**
 * Balance transactions through Stripe's official SDK: the account's ledger itself, the rows the
 * admin's transactions list shows, with Stripe's filters, cursors and `expand[]=source`.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const OTHER_ACCOUNT = "acct_ledger_other";
const PAGES_ACCOUNT = "acct_ledger_pages";

let t: TestApp;
let admin: Actor;
let stripe: Stripe;
let other: Stripe;
let pages: Stripe;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

async function pay(amount: number, through = stripe): Promise<Stripe.Charge> {
	const intent = await through.paymentIntents.create({
		amount,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
		expand: ["latest_charge"],
	});
	return intent.latest_charge as Stripe.Charge;
}

async function stripeError(work: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	const error = await work.then(
		() => null,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(Stripe.errors.StripeError);
	return error as Stripe.errors.StripeError;
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, PAGES_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	admin = await t.actor("administrator");
	stripe = client((await createApiKeys(t.db.kysely, TEST_ACCOUNT, "ledger", t.clock.seconds())).secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);
	pages = client((await createApiKeys(t.db.kysely, PAGES_ACCOUNT, "pages", t.clock.seconds())).secret);
});

afterAll(() => t.close());

describe("balance transactions", () => {
	it("a payment's row is the admin's transaction, with its fee details and its charge as source", async () => {
		const charge = await pay(4200);
		const id = charge.balance_transaction as string;
		expect(id).toMatch(/^txn_/);
		const row = await stripe.balanceTransactions.retrieve(id);
		expect(row).toMatchObject({
			object: "balance_transaction",
			id,
			amount: 4200,
			currency: "usd",
			type: "charge",
			reporting_category: "charge",
			source: charge.id,
			status: "pending",
		});
		expect(row.fee).toBeGreaterThan(0);
		expect(row.net).toBe(row.amount - row.fee);
		expect(row.fee_details).toEqual([
			expect.objectContaining({ amount: row.fee, currency: "usd", type: "stripe_fee" }),
		]);
		expect(row.available_on).toBeGreaterThan(row.created);

		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/transactions?per_page=100`,
			headers: admin.headers,
		});
		expect(shown.statusCode).toBe(200);
		const same = json<{ data: { transaction_id: string; amount: number; fees: number; net: number }[] }>(
			shown,
		).data.find((item) => item.transaction_id === id);
		expect(same).toMatchObject({ amount: row.amount, fees: row.fee, net: row.net });
	});

	it("expands the source to the charge, and to the refund on a refund's row", async () => {
		const charge = await pay(3000);
		const expanded = await stripe.balanceTransactions.retrieve(charge.balance_transaction as string, {
			expand: ["source"],
		});
		expect((expanded.source as Stripe.Charge).object).toBe("charge");
		expect((expanded.source as Stripe.Charge).id).toBe(charge.id);

		const refund = await stripe.refunds.create({ charge: charge.id, amount: 1000 });
		const refundRow = await stripe.balanceTransactions.retrieve(refund.balance_transaction as string, {
			expand: ["source"],
		});
		expect(refundRow).toMatchObject({ type: "refund", amount: -1000 });
		expect((refundRow.source as Stripe.Refund).id).toBe(refund.id);

		const bySource = await stripe.balanceTransactions.list({ source: refund.id });
		expect(bySource.data.map((item) => item.id)).toEqual([refund.balance_transaction]);
		const byCharge = await stripe.balanceTransactions.list({ source: charge.id });
		expect(byCharge.data.map((item) => item.id)).toEqual([charge.balance_transaction]);

		const refunds = await stripe.balanceTransactions.list({ type: "refund", expand: ["data.source"] });
		expect(refunds.data.length).toBeGreaterThan(0);
		for (const item of refunds.data) {
			expect(item.type).toBe("refund");
			expect((item.source as Stripe.Refund).object).toBe("refund");
		}
	});

	it("filters by currency and created, newest first, and pages with both cursors", async () => {
		const first = await pay(1001, pages);
		t.clock.advance(10);
		const second = await pay(1002, pages);
		t.clock.advance(10);
		const third = await pay(1003, pages);
		const ids = [third, second, first].map((charge) => charge.balance_transaction);

		const all = await pages.balanceTransactions.list({ currency: "usd" });
		expect(all.data.map((item) => item.id)).toEqual(ids);
		expect((await pages.balanceTransactions.list({ currency: "EUR" })).data).toEqual([]);

		const page = await pages.balanceTransactions.list({ limit: 1 });
		expect(page.has_more).toBe(true);
		expect(page.data[0]?.id).toBe(ids[0]);
		const next = await pages.balanceTransactions.list({ limit: 1, starting_after: ids[0] as string });
		expect(next.data.map((item) => item.id)).toEqual([ids[1]]);
		const before = await pages.balanceTransactions.list({ limit: 5, ending_before: ids[2] as string });
		expect(before.data.map((item) => item.id)).toEqual([ids[0], ids[1]]);
		expect(before.has_more).toBe(false);
		const walked = await pages.balanceTransactions.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
		expect(walked.map((item) => item.id)).toEqual(ids);

		const created = (await pages.balanceTransactions.retrieve(ids[1] as string)).created;
		const since = await pages.balanceTransactions.list({ created: { gte: created } });
		expect(since.data.map((item) => item.id)).toEqual([ids[0], ids[1]]);
		const exactly = await pages.balanceTransactions.list({ created });
		expect(exactly.data.map((item) => item.id)).toEqual([ids[1]]);
	});

	it("answers Stripe's errors for unknown parameters, cursors and ids, and another account's rows", async () => {
		const charge = await pay(1500);
		const unknown = await stripeError(stripe.balanceTransactions.list({ colour: "red" } as never));
		expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });
		const cursor = await stripeError(stripe.balanceTransactions.list({ starting_after: "txn_nothing" }));
		expect(cursor).toMatchObject({ statusCode: 404, code: "resource_missing", param: "starting_after" });
		const payout = await stripeError(stripe.balanceTransactions.list({ payout: "po_nothing" }));
		expect(payout).toMatchObject({ statusCode: 404, param: "payout" });
		const expand = await stripeError(
			stripe.balanceTransactions.retrieve(charge.balance_transaction as string, { expand: ["fee"] }),
		);
		expect(expand).toMatchObject({ statusCode: 400, param: "expand" });

		const hidden = await stripeError(
			other.balanceTransactions.retrieve(charge.balance_transaction as string),
		);
		expect(hidden).toMatchObject({ statusCode: 404, code: "resource_missing" });
		const theirs = await other.balanceTransactions.list({ limit: 100 });
		expect(theirs.data).toEqual([]);
	});
});
