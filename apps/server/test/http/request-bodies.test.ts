/**
 * WordPress-compatible bodies: `Content-Type: application/json` with an empty body
 * is no parameters, as in WordPress; a truncated or invalid body is a 400 in the WordPress
 * error shape and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { disputeFixture, insertDisputes } from "../support/disputes-fixtures.ts";
import { BASE, expectRestError, stateFingerprint } from "../support/invariants.ts";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertDisputes(db, [
				disputeFixture({ id: "du_empty_body", status: "needs_response" }),
				disputeFixture({ id: "du_bad_body", status: "needs_response" }),
			]);
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const postRaw = (url: string, payload: string, contentType = "application/json") =>
	t.app.inject({ method: "POST", url, headers: { ...admin.headers, "content-type": contentType }, payload });

describe("an empty JSON body is no parameters", () => {
	it("closes a dispute when the body is empty (curl -X POST -H 'Content-Type: application/json')", async () => {
		const response = await postRaw(`${BASE}/disputes/du_empty_body/close`, "");
		expect(response.statusCode).toBe(200);
		expect(json<{ status: string }>(response).status).toBe("lost");
	});

	it("treats a body of only whitespace, or with a charset, the same way", async () => {
		for (const [payload, type] of [
			["  \n", "application/json"],
			["", "application/json; charset=utf-8"],
		] as const) {
			const response = await postRaw(`${BASE}/settings`, payload, type);
			expect(response.statusCode, `${JSON.stringify(payload)} ${type}`).toBe(200);
		}
	});

	it("still asks for what a route requires", async () => {
		const response = await postRaw("/wp-json/wc-admin/options", "");
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		expect(json<{ code: string }>(response).code).not.toBe("rest_invalid_json");
	});
});

describe("a broken JSON body is a 400 in the WordPress shape and changes nothing", () => {
	it.each([
		["truncated", '{"wcpay_next_deposit_notice_dismissed": tr'],
		["not JSON", "dismissed=true"],
		["a prototype key", '{"__proto__": {"polluted": true}}'],
	])("%s", async (_case, payload) => {
		const before = await stateFingerprint(t.db.kysely);
		const response = await postRaw("/wp-json/wc-admin/options", payload);
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		expect(json<{ code: string; message: string }>(response)).toMatchObject({
			code: "rest_invalid_json",
			message: "Invalid JSON body passed.",
		});
		expect(await stateFingerprint(t.db.kysely)).toEqual(before);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it("a body shorter than its Content-Length is refused, and the dispute stays open", async () => {
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/disputes/du_bad_body/close`,
			headers: { ...admin.headers, "content-type": "application/json", "content-length": "40" },
			payload: "{}",
		});
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		const dispute = await t.db.kysely
			.selectFrom("disputes")
			.select("status")
			.where("id", "=", "du_bad_body")
			.executeTakeFirstOrThrow();
		expect(dispute.status).toBe("needs_response");
	});
});
