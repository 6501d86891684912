/**
 * The notifications banner's data (spec 1 §4.6, §7): GET /accounts/session gives a client
 * secret, with which the sandbox partner lists the account's notifications; a live account's
 * notifications need a secure page (invalid_request_error otherwise).
 */
import type { AccountSession } from "@paydesk/contract/account-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";

const SESSION = "/wp-json/wc/v3/payments/accounts/session";
const PARTNER = "/sandbox-partner/v1/account_notifications";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				status: "restricted_soon",
				requirements: JSON.stringify([
					{ code: "invalid_street_address", reason: "The street address is invalid." },
					{ code: "invalid_value_other", reason: "Ignored." },
				]),
			});
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function clientSecret(actor = admin): Promise<string> {
	const response = await t.app.inject({ method: "GET", url: SESSION, headers: actor.headers });
	expect(response.statusCode).toBe(200);
	const body = json<AccountSession>(response);
	expect(body).toMatchObject({ publishableKey: "pk_live_paydesk_sandbox", locale: "en-US" });
	return body.clientSecret;
}

const notifications = (secret: string, headers: Record<string, string> = admin.headers) =>
	t.app.inject({ method: "GET", url: PARTNER, headers: { ...headers, authorization: `Bearer ${secret}` } });

describe("account session and partner notifications", () => {
	it("lists each requirement error as action required (invalid_value_other ignored)", async () => {
		const response = await notifications(await clientSecret());
		expect(response.statusCode).toBe(200);
		expect(json<{ data: { severity: string; description: string }[] }>(response).data).toEqual([
			expect.objectContaining({ severity: "action_required", description: "The street address is invalid." }),
		]);
	});

	it("lists an item in review while verification is pending, and nothing once the account is complete", async () => {
		const secret = await clientSecret();
		const set = (status: string, requirements: string) =>
			t.db.kysely
				.updateTable("accounts")
				.set({ status, requirements })
				.where("id", "=", TEST_ACCOUNT)
				.execute();
		await set("pending_verification", "[]");
		expect(json<{ data: { severity: string }[] }>(await notifications(secret)).data).toEqual([
			expect.objectContaining({ severity: "in_review" }),
		]);
		await set("complete", "[]");
		expect(json<{ data: unknown[] }>(await notifications(secret)).data).toEqual([]);
	});

	it("refuses a forged secret, and a secret without the browser session that asked for it", async () => {
		const secret = await clientSecret();
		expect((await notifications(`${secret.slice(0, -1)}x`)).statusCode).toBe(401);
		const other = await t.actor("administrator");
		expect((await notifications(secret, other.headers)).statusCode).toBe(401);
		expect(
			(await t.app.inject({ method: "GET", url: PARTNER, headers: { authorization: `Bearer ${secret}` } }))
				.statusCode,
		).toBe(401);
	});

	it("answers invalid_request_error for a live account on a plain-HTTP page that is not local", async () => {
		const secret = await clientSecret();
		const remote = await notifications(secret, { ...admin.headers, host: "shop.example.com" });
		expect(remote.statusCode).toBe(400);
		expect(json<{ error: { type: string } }>(remote).error.type).toBe("invalid_request_error");
		await t.db.kysely.updateTable("accounts").set({ test_mode: 1 }).where("id", "=", TEST_ACCOUNT).execute();
		expect((await notifications(secret, { ...admin.headers, host: "shop.example.com" })).statusCode).toBe(
			200,
		);
	});

	it("requires a signed-in browser session with manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		expect((await t.app.inject({ method: "GET", url: SESSION, headers: customer.headers })).statusCode).toBe(
			403,
		);
		const basic = await t.basic(admin.user);
		const viaScript = await t.app.inject({ method: "GET", url: SESSION, headers: basic });
		expect(viaScript.statusCode).toBe(400);
		expect(json(viaScript).code).toBe("wcpay_account_session_browser_only");
	});
});
