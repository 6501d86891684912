/** POST /survey/payments-overview (spec 3 §3.13, §4.7): a rating and an optional comment. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { readUserMeta } from "../../../src/wp/queries.ts";

const SURVEY = "/wp-json/wc/v3/payments/survey/payments-overview";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const submit = (payload: object, headers = admin.headers) =>
	t.app.inject({ method: "POST", url: SURVEY, headers, payload });

describe("payments overview survey", () => {
	it("takes a happy rating without a comment and keeps it on the user", async () => {
		const response = await submit({ rating: "very-happy" });
		expect(response.statusCode).toBe(200);
		expect(json(response)).toEqual({ success: true });
		const meta = await readUserMeta(t.db.kysely, TEST_ACCOUNT, admin.user.id);
		expect(meta.wc_payments_overview_survey).toEqual({
			rating: "very-happy",
			comments: "",
			submitted_at: TEST_NOW.getTime() / 1000,
		});
	});

	it("takes a low rating with a trimmed comment", async () => {
		expect((await submit({ rating: "unhappy", comments: "  Payouts are slow.  " })).statusCode).toBe(200);
		const meta = await readUserMeta(t.db.kysely, TEST_ACCOUNT, admin.user.id);
		expect(meta.wc_payments_overview_survey).toMatchObject({
			rating: "unhappy",
			comments: "Payouts are slow.",
		});
	});

	it("refuses a rating outside the five, a missing rating and a comment over 2,000 characters", async () => {
		const wrong = await submit({ rating: "ecstatic" });
		expect(wrong.statusCode).toBe(400);
		expect(json<{ data: { params: object } }>(wrong).data.params).toHaveProperty("rating");
		expect((await submit({ comments: "hi" })).statusCode).toBe(400);
		const long = await submit({ rating: "neutral", comments: "x".repeat(2001) });
		expect(long.statusCode).toBe(400);
		expect(json<{ data: { params: object } }>(long).data.params).toHaveProperty("comments");
	});

	it("requires manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		expect((await submit({ rating: "happy" }, customer.headers)).statusCode).toBe(403);
	});
});
