/**
 * Radar reviews. On the sandbox's `/v1` (Stripe's API, read with Stripe's SDK): a payment a fraud
 * rule holds for review has a review, open while it waits, listed (only open ones, newest first)
 * and retrieved as Stripe's Review, named by its charge and intent; approving closes it and leaves
 * the authorization to be captured. On a store connected to that Stripe: approving a held payment
 * from the admin approves its review at Stripe and captures it; blocking cancels it, which closes
 * its review; the copy's fraud outcome is then the review's, and its timeline names the merchant.
 */
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catchUpEvents } from "../../../src/payments/stripe-account/import/events.ts";
import { TEST_ACCOUNT } from "../../../src/testing/test-app.ts";
import { saveFraudFilters } from "../../support/intake-fixtures.ts";
import { BASE } from "../../support/invariants.ts";
import {
	applyKeptEvents,
	copyRunOf,
	STRIPE_SIDE,
	type StripePair,
	stripePair,
} from "../../support/stripe-pair.ts";

let pair: StripePair;
/** Payments over 100.00 are held for review on the Stripe side, by order (their amount). */
const held: Record<number, Stripe.PaymentIntent> = {};
let plain: Stripe.PaymentIntent;

beforeAll(async () => {
	pair = await stripePair();
	await saveFraudFilters(pair.sandbox.db.kysely, STRIPE_SIDE, {
		purchase_price_threshold: { enabled: true, block: false, min_amount: null, max_amount: 10000 },
	});
	for (const amount of [20000, 20100, 20200, 20300]) held[amount] = await pair.pay(amount);
	plain = await pair.pay(3000);
	expect(await pair.connect()).toMatchObject({ status: "live" });
});

afterAll(() => pair?.close());

const chargeOf = (intent: Stripe.PaymentIntent) => intent.latest_charge as string;

const post = (url: string, payload: object) =>
	pair.server.inject({ method: "POST", url, headers: pair.admin.headers, payload });

const approve = (amount: number) =>
	post(`${BASE}/orders/${amount}/capture_authorization`, { payment_intent_id: held[amount]?.id });
const block = (amount: number) =>
	post(`${BASE}/orders/${amount}/cancel_authorization`, { payment_intent_id: held[amount]?.id });

/** The store copy's fraud columns of a payment. */
const copyOf = (intent: Stripe.PaymentIntent) =>
	pair.store.db.kysely
		.selectFrom("charges")
		.select(["fraud_outcome", "fraud_meta_box_type", "intent_status"])
		.where("account_id", "=", TEST_ACCOUNT)
		.where("id", "=", chargeOf(intent))
		.executeTakeFirstOrThrow();

const timelineOf = (db: StripePair["store"]["db"], accountId: string, intent: Stripe.PaymentIntent) =>
	db.kysely
		.selectFrom("timeline_events")
		.select(["type", "data"])
		.where("account_id", "=", accountId)
		.where("payment_intent_id", "=", intent.id)
		.where("type", "like", "fraud_outcome_manual%")
		.execute();

async function fraudList(status: "review" | "block"): Promise<string[]> {
	const response = await pair.server.inject({
		method: "GET",
		url: `${BASE}/transactions/fraud-outcomes?status=${status}&per_page=100`,
		headers: pair.admin.headers,
	});
	expect(response.statusCode, response.body).toBe(200);
	return (response.json() as { data: BlockedTransaction[] }).data.map((row) => row.payment_intent.id);
}

describe("Stripe's Review on the sandbox's /v1", () => {
	it("a payment held by a rule has an open review, named by its charge and intent, and they name it", async () => {
		const intent = held[20000] as Stripe.PaymentIntent;
		const charge = await pair.stripe.charges.retrieve(chargeOf(intent));
		expect(charge.review).toMatch(/^prv_/);
		expect((await pair.stripe.paymentIntents.retrieve(intent.id)).review).toBe(charge.review);
		const review = await pair.stripe.reviews.retrieve(charge.review as string);
		expect(review).toEqual({
			id: charge.review,
			object: "review",
			billing_zip: charge.billing_details.address?.postal_code ?? null,
			charge: charge.id,
			closed_reason: null,
			created: charge.created,
			ip_address: null,
			ip_address_location: null,
			livemode: false,
			open: true,
			opened_reason: "rule",
			payment_intent: intent.id,
			reason: "rule",
			session: null,
		});
		expect((await pair.stripe.charges.retrieve(chargeOf(plain))).review).toBeNull();
	});

	it("lists the open reviews newest first, a page at a time, with Stripe's cursors", async () => {
		const all = await pair.stripe.reviews.list({ limit: 100 });
		const expected = [20000, 20100, 20200, 20300].map((amount) => held[amount]?.id);
		expect(all.data.map((review) => review.payment_intent).sort()).toEqual(expected.sort());
		const created = all.data.map((review) => review.created);
		expect(created).toEqual([...created].sort((a, b) => b - a));
		expect(all.has_more).toBe(false);
		const first = await pair.stripe.reviews.list({ limit: 2 });
		expect(first.has_more).toBe(true);
		const next = await pair.stripe.reviews.list({ limit: 2, starting_after: first.data[1]?.id });
		expect([...first.data, ...next.data].map((review) => review.id)).toEqual(
			all.data.map((review) => review.id),
		);
		expect(next.has_more).toBe(false);
		const back = await pair.stripe.reviews.list({ limit: 2, ending_before: next.data[0]?.id });
		expect(back.data.map((review) => review.id)).toEqual(first.data.map((review) => review.id));
		const expanded = await pair.stripe.reviews.list({
			limit: 1,
			expand: ["data.charge", "data.payment_intent"],
		});
		const newest = all.data[0];
		expect(expanded.data[0]?.charge).toMatchObject({ object: "charge", id: newest?.charge });
		expect(expanded.data[0]?.payment_intent).toMatchObject({
			object: "payment_intent",
			id: newest?.payment_intent,
		});
	});

	it("answers Stripe's errors: an unknown review, an unknown cursor, an unknown parameter", async () => {
		const missing = await pair.stripe.reviews.retrieve("prv_nothing").catch((error: unknown) => error);
		expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
		expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });
		// A charge's own id is not a review's.
		const byCharge = await pair.stripe.reviews
			.retrieve(chargeOf(held[20000] as Stripe.PaymentIntent))
			.catch((error: unknown) => error);
		expect(byCharge).toMatchObject({ statusCode: 404 });
		const cursor = await pair.stripe.reviews
			.list({ starting_after: "prv_nothing" })
			.catch((error: unknown) => error);
		expect(cursor).toMatchObject({ statusCode: 404, code: "resource_missing", param: "starting_after" });
		const unknown = await pair.stripe.reviews
			.list({ status: "open" } as Stripe.ReviewListParams)
			.catch((error: unknown) => error);
		expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "status" });
	});

	it("approving closes the review and leaves the authorization to be captured; a closed review is not approved again", async () => {
		const intent = held[20200] as Stripe.PaymentIntent;
		const reviewId = (await pair.stripe.charges.retrieve(chargeOf(intent))).review as string;
		const approved = await pair.stripe.reviews.approve(reviewId);
		expect(approved).toMatchObject({ open: false, reason: "approved", closed_reason: "approved" });
		expect((await pair.stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_capture");
		expect((await pair.stripe.reviews.list({ limit: 100 })).data.map((review) => review.id)).not.toContain(
			reviewId,
		);
		const again = await pair.stripe.reviews.approve(reviewId).catch((error: unknown) => error);
		expect(again).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError" });
		const timeline = await timelineOf(pair.sandbox.db, STRIPE_SIDE, intent);
		expect(timeline.map((event) => event.type)).toEqual(["fraud_outcome_manual_approve"]);
		// The capture that follows decides nothing more.
		expect((await pair.stripe.paymentIntents.capture(intent.id)).status).toBe("succeeded");
		expect(await timelineOf(pair.sandbox.db, STRIPE_SIDE, intent)).toHaveLength(1);
	});
});

describe("a payment held for review on a store connected to Stripe", () => {
	it("is under On review in the copy, as Radar held it", async () => {
		expect(await fraudList("review")).toEqual(
			expect.arrayContaining([20000, 20100, 20300].map((amount) => held[amount]?.id)),
		);
	});

	it("approved from the admin: its review is approved at Stripe and the payment captured, once", async () => {
		const intent = held[20000] as Stripe.PaymentIntent;
		const answers = await Promise.all([approve(20000), approve(20000)]);
		for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
		expect(answers[0]?.json()).toEqual({ id: intent.id, status: "succeeded" });

		const reviewId = (await pair.stripe.charges.retrieve(chargeOf(intent))).review as string;
		expect(await pair.stripe.reviews.retrieve(reviewId)).toMatchObject({
			open: false,
			closed_reason: "approved",
		});
		expect((await pair.stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
		// Stripe was asked to approve the review itself, not only to capture.
		await vi.waitFor(async () => {
			const asked = await pair.sandbox.db.kysely
				.selectFrom("request_log")
				.select(["path", "status"])
				.where("account_id", "=", STRIPE_SIDE)
				.where("path", "=", `/v1/reviews/${reviewId}/approve`)
				.execute();
			expect(asked.length).toBeGreaterThanOrEqual(1);
			expect(asked.every((request) => request.status === 200)).toBe(true);
		});

		expect(await copyOf(intent)).toEqual({
			fraud_outcome: "allow",
			fraud_meta_box_type: "review_allowed",
			intent_status: "succeeded",
		});
		const timeline = await timelineOf(pair.store.db, TEST_ACCOUNT, intent);
		expect(timeline).toHaveLength(1);
		expect(timeline[0]?.type).toBe("fraud_outcome_manual_approve");
		expect(JSON.parse(timeline[0]?.data ?? "{}")).toMatchObject({
			user: { id: pair.admin.user.id, username: pair.admin.user.login },
		});
		const audited = await pair.store.db.kysely
			.selectFrom("audit_log")
			.select("action")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("payment_intent_id", "=", intent.id)
			.execute();
		expect(audited).toEqual([{ action: "payment.captured" }]);
		expect(await fraudList("review")).not.toContain(intent.id);
	});

	it("blocked from the admin: the payment is canceled at Stripe, which closes its review, and the copy blocks it", async () => {
		const intent = held[20100] as Stripe.PaymentIntent;
		const blocked = await block(20100);
		expect(blocked.statusCode, blocked.body).toBe(200);
		expect(blocked.json()).toEqual({ id: intent.id, status: "canceled" });

		const onStripe = await pair.stripe.paymentIntents.retrieve(intent.id);
		expect(onStripe).toMatchObject({ status: "canceled", cancellation_reason: "fraudulent" });
		expect(await pair.stripe.reviews.retrieve(onStripe.review as string)).toMatchObject({
			open: false,
			closed_reason: "canceled",
		});
		expect(await copyOf(intent)).toEqual({
			fraud_outcome: "block",
			fraud_meta_box_type: "review_blocked",
			intent_status: "canceled",
		});
		expect((await timelineOf(pair.store.db, TEST_ACCOUNT, intent)).map((event) => event.type)).toEqual([
			"fraud_outcome_manual_block",
		]);
		expect(await fraudList("block")).toContain(intent.id);
		expect(await fraudList("review")).not.toContain(intent.id);
	});

	it("while Stripe cannot be reached, a decision is a 503 and the payment stays under review", async () => {
		const intent = held[20300] as Stripe.PaymentIntent;
		const closed = new Promise((resolve) => pair.sandbox.app.server.close(resolve));
		pair.sandbox.app.server.closeAllConnections();
		await closed;
		try {
			const refused = await approve(20300);
			expect(refused.statusCode).toBe(503);
			expect(refused.json()).toMatchObject({ message: "Stripe could not be reached; nothing was changed." });
		} finally {
			await new Promise<void>((resolve) =>
				pair.sandbox.app.server.listen(Number(new URL(pair.apiBase).port), "127.0.0.1", resolve),
			);
		}
		expect(await copyOf(intent)).toEqual({
			fraud_outcome: "review",
			fraud_meta_box_type: "review",
			intent_status: "requires_capture",
		});
		expect((await pair.stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_capture");
		expect(await fraudList("review")).toContain(intent.id);
	});

	it("the events read again by the catch-up keep each decision, and bring the one made at Stripe", async () => {
		const copy = copyRunOf(pair, "catch-up");
		expect(await catchUpEvents(copy)).toBeGreaterThan(0);
		await applyKeptEvents(copy);
		// Stripe's charges still say Radar held them: their reviews say how each was decided.
		expect(await copyOf(held[20000] as Stripe.PaymentIntent)).toMatchObject({
			fraud_outcome: "allow",
			fraud_meta_box_type: "review_allowed",
		});
		expect(await copyOf(held[20100] as Stripe.PaymentIntent)).toMatchObject({
			fraud_outcome: "block",
			fraud_meta_box_type: "review_blocked",
		});
		// Approved and captured at Stripe after the copy was made: no longer under review here either.
		expect(await copyOf(held[20200] as Stripe.PaymentIntent)).toEqual({
			fraud_outcome: "allow",
			fraud_meta_box_type: "review_allowed",
			intent_status: "succeeded",
		});
		const underReview = await fraudList("review");
		expect(underReview).toContain(held[20300]?.id);
		for (const amount of [20000, 20100, 20200]) expect(underReview).not.toContain(held[amount]?.id);
	});
});
