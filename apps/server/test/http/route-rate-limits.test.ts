/**
 * A rate limit per user on the expensive routes: exports, search suggestions and
 * payment intake answer 429 rest_too_many_requests with Retry-After past their rate, counted in
 * the database so that every server process of the store shares one budget.
 */
import { RATE_LIMITS } from "@paydesk/contract/rate-limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { INTENTS, paymentBody } from "../support/intake-fixtures.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const LIMITS = { exports: 4, suggestions: 6, payments: 3 };
let t: TestApp;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
		rateLimits: LIMITS,
	});
});
afterAll(async () => t.close());

const get = (url: string, actor: Actor, app = t.app) =>
	app.inject({ method: "GET", url, headers: actor.headers });
const SUGGESTIONS = `${BASE}/transactions/search?search_term=ch_`;
const EXPORT = `${BASE}/transactions/download`;

function expectLimited(response: Awaited<ReturnType<typeof get>>, max: number) {
	expect(response.statusCode).toBe(429);
	expectRestError(response);
	const body = json<{ code: string; message: string; data: { retry_after: number } }>(response);
	expect(body.code).toBe("rest_too_many_requests");
	expect(body.message).toContain(`allows ${max} per user per minute`);
	const retryAfter = Number(response.headers["retry-after"]);
	expect(retryAfter).toBeGreaterThan(0);
	expect(retryAfter).toBeLessThanOrEqual(60);
	expect(body.data.retry_after).toBe(retryAfter);
	expect(response.headers["x-ratelimit-limit"]).toBe(String(max));
}

describe("the documented rates", () => {
	it("are per minute, and the contract marks the expensive routes", async () => {
		expect(RATE_LIMITS).toEqual({
			exports: { max: 20, windowSeconds: 60 },
			suggestions: { max: 120, windowSeconds: 60 },
			payments: { max: 1500, windowSeconds: 60 },
		});
		const document = json<{ paths: Record<string, Record<string, { "x-rate-limit"?: { name: string } }>> }>(
			await t.app.inject({ method: "GET", url: "/wp-json/wc/v3/payments/openapi.json" }),
		);
		const limited = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
			Object.entries(methods)
				.filter(([, operation]) => operation["x-rate-limit"])
				.map(([method, operation]) => `${method} ${path} ${operation["x-rate-limit"]?.name}`),
		);
		expect(limited.sort()).toEqual(
			[
				...["transactions", "deposits", "disputes"].flatMap((list) => [
					`get ${BASE}/${list}/download exports`,
					`post ${BASE}/${list}/download exports`,
				]),
				`get ${BASE}/transactions/fraud-outcomes/download exports`,
				`get ${BASE}/audit-log/download exports`,
				`get ${BASE}/transactions/search suggestions`,
				`get ${BASE}/transactions/fraud-outcomes/search suggestions`,
				`post ${BASE}/payment_intents payments`,
				`post ${BASE}/payment_intents/{id}/confirm payments`,
			].sort(),
		);
	});
});

describe("past its rate a route answers 429 with Retry-After", () => {
	it("search suggestions: per user, and again after the window", async () => {
		const merchant = await t.actor("shop_manager");
		const other = await t.actor("shop_manager");
		for (let i = 0; i < LIMITS.suggestions; i++)
			expect((await get(SUGGESTIONS, merchant)).statusCode).toBe(200);
		expectLimited(await get(SUGGESTIONS, merchant), LIMITS.suggestions);
		expect((await get(SUGGESTIONS, other)).statusCode, "another user has a budget of their own").toBe(200);
		expect(
			(await get(`${BASE}/transactions?per_page=1`, merchant)).statusCode,
			"cheap routes stay open",
		).toBe(200);
		t.clock.advance(61);
		expect((await get(SUGGESTIONS, merchant)).statusCode).toBe(200);
	});

	it("exports: direct downloads and e-mailed exports share one budget, even concurrently", async () => {
		const merchant = await t.actor("administrator");
		const answers = await Promise.all(
			Array.from({ length: 10 }, (_, i) =>
				i % 2
					? get(EXPORT, merchant)
					: t.app.inject({ method: "POST", url: EXPORT, headers: merchant.headers, payload: {} }),
			),
		);
		const statuses = answers.map((answer) => answer.statusCode);
		expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.exports);
		expect(statuses.filter((status) => status === 429)).toHaveLength(10 - LIMITS.exports);
		expectLimited(answers.find((answer) => answer.statusCode === 429) ?? answers[0]!, LIMITS.exports);
	});

	it("payment intake: a script's application password is limited like a browser", async () => {
		const merchant = await t.actor("administrator");
		const headers = await t.basic(merchant.user);
		const pay = () => t.app.inject({ method: "POST", url: INTENTS, headers, payload: paymentBody() });
		for (let i = 0; i < LIMITS.payments; i++) expect((await pay()).statusCode).toBe(200);
		const refused = await pay();
		expectLimited(refused, LIMITS.payments);
		const taken = await t.db.kysely
			.selectFrom("payment_intents")
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.executeTakeFirstOrThrow();
		expect(Number(taken.count), "a refused payment is not taken").toBe(LIMITS.payments);
	});

	it("two server processes on one database share the budget", async () => {
		const second = await t.anotherServer();
		try {
			const merchant = await t.actor("shop_manager");
			for (let i = 0; i < LIMITS.suggestions; i++) {
				const app = i % 2 ? second : t.app;
				expect((await get(SUGGESTIONS, merchant, app)).statusCode).toBe(200);
			}
			expectLimited(await get(SUGGESTIONS, merchant, second), LIMITS.suggestions);
			expectLimited(await get(SUGGESTIONS, merchant, t.app), LIMITS.suggestions);
		} finally {
			await second.close();
		}
	});
});
