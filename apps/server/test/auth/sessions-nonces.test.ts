/**
 * Cookie sessions cannot be ridden or kept: a cookie write needs
 * a valid X-WP-Nonce of its own session, nonces expire, logout ends the session on the server,
 * login rotates the session id, and the cookie is httpOnly, SameSite=Lax and Secure behind HTTPS.
 */

import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNonce } from "../../src/auth/nonce.ts";
import { findSession, hashToken, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { createUser } from "../../src/auth/users.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const PASSWORD = "correct horse battery staple";
let t: TestApp;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	await createUser(t.db.kysely, {
		accountId: TEST_ACCOUNT,
		login: "merchant",
		email: "merchant@example.com",
		role: "shop_manager",
		password: PASSWORD,
		created: t.clock.seconds(),
	});
});
afterAll(async () => t.close());

/** The session token a response sets, or undefined. */
function sessionCookie(response: LightMyRequestResponse) {
	return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

async function logIn(app: FastifyInstance, headers: Record<string, string> = {}) {
	const response = await postLoginForm(app, { log: "merchant", pwd: PASSWORD }, { headers });
	expect(response.statusCode).toBe(302);
	const cookie = sessionCookie(response);
	if (!cookie) throw new Error("no session cookie set");
	return { response, cookie, token: cookie.value };
}

async function nonceFor(token: string, at = t.clock.seconds()): Promise<string> {
	const session = await findSession(t.db.kysely, token, t.clock.seconds());
	return createNonce(session?.nonceSecret ?? "missing", "wp_rest", at);
}

/** A state-changing REST call (saving a WordPress option) with the given headers. */
const write = (headers: Record<string, string>) =>
	t.app.inject({
		method: "POST",
		url: "/wp-json/wc-admin/options",
		headers: { "content-type": "application/json", ...headers },
		payload: { wcpay_next_deposit_notice_dismissed: true },
	});

describe("a cookie-authenticated write needs the session's own X-WP-Nonce", () => {
	it("treats a cookie without a nonce as logged out (401), as WordPress does", async () => {
		const { token } = await logIn(t.app);
		const response = await write({ cookie: `${SESSION_COOKIE}=${token}` });
		expect(response.statusCode).toBe(401);
		expectRestError(response);
		expect(response.json()).toMatchObject({ code: "rest_not_logged_in" });
	});

	it("refuses a wrong nonce with 403 rest_cookie_invalid_nonce", async () => {
		const { token } = await logIn(t.app);
		const response = await write({ cookie: `${SESSION_COOKIE}=${token}`, "x-wp-nonce": "0123456789" });
		expect(response.statusCode).toBe(403);
		expectRestError(response);
		expect(response.json()).toMatchObject({ code: "rest_cookie_invalid_nonce" });
	});

	it("refuses another session's nonce: a nonce is bound to the session it was made for", async () => {
		const mine = await logIn(t.app);
		const theirs = await logIn(t.app);
		const response = await write({
			cookie: `${SESSION_COOKIE}=${mine.token}`,
			"x-wp-nonce": await nonceFor(theirs.token),
		});
		expect(response.statusCode).toBe(403);
		expect(response.json()).toMatchObject({ code: "rest_cookie_invalid_nonce" });
	});

	it("accepts the session's own nonce, and refuses it once it expired (more than 24 hours)", async () => {
		const { token } = await logIn(t.app);
		const nonce = await nonceFor(token);
		const headers = { cookie: `${SESSION_COOKIE}=${token}`, "x-wp-nonce": nonce };
		expect((await write(headers)).statusCode).toBe(200);
		t.clock.advance(25 * 3600);
		try {
			const expired = await write(headers);
			expect(expired.statusCode).toBe(403);
			expect(expired.json()).toMatchObject({ code: "rest_cookie_invalid_nonce" });
			// The session itself (two days) is still alive: a fresh nonce works.
			expect((await write({ ...headers, "x-wp-nonce": await nonceFor(token) })).statusCode).toBe(200);
		} finally {
			t.clock.advance(-25 * 3600);
		}
	});
});

describe("logout ends the session on the server", () => {
	it("a copied cookie no longer works after logout, with or without a nonce", async () => {
		const { token } = await logIn(t.app);
		const session = await findSession(t.db.kysely, token, t.clock.seconds());
		const nonce = await nonceFor(token);
		const logout = createNonce(session?.nonceSecret ?? "", "log-out", t.clock.seconds());
		const out = await t.app.inject({
			method: "GET",
			url: `/wp-login.php?action=logout&_wpnonce=${logout}`,
			headers: { cookie: `${SESSION_COOKIE}=${token}` },
		});
		expect(out.statusCode).toBe(302);
		expect(await findSession(t.db.kysely, token, t.clock.seconds())).toBeNull();
		const replayed = await write({ cookie: `${SESSION_COOKIE}=${token}`, "x-wp-nonce": nonce });
		expect(replayed.statusCode).toBe(401);
		const page = await t.app.inject({
			method: "GET",
			url: "/wp-admin/admin.php?page=wc-admin",
			headers: { cookie: `${SESSION_COOKIE}=${token}` },
		});
		expect(page.statusCode).toBe(302);
		expect(page.headers.location).toMatch(/^\/wp-login\.php/);
	});

	it("a logout link without the session's nonce does not log out (no logout CSRF)", async () => {
		const { token } = await logIn(t.app);
		await t.app.inject({
			method: "GET",
			url: "/wp-login.php?action=logout&_wpnonce=0123456789",
			headers: { cookie: `${SESSION_COOKIE}=${token}` },
		});
		expect(await findSession(t.db.kysely, token, t.clock.seconds())).not.toBeNull();
	});
});

describe("login rotates the session id (no session fixation)", () => {
	it("issues a new id at every login and ends the session the browser came with", async () => {
		const first = await logIn(t.app);
		const second = await logIn(t.app, { cookie: `${SESSION_COOKIE}=${first.token}` });
		expect(second.token).not.toBe(first.token);
		expect(await findSession(t.db.kysely, first.token, t.clock.seconds())).toBeNull();
		const fixed = "attacker-chosen-session-id-0123456789";
		const third = await logIn(t.app, { cookie: `${SESSION_COOKIE}=${fixed}` });
		expect(third.token).not.toBe(fixed);
		const stored = await t.db.kysely
			.selectFrom("sessions")
			.select("id")
			.where("id", "=", hashToken(fixed))
			.execute();
		expect(stored).toEqual([]);
	});
});

describe("the session cookie is httpOnly, SameSite=Lax, and Secure behind HTTPS", () => {
	it("is httpOnly and SameSite=Lax on plain HTTP, not Secure (it would never come back)", async () => {
		const { cookie } = await logIn(t.app);
		expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
		expect(cookie.secure).toBeFalsy();
	});

	it("is Secure when a trusted proxy says the request came over HTTPS", async () => {
		const behindProxy = await t.anotherServer({ publicUrl: "https://shop.example" }, { trustProxy: true });
		try {
			const { cookie } = await logIn(behindProxy, { "x-forwarded-proto": "https" });
			expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
		} finally {
			await behindProxy.close();
		}
	});

	it("never exposes the session token to page scripts through a REST answer", async () => {
		const { token } = await logIn(t.app);
		const me = await t.app.inject({
			method: "GET",
			url: "/wp-json/wp/v2/users/me",
			headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-wp-nonce": await nonceFor(token) },
		});
		expect(me.statusCode).toBe(200);
		expect(me.body).not.toContain(token);
	});
});

describe("REST paths", () => {
	it("answer every authentication failure in the WordPress error shape", async () => {
		const response = await t.app.inject({ method: "GET", url: `${BASE}/accounts` });
		expect(response.statusCode).toBe(401);
		expectRestError(response);
	});
});
