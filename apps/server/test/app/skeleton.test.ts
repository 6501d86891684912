import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import { createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
});
afterAll(async () => t.close());

describe("every route requires manage_woocommerce", () => {
	it("answers 401 rest_not_logged_in without credentials", async () => {
		const response = await t.app.inject({ method: "GET", url: `${BASE}/accounts` });
		expect(response.statusCode).toBe(401);
		expect(json(response)).toMatchObject({ code: "rest_not_logged_in", data: { status: 401 } });
	});

	it("answers 403 rest_forbidden to a customer", async () => {
		const customer = await t.actor("customer");
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/accounts`,
			headers: customer.headers,
		});
		expect(response.statusCode).toBe(403);
		expect(json(response).code).toBe("rest_forbidden");
	});

	it("answers the account to an administrator and a shop manager", async () => {
		for (const role of ["administrator", "shop_manager"] as const) {
			const actor = await t.actor(role);
			const response = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: actor.headers });
			expect(response.statusCode).toBe(200);
			expect(json(response)).toMatchObject({ id: TEST_ACCOUNT, status: "complete", paymentsEnabled: true });
		}
	});

	it("accepts HTTP Basic with an application password, and refuses a wrong one", async () => {
		const admin = await t.actor("administrator");
		const headers = await t.basic(admin.user);
		const ok = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers });
		expect(ok.statusCode).toBe(200);
		const wrong = await t.app.inject({
			method: "GET",
			url: `${BASE}/accounts`,
			headers: {
				authorization: `Basic ${Buffer.from(`${admin.user.login}:nope nope nope`).toString("base64")}`,
			},
		});
		expect(wrong.statusCode).toBe(401);
	});

	it("treats a session cookie without a nonce as logged out, and refuses a wrong nonce", async () => {
		const admin = await t.actor("administrator");
		const noNonce = await t.app.inject({
			method: "GET",
			url: `${BASE}/accounts`,
			headers: { cookie: admin.headers.cookie ?? "" },
		});
		expect(noNonce.statusCode).toBe(401);
		const badNonce = await t.app.inject({
			method: "GET",
			url: `${BASE}/accounts`,
			headers: { cookie: admin.headers.cookie ?? "", "x-wp-nonce": "0123456789" },
		});
		expect(badNonce.statusCode).toBe(403);
		expect(json(badNonce).code).toBe("rest_cookie_invalid_nonce");
	});
});

describe("bad input gets a clear WordPress REST error and writes nothing", () => {
	it("answers 404 rest_no_route for an unknown route and a wrong method", async () => {
		const admin = await t.actor("administrator");
		const unknown = await t.app.inject({ method: "GET", url: `${BASE}/nope`, headers: admin.headers });
		expect(unknown.statusCode).toBe(404);
		expect(json(unknown).code).toBe("rest_no_route");
		const wrongMethod = await t.app.inject({
			method: "DELETE",
			url: `${BASE}/accounts`,
			headers: admin.headers,
		});
		expect(wrongMethod.statusCode).toBe(404);
		expect(json(wrongMethod).code).toBe("rest_no_route");
	});

	it("names the invalid parameter", async () => {
		const admin = await t.actor("administrator");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: admin.headers,
			payload: { not_ours: 1 },
		});
		expect(response.statusCode).toBe(400);
		const body = json<{ code: string; message: string; data: { params: Record<string, string> } }>(response);
		expect(body.code).toBe("rest_invalid_param");
		expect(body.message).toContain("not_ours");
		expect(Object.keys(body.data.params)).toContain("not_ours");
		const stored = await t.db.kysely
			.selectFrom("options")
			.selectAll()
			.where("name", "=", "not_ours")
			.execute();
		expect(stored).toHaveLength(0);
	});

	it("answers 400 rest_invalid_json for a malformed body", async () => {
		const admin = await t.actor("administrator");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...admin.headers, "content-type": "application/json" },
			payload: "{nope",
		});
		expect(response.statusCode).toBe(400);
		expect(json(response).code).toBe("rest_invalid_json");
	});

	it("answers 413 for a body over the size limit", async () => {
		const admin = await t.actor("administrator");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...admin.headers, "content-type": "application/json" },
			payload: JSON.stringify({ wcpay_big: "x".repeat(2 * 1024 * 1024) }),
		});
		expect(response.statusCode).toBe(413);
		expect(json(response).code).toBe("rest_payload_too_large");
	});
});

describe("options and user meta", () => {
	it("reads a missing option as false and saves options", async () => {
		const admin = await t.actor("administrator");
		const before = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc-admin/options?options=wcpay_next_deposit_notice_dismissed",
			headers: admin.headers,
		});
		expect(json(before)).toEqual({ wcpay_next_deposit_notice_dismissed: false });
		await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: admin.headers,
			payload: { wcpay_next_deposit_notice_dismissed: true },
		});
		const after = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc-admin/options?options=wcpay_next_deposit_notice_dismissed",
			headers: admin.headers,
		});
		expect(json(after)).toEqual({ wcpay_next_deposit_notice_dismissed: true });
	});

	it("saves user meta on the current user only", async () => {
		const admin = await t.actor("administrator");
		const saved = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me",
			headers: admin.headers,
			payload: { meta: { wc_payments_overview_inbox_last_read: 1_800_000_000 } },
		});
		expect(saved.statusCode).toBe(200);
		expect(json<{ meta: Record<string, unknown> }>(saved).meta).toEqual({
			wc_payments_overview_inbox_last_read: 1_800_000_000,
		});
		const other = await t.actor("shop_manager");
		const theirs = await t.app.inject({
			method: "GET",
			url: "/wp-json/wp/v2/users/me",
			headers: other.headers,
		});
		expect(json<{ meta: Record<string, unknown> }>(theirs).meta).toEqual({});
	});
});

describe("admin pages and the login page", () => {
	it("sends a logged-out visitor to the login page with redirect_to", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts",
		});
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toContain("/wp-login.php?redirect_to=");
	});

	it("tells a customer 'Sorry, you are not allowed to access this page.'", async () => {
		const customer = await t.actor("customer");
		const response = await t.app.inject({
			method: "GET",
			url: "/wp-admin/admin.php?page=wc-admin&path=/payments/overview",
			headers: { cookie: customer.headers.cookie ?? "" },
		});
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain("Sorry, you are not allowed to access this page.");
	});

	it("logs in with the WordPress field names and honours a same-site redirect_to only", async () => {
		const admin = await t.actor("administrator");
		const ok = await postLoginForm(t.app, {
			log: admin.user.login,
			pwd: "correct horse battery staple",
			redirect_to: "/wp-admin/admin.php?page=wc-admin&path=/payments/disputes",
		});
		expect(ok.statusCode).toBe(302);
		expect(ok.headers.location).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/disputes");
		expect(String(ok.headers["set-cookie"])).toMatch(/HttpOnly/i);
		expect(String(ok.headers["set-cookie"])).toMatch(/SameSite=Lax/i);
		for (const target of [
			"https://evil.example/",
			"//evil.example/",
			"/\t/evil.example",
			"/\\evil.example",
		]) {
			const offsite = await postLoginForm(t.app, {
				log: admin.user.login,
				pwd: "correct horse battery staple",
				redirect_to: target,
			});
			expect(offsite.headers.location, JSON.stringify(target)).toBe(
				"/wp-admin/admin.php?page=wc-admin&path=/payments/overview",
			);
		}
	});

	it("gives one message whether or not the user exists, and limits failures", async () => {
		const admin = await t.actor("administrator");
		const attempt = (log: string) =>
			postLoginForm(t.app, { log, pwd: "wrong-password" }, { remoteAddress: "10.9.9.9" });
		const unknownUser = await attempt("nobody-here");
		const knownUser = await attempt(admin.user.login);
		expect(unknownUser.statusCode).toBe(401);
		expect(knownUser.body).toContain("The username or password you entered is incorrect.");
		expect(unknownUser.body).toContain("The username or password you entered is incorrect.");
		for (let i = 0; i < 4; i++) await attempt(admin.user.login);
		const limited = await attempt(admin.user.login);
		expect(limited.statusCode).toBe(429);
		expect(limited.body).toContain("Too many failed login attempts");
	});
});

describe("OpenAPI document", () => {
	it("is generated from the contract and lists the accounts route", async () => {
		const response = await t.app.inject({ method: "GET", url: `${BASE}/openapi.json` });
		expect(response.statusCode).toBe(200);
		const doc = json<{ openapi: string; paths: Record<string, unknown> }>(response);
		expect(doc.openapi).toBe("3.1.0");
		expect(Object.keys(doc.paths)).toContain(`${BASE}/accounts`);
	});
});
