/**
 * Payouts through Stripe's official SDK: an instant payout made through the processor, the
 * payouts of the account's schedule as they move on the account's clock, their balance
 * transactions, and what the sandbox refuses (standard payouts on demand, cancellations, fields
 * payouts do not keep), each refusal writing nothing.
 */
import type { AddressInfo } from "node:net";
import { INSTANT_PAYOUT_FEE_PERCENTAGE } from "@paydesk/domain/payouts";
import { DAY_SECONDS } from "@paydesk/domain/processor-schedule";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const INSTANT_ACCOUNT = "acct_payouts_instant";
const SCHEDULED_ACCOUNT = "acct_payouts_scheduled";
const MANUAL_SCHEDULE = JSON.stringify({
	interval: "manual",
	delay_days: 2,
	weekly_anchor: null,
	monthly_anchor: null,
});

let t: TestApp;
let port: number;

function client(key: string): Stripe {
	return new Stripe(key, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
}

async function stripeError(work: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	const error = await work.then(
		() => null,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(Stripe.errors.StripeError);
	return error as Stripe.errors.StripeError;
}

/** Moves one account's clock and runs the processor's work that came due. */
async function advance(actor: Actor, seconds: number): Promise<void> {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/sandbox/clock`,
		headers: actor.headers,
		payload: { advance: seconds },
	});
	expect(response.statusCode).toBe(200);
}

async function pay(stripe: Stripe, amount: number): Promise<Stripe.Charge> {
	const intent = await stripe.paymentIntents.create({
		amount,
		currency: "usd",
		payment_method: "pm_card_visa",
		confirm: true,
		expand: ["latest_charge"],
	});
	return intent.latest_charge as Stripe.Charge;
}

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, INSTANT_ACCOUNT, {
				test_mode: 1,
				deposits_schedule: MANUAL_SCHEDULE,
			});
			await insertTestAccount(db.kysely, SCHEDULED_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
});

afterAll(() => t.close());

describe("instant payouts", () => {
	let stripe: Stripe;
	let admin: Actor;
	beforeAll(async () => {
		stripe = client((await createApiKeys(t.db.kysely, INSTANT_ACCOUNT, "payouts", t.clock.seconds())).secret);
		admin = await t.actor("administrator", INSTANT_ACCOUNT);
		await pay(stripe, 10_000);
		await advance(admin, 2 * DAY_SECONDS + 60);
	});

	const payoutCount = async () =>
		(await t.db.kysely.selectFrom("payouts").select("id").where("account_id", "=", INSTANT_ACCOUNT).execute())
			.length;

	it("refuses what the sandbox cannot do, and writes nothing", async () => {
		const balance = await stripe.balance.retrieve();
		const gross = balance.instant_available?.find((row) => row.currency === "usd")?.amount ?? 0;
		expect(gross).toBeGreaterThan(0);

		const standard = await stripeError(stripe.payouts.create({ amount: 1000, currency: "usd" }));
		expect(standard).toMatchObject({ statusCode: 400, param: "method" });
		expect(standard.message).toContain("payout schedule");
		const described = await stripeError(
			stripe.payouts.create({ amount: 1000, currency: "usd", method: "instant", description: "Friday" }),
		);
		expect(described).toMatchObject({ statusCode: 400, param: "description" });
		const tagged = await stripeError(
			stripe.payouts.create({ amount: 1000, currency: "usd", method: "instant", metadata: { a: "b" } }),
		);
		expect(tagged).toMatchObject({ statusCode: 400, param: "metadata" });
		const unknown = await stripeError(
			stripe.payouts.create({ amount: 1000, currency: "usd", method: "instant", colour: "red" } as never),
		);
		expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });
		const partial = await stripeError(
			stripe.payouts.create({ amount: 1000, currency: "usd", method: "instant" }),
		);
		expect(partial).toMatchObject({ statusCode: 400, param: "amount" });
		const net = gross - Math.round((gross * INSTANT_PAYOUT_FEE_PERCENTAGE) / 100);
		expect(partial.message).toContain(String(net));
		const tooMuch = await stripeError(
			stripe.payouts.create({ amount: gross, currency: "usd", method: "instant" }),
		);
		expect(tooMuch).toMatchObject({ statusCode: 400, code: "balance_insufficient", param: "amount" });
		expect(await payoutCount()).toBe(0);
	});

	it("pays out the instant balance once, whatever the retries, as the admin shows it", async () => {
		const gross = (await stripe.balance.retrieve()).instant_available?.[0]?.amount ?? 0;
		const net = gross - Math.round((gross * INSTANT_PAYOUT_FEE_PERCENTAGE) / 100);
		const key = "instant-payout-once";
		const payout = await stripe.payouts.create(
			{ amount: net, currency: "usd", method: "instant" },
			{ idempotencyKey: key },
		);
		expect(payout).toMatchObject({
			object: "payout",
			amount: net,
			currency: "usd",
			method: "instant",
			automatic: false,
			status: "in_transit",
			type: "card",
			livemode: false,
		});
		expect(payout.arrival_date).toBeGreaterThan(payout.created);
		const again = await stripe.payouts.create(
			{ amount: net, currency: "usd", method: "instant" },
			{ idempotencyKey: key },
		);
		expect(again.id).toBe(payout.id);
		expect(await payoutCount()).toBe(1);

		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/deposits/${payout.id}`,
			headers: admin.headers,
		});
		expect(shown.statusCode).toBe(200);
		expect(json<{ amount: number; status: string }>(shown)).toMatchObject({
			amount: net,
			status: "in_transit",
		});

		const empty = await stripeError(
			stripe.payouts.create({ amount: net, currency: "usd", method: "instant" }),
		);
		expect(empty).toMatchObject({ statusCode: 400, code: "balance_insufficient" });

		const cancel = await stripeError(stripe.payouts.cancel(payout.id));
		expect(cancel.statusCode).toBe(400);
		expect(cancel.message).toContain("only a pending payout");
		expect((await stripe.payouts.retrieve(payout.id)).status).toBe("in_transit");

		const inTransit = await stripe.payouts.list({ status: "in_transit" });
		expect(inTransit.data.map((item) => item.id)).toEqual([payout.id]);
		expect((await stripe.payouts.list({ status: "paid" })).data).toEqual([]);

		await advance(admin, 3600);
		expect((await stripe.payouts.retrieve(payout.id)).status).toBe("paid");
	});
});

describe("scheduled payouts", () => {
	let stripe: Stripe;
	let admin: Actor;
	beforeAll(async () => {
		stripe = client(
			(await createApiKeys(t.db.kysely, SCHEDULED_ACCOUNT, "payouts", t.clock.seconds())).secret,
		);
		admin = await t.actor("administrator", SCHEDULED_ACCOUNT);
	});

	it("lists the schedule's payout with its transactions, filters by arrival date, and never cancels it", async () => {
		const charge = await pay(stripe, 25_000);
		await advance(admin, 3 * DAY_SECONDS);
		const payouts = await stripe.payouts.list();
		expect(payouts.data).toHaveLength(1);
		const payout = payouts.data[0] as Stripe.Payout;
		expect(payout).toMatchObject({
			automatic: true,
			method: "standard",
			type: "bank_account",
			currency: "usd",
			reconciliation_status: "in_progress",
		});
		expect(["pending", "in_transit"]).toContain(payout.status);

		const carried = await stripe.balanceTransactions.list({ payout: payout.id });
		expect(carried.data.map((item) => item.id)).toContain(charge.balance_transaction);
		expect(carried.data.reduce((sum, item) => sum + item.net, 0)).toBe(payout.amount);
		const shown = await t.app.inject({
			method: "GET",
			url: `${BASE}/transactions?deposit_id=${payout.id}&pagesize=100`,
			headers: admin.headers,
		});
		expect(shown.statusCode).toBe(200);
		expect(
			json<{ data: { transaction_id: string }[] }>(shown)
				.data.map((item) => item.transaction_id)
				.sort(),
		).toEqual(carried.data.map((item) => item.id).sort());

		const arriving = await stripe.payouts.list({ arrival_date: { gte: payout.arrival_date } });
		expect(arriving.data.map((item) => item.id)).toEqual([payout.id]);
		expect((await stripe.payouts.list({ arrival_date: { lt: payout.arrival_date } })).data).toEqual([]);
		expect((await stripe.payouts.list({ created: payout.created })).data.map((item) => item.id)).toEqual([
			payout.id,
		]);

		const cancel = await stripeError(stripe.payouts.cancel(payout.id));
		expect(cancel.statusCode).toBe(400);
		expect(cancel.message).toContain("automatically");

		await advance(admin, 3 * DAY_SECONDS);
		const paid = await stripe.payouts.retrieve(payout.id);
		expect(paid).toMatchObject({ status: "paid", reconciliation_status: "completed" });
		expect((await stripe.payouts.list({ status: "paid" })).data.map((item) => item.id)).toContain(payout.id);
	});

	it("answers 404 for another account's payout and refuses an unknown status", async () => {
		const theirs = await t.db.kysely
			.selectFrom("payouts")
			.select("id")
			.where("account_id", "=", INSTANT_ACCOUNT)
			.executeTakeFirstOrThrow();
		const hidden = await stripeError(stripe.payouts.retrieve(theirs.id));
		expect(hidden).toMatchObject({ statusCode: 404, code: "resource_missing" });
		const status = await stripeError(stripe.payouts.list({ status: "lost" }));
		expect(status).toMatchObject({ statusCode: 400, param: "status" });
	});
});
