/**
 * Disputes through Stripe's official SDK: payments with Stripe's dispute test method are
 * disputed once the account's clock passes the arrival delay; evidence (with an uploaded file)
 * is saved, then submitted and won; another dispute is closed. The admin's REST API shows each
 * change, and the processor's refusals are Stripe's errors that change nothing.
 */
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	DISPUTE_ARRIVAL_DELAY,
	DISPUTE_DECISION_DELAY,
	DISPUTE_FEE,
} from "../../src/processors/sandbox/timed-disputes.ts";
import { createApiKeys } from "../../src/stripe-api/keys.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE } from "../support/invariants.ts";

const OTHER_ACCOUNT = "acct_disputes_other";
const PNG = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	Buffer.alloc(64, 1),
]);

let t: TestApp;
let admin: Actor;
let stripe: Stripe;
let other: Stripe;
let port: number;
let challenged: Stripe.Dispute;
let accepted: Stripe.Dispute;

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

async function advance(seconds: number): Promise<void> {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/sandbox/clock`,
		headers: admin.headers,
		payload: { advance: seconds },
	});
	expect(response.statusCode).toBe(200);
}

async function adminDispute(id: string) {
	const response = await t.app.inject({
		method: "GET",
		url: `${BASE}/disputes/${id}`,
		headers: admin.headers,
	});
	expect(response.statusCode).toBe(200);
	return json<{
		status: string;
		evidence: Record<string, string>;
		evidence_files: Record<string, { id: string }>;
		metadata: Record<string, string>;
	}>(response);
}

const disputeRow = (id: string) =>
	t.db.kysely
		.selectFrom("disputes")
		.select(["status", "evidence", "metadata"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 });
			await insertTestAccount(db.kysely, OTHER_ACCOUNT, { test_mode: 1 });
		},
	});
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	port = (t.app.server.address() as AddressInfo).port;
	admin = await t.actor("administrator");
	stripe = client((await createApiKeys(t.db.kysely, TEST_ACCOUNT, "disputes", t.clock.seconds())).secret);
	other = client((await createApiKeys(t.db.kysely, OTHER_ACCOUNT, "other", t.clock.seconds())).secret);

	const intents: Stripe.PaymentIntent[] = [];
	for (const amount of [5000, 7000]) {
		intents.push(
			await stripe.paymentIntents.create({
				amount,
				currency: "usd",
				payment_method: "pm_card_createDispute",
				confirm: true,
			}),
		);
		t.clock.advance(5);
	}
	expect(await stripe.disputes.list()).toMatchObject({ data: [] });
	await advance(DISPUTE_ARRIVAL_DELAY);
	const [first, second] = intents;
	challenged = (await stripe.disputes.list({ payment_intent: first?.id })).data[0] as Stripe.Dispute;
	accepted = (await stripe.disputes.list({ payment_intent: second?.id })).data[0] as Stripe.Dispute;
});

afterAll(() => t.close());

describe("disputes", () => {
	it("arrive on the account's clock, with their debit as an adjustment of the ledger", async () => {
		expect(challenged).toMatchObject({
			object: "dispute",
			amount: 5000,
			currency: "usd",
			status: "needs_response",
			livemode: false,
		});
		expect(challenged.evidence.receipt).toBeNull();
		expect(challenged.evidence_details).toMatchObject({ has_evidence: false, submission_count: 0 });
		expect(challenged.evidence_details.due_by).toBeGreaterThan(challenged.created);
		const [debit] = challenged.balance_transactions;
		expect(debit).toMatchObject({
			type: "adjustment",
			reporting_category: "dispute",
			amount: -5000,
			fee: DISPUTE_FEE,
			source: challenged.id,
		});

		const charge = await stripe.charges.retrieve(challenged.charge as string);
		expect(charge.disputed).toBe(true);
		expect((await stripe.disputes.list({ charge: charge.id })).data.map((item) => item.id)).toEqual([
			challenged.id,
		]);
		const adjustments = await stripe.balanceTransactions.list({
			type: "adjustment",
			expand: ["data.source"],
		});
		const row = adjustments.data.find((item) => item.id === debit?.id);
		expect((row?.source as Stripe.Dispute | undefined)?.id).toBe(challenged.id);
		const bySource = await stripe.balanceTransactions.list({ source: challenged.id });
		expect(bySource.data.map((item) => item.id)).toEqual([debit?.id]);
		const byCharge = await stripe.balanceTransactions.list({ source: charge.id });
		expect(byCharge.data.map((item) => item.id)).toEqual([charge.balance_transaction]);
		expect((await stripe.balanceTransactions.list({ source: "du_nothing" })).data).toEqual([]);

		const all = await stripe.disputes.list({ limit: 1 });
		expect(all.has_more).toBe(true);
		expect(all.data.map((item) => item.id)).toEqual([accepted.id]);
		const next = await stripe.disputes.list({ limit: 1, starting_after: accepted.id });
		expect(next.data.map((item) => item.id)).toEqual([challenged.id]);
		const created = await stripe.disputes.list({ created: { lt: accepted.created } });
		expect(created.data.map((item) => item.id)).toEqual([challenged.id]);
		expect((await stripe.disputes.retrieve(accepted.id, { expand: ["charge"] })).charge).toMatchObject({
			object: "charge",
		}); // A page answers each dispute as its own retrieval does: its own ledger rows and its own charge.
		const page = await stripe.disputes.list({ expand: ["data.charge"] });
		expect(page.data.map((item) => item.id)).toEqual([accepted.id, challenged.id]);
		for (const item of page.data) {
			const alone = await stripe.disputes.retrieve(item.id, { expand: ["charge"] });
			expect(item.balance_transactions).toEqual(alone.balance_transactions);
			expect((item.charge as Stripe.Charge).id).toBe((alone.charge as Stripe.Charge).id);
			expect(item.balance_transactions.length).toBeGreaterThan(0);
		}
	});

	it("saves evidence naming an uploaded file, then submits it with the product type and wins", async () => {
		const file = await stripe.files.create({
			purpose: "dispute_evidence",
			file: { data: PNG, name: "receipt.png", type: "image/png" },
		});
		const saved = await stripe.disputes.update(challenged.id, {
			evidence: { receipt: file.id, uncategorized_text: "Delivered and signed for. winning_evidence" },
			submit: false,
		});
		expect(saved.status).toBe("needs_response");
		expect(saved.evidence).toMatchObject({
			receipt: file.id,
			uncategorized_text: "Delivered and signed for. winning_evidence",
		});
		expect(saved.metadata.receipt).toBe("receipt.png");
		const shown = await adminDispute(challenged.id);
		expect(shown.evidence.receipt).toBe(file.id);
		expect(shown.evidence_files.receipt?.id).toBe(file.id);

		// Stripe submits by default; the sandbox's challenge needs a product type first.
		const before = await disputeRow(challenged.id);
		const noType = await stripeError(
			stripe.disputes.update(challenged.id, { evidence: { customer_name: "Ada" } }),
		);
		expect(noType).toMatchObject({ statusCode: 400, param: "metadata[__product_type]" });
		expect(await disputeRow(challenged.id)).toEqual(before);

		const submitted = await stripe.disputes.update(challenged.id, {
			metadata: { __product_type: "physical_product" },
		});
		expect(submitted.status).toBe("under_review");
		expect(submitted.evidence_details).toMatchObject({
			has_evidence: true,
			submission_count: 1,
			submission_method: "manual",
		});
		expect(submitted.metadata.__product_type).toBe("physical_product");
		expect((await adminDispute(challenged.id)).status).toBe("under_review");

		const late = await stripeError(
			stripe.disputes.update(challenged.id, { evidence: { customer_name: "Ada" }, submit: false }),
		);
		expect(late.statusCode).toBe(400);
		const closeLate = await stripeError(stripe.disputes.close(challenged.id));
		expect(closeLate.statusCode).toBe(400);

		await advance(DISPUTE_DECISION_DELAY);
		const won = await stripe.disputes.retrieve(challenged.id);
		expect(won.status).toBe("won");
		expect(won.balance_transactions.map((item) => [item.type, item.reporting_category, item.amount])).toEqual(
			[
				["adjustment", "dispute", -5000],
				["adjustment", "dispute_reversal", 5000],
			],
		);
	});

	it("closes a dispute as lost, as the admin shows it", async () => {
		const closed = await stripe.disputes.close(accepted.id);
		expect(closed.status).toBe("lost");
		expect(closed.metadata.__closed_by_merchant).toBe("1");
		expect((await adminDispute(accepted.id)).status).toBe("lost");
		expect((await stripe.disputes.close(accepted.id)).status).toBe("lost");
	});

	it("refuses evidence Stripe's way and writes nothing", async () => {
		const open = await stripe.paymentIntents.create({
			amount: 3100,
			currency: "usd",
			payment_method: "pm_card_createDispute",
			confirm: true,
		});
		await advance(DISPUTE_ARRIVAL_DELAY);
		const dispute = (await stripe.disputes.list({ payment_intent: open.id })).data[0] as Stripe.Dispute;
		const before = await disputeRow(dispute.id);

		const unknown = await stripeError(
			stripe.disputes.update(dispute.id, { evidence: { favourite_colour: "red" } as never, submit: false }),
		);
		expect(unknown).toMatchObject({
			statusCode: 400,
			code: "parameter_unknown",
			param: "evidence[favourite_colour]",
		});
		const date = await stripeError(
			stripe.disputes.update(dispute.id, { evidence: { shipping_date: "last week" }, submit: false }),
		);
		expect(date).toMatchObject({ statusCode: 400, param: "evidence[shipping_date]" });
		const reserved = await stripeError(
			stripe.disputes.update(dispute.id, { metadata: { __closed_by_merchant: "1" }, submit: false }),
		);
		expect(reserved).toMatchObject({ statusCode: 400, param: "metadata[__closed_by_merchant]" });
		const product = await stripeError(
			stripe.disputes.update(dispute.id, { metadata: { __product_type: "boats" }, submit: false }),
		);
		expect(product).toMatchObject({ statusCode: 400, param: "metadata[__product_type]" });

		const theirs = await other.files.create({
			purpose: "dispute_evidence",
			file: { data: PNG, name: "theirs.png", type: "image/png" },
		});
		const foreign = await stripeError(
			stripe.disputes.update(dispute.id, { evidence: { receipt: theirs.id }, submit: false }),
		);
		expect(foreign).toMatchObject({ statusCode: 400, param: "evidence[receipt]" });
		const long = await stripeError(
			stripe.disputes.update(dispute.id, { evidence: { customer_name: "x".repeat(501) }, submit: false }),
		);
		expect(long).toMatchObject({ statusCode: 400, param: "evidence[customer_name]" });
		expect(await disputeRow(dispute.id)).toEqual(before);

		const hidden = await stripeError(other.disputes.retrieve(dispute.id));
		expect(hidden).toMatchObject({ statusCode: 404, code: "resource_missing" });
		const hiddenClose = await stripeError(other.disputes.close(dispute.id));
		expect(hiddenClose).toMatchObject({ statusCode: 404, code: "resource_missing" });
		expect((await disputeRow(dispute.id)).status).toBe("needs_response");
		expect((await other.disputes.list()).data).toEqual([]);
	});
});
