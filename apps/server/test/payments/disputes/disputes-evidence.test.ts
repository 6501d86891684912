import type { Dispute } from "@paydesk/contract/disputes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountBalances } from "../../../src/ledger/balances.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { disputeFixture, insertDisputes } from "../../support/disputes-fixtures.ts";

const DISPUTES = "/wp-json/wc/v3/payments/disputes";
let t: TestApp;
let admin: Actor;

const STATUSES = {
	du_save: "needs_response",
	du_submit: "needs_response",
	du_race: "needs_response",
	du_race_key: "needs_response",
	du_inquiry: "warning_needs_response",
	du_accept: "needs_response",
	du_accept_race: "needs_response",
	du_accept_inquiry: "warning_needs_response",
	du_review: "under_review",
	du_won: "won",
	du_lost: "lost",
} as const;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertDisputes(
				db,
				Object.entries(STATUSES).map(([id, status]) => disputeFixture({ id, status })),
			);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
	return t.app.inject({
		method: "POST",
		url,
		headers: { ...admin.headers, ...headers },
		payload: payload as object,
	});
}

const save = (id: string, body: unknown, headers?: Record<string, string>) =>
	post(`${DISPUTES}/${id}`, body, headers);
const events = (intent: string, type: string) =>
	t.db.kysely
		.selectFrom("timeline_events")
		.select("seq")
		.where("payment_intent_id", "=", intent)
		.where("type", "=", type)
		.execute();

describe("saving evidence for later (spec 3 §2.4, §4.2)", () => {
	it("merges evidence and metadata; the dispute stays editable", async () => {
		const first = await save("du_save", {
			evidence: { product_description: "A blue mug", customer_name: "Jane Doe" },
			metadata: { __product_type: "physical_product" },
		});
		expect(first.statusCode).toBe(200);
		const second = await save("du_save", { evidence: { customer_name: "", shipping_carrier: "UPS" } });
		const body = json<Dispute>(second);
		expect(body.status).toBe("needs_response");
		expect(body.evidence).toEqual({ product_description: "A blue mug", shipping_carrier: "UPS" });
		expect(body.metadata).toEqual({ __product_type: "physical_product" });
		expect(body.evidence_details.has_evidence).toBe(false);
	});

	it("refuses unknown evidence and metadata keys, and malformed dates, naming them", async () => {
		const response = await save("du_save", {
			evidence: { favourite_colour: "blue", shipping_date: "11/12/2026" },
			metadata: { __product_type: "spaceship", notes: "x" },
		});
		expect(response.statusCode).toBe(400);
		const body = json<{ code: string; data: { params: Record<string, string> } }>(response);
		expect(body.code).toBe("rest_invalid_param");
		expect(Object.keys(body.data.params).sort()).toEqual([
			"evidence.favourite_colour",
			"evidence.shipping_date",
			"metadata.__product_type",
			"metadata.notes",
		]);
	});

	it("ignores the processor's own metadata keys when a client echoes them", async () => {
		const response = await save("du_save", {
			metadata: { __closed_by_merchant: "1", __evidence_submitted_at: "1" },
		});
		expect(response.statusCode).toBe(200);
		expect(json<Dispute>(response).metadata).toEqual({ __product_type: "physical_product" });
	});

	it("enforces 20000 characters per textarea", async () => {
		const ok = await save("du_save", { evidence: { uncategorized_text: "x".repeat(20_000) } });
		expect(ok.statusCode).toBe(200);
		const over = await save("du_save", { evidence: { uncategorized_text: "x".repeat(20_001) } });
		expect(over.statusCode).toBe(400);
		expect(json<{ data: { params: Record<string, string> } }>(over).data.params).toHaveProperty(
			"evidence.uncategorized_text",
		);
	});

	it('refuses evidence text whose total "would reach 150000" (spec 3 §5.1), counting saved fields', async () => {
		const keys = [
			"product_description",
			"billing_address",
			"refund_policy_disclosure",
			"refund_refusal_explanation",
			"duplicate_charge_explanation",
			"shipping_address",
			"cancellation_policy_disclosure",
		];
		const full = Object.fromEntries(keys.map((key) => [key, "y".repeat(20_000)]));
		// 140000 + the 20000 and 3 saved above: too much.
		const over = await save("du_save", { evidence: full });
		expect(over.statusCode).toBe(400);
		const refused = json<{ code: string; message: string; data: Record<string, unknown> }>(over);
		expect(refused.code).toBe("wcpay_evidence_too_long");
		expect(refused.message).toMatch(/^Reached maximum character count for evidence: .*150000 characters/);
		// 140000 + the 20000 and the 3 of "Ann" saved above.
		expect(refused.data).toEqual({ status: 400, field: "evidence", limit: 150_000, length: 160_003 });
		// With those cut to 10000 and 0: exactly 150000 is reached, so refused too.
		const reaches = await save("du_save", {
			evidence: { ...full, uncategorized_text: "x".repeat(10_000), shipping_carrier: "" },
		});
		expect(reaches.statusCode).toBe(400);
		expect(json<{ code: string }>(reaches).code).toBe("wcpay_evidence_too_long");
		// 149999 stays below the limit and saves.
		const below = await save("du_save", {
			evidence: { ...full, uncategorized_text: "x".repeat(9_999), shipping_carrier: "" },
		});
		expect(below.statusCode).toBe(200);
		const plusOne = await save("du_save", { evidence: { customer_name: "J" } });
		expect(plusOne.statusCode).toBe(400);
		expect(json<{ code: string }>(plusOne).code).toBe("wcpay_evidence_too_long");
		// Submitting is final: the same refusal, the dispute still open and its text as saved.
		const submitted = await save("du_save", {
			evidence: { customer_name: "J" },
			metadata: { __product_type: "physical_product" },
			submit: true,
		});
		expect(submitted.statusCode).toBe(400);
		expect(json<{ data: Record<string, unknown> }>(submitted).data).toMatchObject({
			limit: 150_000,
			length: 150_000,
		});
		const kept = json<Dispute>(await t.app.inject({ url: `${DISPUTES}/du_save`, headers: admin.headers }));
		expect(kept.status).toBe("needs_response");
		expect(kept.evidence.customer_name).toBeUndefined();
		expect(kept.evidence.uncategorized_text).toHaveLength(9_999);
	});
});

describe("submitting evidence (spec 3 §4.1, §4.2)", () => {
	it("needs a product type", async () => {
		const response = await save("du_submit", { evidence: { customer_name: "Jane" }, submit: true });
		expect(response.statusCode).toBe(400);
		expect(json<{ code: string }>(response).code).toBe("wcpay_product_type_required");
		expect(
			json<Dispute>(await t.app.inject({ url: `${DISPUTES}/du_submit`, headers: admin.headers })).evidence,
		).toEqual({});
	});

	it("moves the dispute to under_review with __evidence_submitted_at, atomically with the evidence", async () => {
		const response = await save("du_submit", {
			evidence: { customer_name: "Jane" },
			metadata: { __product_type: "digital_product_or_service" },
			submit: true,
		});
		expect(response.statusCode).toBe(200);
		const body = json<Dispute>(response);
		expect(body.status).toBe("under_review");
		expect(body.evidence).toEqual({ customer_name: "Jane" });
		expect(body.metadata.__evidence_submitted_at).toBe(String(t.clock.seconds()));
		expect(body.evidence_details.has_evidence).toBe(true);
		expect(await events("pi_du_submit", "dispute_in_review")).toHaveLength(1);
	});

	it("an inquiry's submission moves it to warning_under_review", async () => {
		const response = await save("du_inquiry", { metadata: { __product_type: "multiple" }, submit: true });
		expect(json<Dispute>(response).status).toBe("warning_under_review");
	});

	it("refuses evidence changes outside needs_response and warning_needs_response", async () => {
		for (const id of ["du_submit", "du_review", "du_won", "du_lost"]) {
			const response = await save(id, { evidence: { customer_name: "Changed" } });
			expect(response.statusCode, id).toBe(409);
			const body = json<{ code: string; message: string }>(response);
			expect(body.code).toBe("wcpay_dispute_not_editable");
			expect(body.message).toMatch(/can no longer be changed/);
		}
	});

	it("20 concurrent submissions decide once: one succeeds, the others are refused", async () => {
		const body = {
			evidence: { customer_name: "Race" },
			metadata: { __product_type: "offline_service" },
			submit: true,
		};
		const responses = await Promise.all(Array.from({ length: 20 }, () => save("du_race", body)));
		const codes = responses.map((response) => response.statusCode).sort();
		expect(codes.filter((code) => code === 200)).toHaveLength(1);
		expect(codes.filter((code) => code === 409)).toHaveLength(19);
		expect(await events("pi_du_race", "dispute_in_review")).toHaveLength(1);
	});

	it("20 concurrent submissions with one Idempotency-Key all get the first answer", async () => {
		const body = { metadata: { __product_type: "physical_product" }, submit: true };
		const headers = { "idempotency-key": "submit-du_race_key" };
		const responses = await Promise.all(Array.from({ length: 20 }, () => save("du_race_key", body, headers)));
		expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
		expect(responses.filter((response) => response.headers["idempotent-replayed"] === "true")).toHaveLength(
			19,
		);
		const submittedAt = new Set(
			responses.map((response) => json<Dispute>(response).metadata.__evidence_submitted_at),
		);
		expect(submittedAt.size).toBe(1);
		expect(await events("pi_du_race_key", "dispute_in_review")).toHaveLength(1);
		const reused = await save("du_race_key", { ...body, evidence: { customer_name: "Other" } }, headers);
		expect(json<{ code: string }>(reused).code).toBe("wcpay_idempotency_key_reused");
	});
});

describe("accepting a dispute (spec 3 §4.1)", () => {
	it("marks it lost, final, closed by the merchant; the amount and fee stay debited", async () => {
		const before = await accountBalances(t.db.kysely, TEST_ACCOUNT, t.clock.seconds());
		const response = await post(`${DISPUTES}/du_accept/close`);
		expect(response.statusCode).toBe(200);
		const body = json<Dispute>(response);
		expect(body.status).toBe("lost");
		expect(body.metadata.__closed_by_merchant).toBe("1");
		expect(body.metadata.__dispute_closed_at).toBe(String(t.clock.seconds()));
		expect(body.balance_transactions).toEqual([
			{ id: "txn_du_accept", amount: -5_000, fee: 1_500, reporting_category: "dispute", currency: "usd" },
		]);
		expect(await accountBalances(t.db.kysely, TEST_ACCOUNT, t.clock.seconds())).toEqual(before);
		expect(await events("pi_du_accept", "dispute_lost")).toHaveLength(1);
		const again = await save("du_accept", { evidence: { customer_name: "Late" } });
		expect(again.statusCode).toBe(409);
	});

	it("20 concurrent accepts close the dispute once, and all answer the lost dispute", async () => {
		const responses = await Promise.all(
			Array.from({ length: 20 }, () => post(`${DISPUTES}/du_accept_race/close`)),
		);
		expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
		expect(new Set(responses.map((response) => json<Dispute>(response).status))).toEqual(new Set(["lost"]));
		expect(await events("pi_du_accept_race", "dispute_lost")).toHaveLength(1);
	});

	it("closes an inquiry as warning_closed", async () => {
		const response = await post(`${DISPUTES}/du_accept_inquiry/close`);
		expect(json<Dispute>(response)).toMatchObject({
			status: "warning_closed",
			metadata: { __closed_by_merchant: "1" },
		});
	});

	it("refuses to accept a dispute that is already decided or under review", async () => {
		for (const id of ["du_won", "du_review", "du_lost"]) {
			const response = await post(`${DISPUTES}/${id}/close`);
			expect(response.statusCode, id).toBe(409);
		}
		expect((await post(`${DISPUTES}/du_nope/close`)).statusCode).toBe(404);
	});
});
