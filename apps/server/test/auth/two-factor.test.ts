/**
 * Two-factor sign-in (TOTP, RFC 6238), as WordPress's Two Factor plugin has it: a user sets up an
 * authenticator app from a fresh key and a code of it, gets 10 recovery codes, and from then on a
 * right password alone starts no session: the login form asks for the authentication code. A code
 * is accepted one step either side of now and never twice, a recovery code once, wrong codes are
 * throttled, an application password still signs scripts in, and a role the administrator names
 * must set it up before anything else.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import type { AuthUser } from "../../src/auth/context.ts";
import { createNonce } from "../../src/auth/nonce.ts";
import { findSession, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { twoFactorSecrets } from "../../src/auth/two-factor/secrets.ts";
import { replaceRecoveryCodes, useRecoveryCode, useStep } from "../../src/auth/two-factor/store.ts";
import { otpauthUri, qrCodeDataUrl, stepAt, totpCode } from "../../src/auth/two-factor/totp.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { loginTestCookie, postLoginForm } from "../../src/testing/login-form.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_PASSWORD,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const TWO_FACTOR = "/wp-json/two-factor/1.0";
const TOTP = `${TWO_FACTOR}/totp`;
const STATUS = `${TWO_FACTOR}/status`;
const BACKUP_CODES = `${TWO_FACTOR}/generate-backup-codes`;
const SETTINGS = "/wp-json/wp/v2/settings";
const ME = "/wp-json/wp/v2/users/me";
const DEPOSITS_PAGE = "/wp-admin/admin.php?page=wc-admin&path=/payments/deposits";

let t: TestApp;
/** The server under test, with an application key (PostgreSQL has no key file to fall back on). */
let server: FastifyInstance;
let admin: Actor;
let address = 0;
/** A fresh client address per attempt, so the address's own limits stay out of a test's way. */
const nextAddress = () => `10.2.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	server = await t.anotherServer({ secretKey: randomBytes(32).toString("hex") });
	admin = await t.actor("administrator");
	await call("POST", SETTINGS, admin, { title: "Boutique Léa" });
});
afterAll(async () => {
	await server?.close();
	await t?.close();
});

function call(
	method: "GET" | "POST" | "DELETE",
	url: string,
	actor: Pick<Actor, "headers">,
	payload?: object,
) {
	return server.inject({
		method,
		url,
		headers: payload ? { ...actor.headers, "content-type": "application/json" } : actor.headers,
		...(payload ? { payload } : {}),
	});
}

/** The code the app shows now, or `steps` 30-second steps away. */
const codeOf = (key: string, steps = 0) => totpCode(key, stepAt(t.clock.seconds()) + steps);

/** Sets up an authenticator app for the actor; the clock then moves to the next step. */
async function enrol(actor: Actor): Promise<string> {
	const { key } = json<{ key: string }>(await call("GET", TOTP, actor));
	const enabled = await call("POST", TOTP, actor, { key, code: codeOf(key) });
	expect(enabled.statusCode, enabled.body).toBe(200);
	t.clock.advance(30);
	return key;
}

const sessionCookie = (response: LightMyRequestResponse) =>
	response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

/** The half-done sign-in the code form carries. */
function loginTokenOf(response: LightMyRequestResponse): string {
	const token = /name="wp-auth-nonce" value="([^"]+)"/.exec(response.body)?.[1];
	if (!token) throw new Error(`no code form in ${response.statusCode} ${response.body.slice(0, 300)}`);
	return token;
}

const passwordStep = (user: AuthUser, from = nextAddress()) =>
	postLoginForm(
		server,
		{ log: user.login, pwd: TEST_PASSWORD, redirect_to: DEPOSITS_PAGE },
		{ remoteAddress: from },
	);

async function codeStep(token: string, authcode: string, from = nextAddress()) {
	const testCookie = await loginTestCookie(server, { remoteAddress: from });
	return server.inject({
		method: "POST",
		url: "/wp-login.php?action=validate_2fa",
		remoteAddress: from,
		headers: {
			"content-type": "application/x-www-form-urlencoded",
			cookie: `wordpress_test_cookie=${testCookie}`,
		},
		payload: new URLSearchParams({
			"wp-auth-nonce": token,
			authcode,
			redirect_to: DEPOSITS_PAGE,
			testcookie: testCookie,
		}).toString(),
	});
}

/** Password, then code: the answer to the code. */
async function signIn(user: AuthUser, code: (() => string) | string, from = nextAddress()) {
	const first = await passwordStep(user, from);
	return codeStep(loginTokenOf(first), typeof code === "string" ? code : code(), from);
}

/** The REST headers of a session a sign-in answered with. */
async function restHeadersOf(response: LightMyRequestResponse): Promise<Record<string, string>> {
	const cookie = sessionCookie(response);
	if (!cookie) throw new Error(`no session: ${response.statusCode} ${response.body.slice(0, 300)}`);
	const session = await findSession(t.db.kysely, cookie.value, t.clock.seconds());
	return {
		cookie: `${SESSION_COOKIE}=${cookie.value}`,
		"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", t.clock.seconds()),
	};
}

describe("the TOTP check (RFC 6238)", () => {
	// Appendix B: the SHA-1 seed "12345678901234567890", 8 digits, 30-second steps.
	const seed = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
	it.each([
		[59, "94287082"],
		[1111111109, "07081804"],
		[1111111111, "14050471"],
		[1234567890, "89005924"],
		[2000000000, "69279037"],
		[20000000000, "65353130"],
	])("at T = %i the SHA-1 code is %s (appendix B)", (time, expected) => {
		expect(totpCode(seed, stepAt(time), { digits: 8, algorithm: "SHA1" })).toBe(expected);
	});

	it("the key URI names the site as issuer and the user's login, as the plugin does", () => {
		const uri = new URL(otpauthUri("JBSWY3DPEHPK3PXP", "Boutique Léa", "sam"));
		expect(uri.protocol).toBe("otpauth:");
		expect(uri.host).toBe("totp");
		expect(decodeURIComponent(uri.pathname)).toBe("/Boutique Léa:sam");
		expect(uri.searchParams.get("issuer")).toBe("Boutique Léa");
		expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
		expect(uri.searchParams.get("digits")).toBe("6");
		expect(uri.searchParams.get("period")).toBe("30");
	});
});

describe("setting it up on the profile", () => {
	it("hands out a fresh 160-bit key each time, with the QR code of its otpauth:// URI", async () => {
		const actor = await t.actor("shop_manager");
		const first = json<{ key: string; qr_code_url: string }>(await call("GET", TOTP, actor));
		const second = json<{ key: string }>(await call("GET", TOTP, actor));
		expect(first.key).toMatch(/^[A-Z2-7]{32}$/);
		expect(second.key).not.toBe(first.key);
		expect(first.qr_code_url).toBe(
			await qrCodeDataUrl(otpauthUri(first.key, "Boutique Léa", actor.user.login)),
		);
		expect(first.qr_code_url).toMatch(/^data:image\/png;base64,/);
		// Nothing is kept until a code confirms the key.
		expect(json(await call("GET", STATUS, actor))).toEqual({
			enabled: false,
			enabled_at: null,
			required: false,
			backup_codes_remaining: 0,
		});
	});

	it("turns on only with a code of the key, naming what is wrong otherwise", async () => {
		const actor = await t.actor("shop_manager");
		const { key } = json<{ key: string }>(await call("GET", TOTP, actor));

		const wrong = await call("POST", TOTP, actor, { key, code: codeOf(key, 3) });
		expect(wrong.statusCode).toBe(400);
		expectRestError(wrong);
		expect(json(wrong)).toMatchObject({
			code: "invalid_key_code",
			message: "Invalid Two Factor Authentication code.",
		});

		const badKey = await call("POST", TOTP, actor, { key: "not-a-key", code: "123456" });
		expect(badKey.statusCode).toBe(400);
		expect(json(badKey)).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { key: expect.stringMatching(/^key must be/) } },
		});

		const badCode = await call("POST", TOTP, actor, { key, code: "12345" });
		expect(json(badCode)).toMatchObject({
			data: { params: { code: "code must be the 6-digit code of the authenticator app" } },
		});

		const someoneElse = await call("POST", TOTP, actor, { key, code: codeOf(key), user_id: admin.user.id });
		expect(json(someoneElse)).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { user_id: expect.any(String) } },
		});
		expect(json(await call("GET", STATUS, actor))).toMatchObject({ enabled: false });

		const spaced = codeOf(key).replace(/^(\d{3})/, "$1 ");
		const enabled = await call("POST", TOTP, actor, { key, code: spaced });
		expect(enabled.statusCode).toBe(200);
		expect(json(enabled)).toMatchObject({ enabled: true, enabled_at: t.clock.seconds() });

		const [row] = await t.db.kysely
			.selectFrom("two_factor")
			.selectAll()
			.where("user_id", "=", actor.user.id)
			.execute();
		expect(row?.totp_key).toMatch(/^v1\./);
		expect(row?.totp_key).not.toContain(key);
	});

	it("gives 10 recovery codes of 8 digits once, stored hashed; new ones void the old", async () => {
		const actor = await t.actor("shop_manager");
		expect(json(await call("POST", BACKUP_CODES, actor))).toMatchObject({ code: "two_factor_not_enabled" });
		await enrol(actor);
		const { codes } = json<{ codes: string[] }>(await call("POST", BACKUP_CODES, actor));
		expect(codes).toHaveLength(10);
		expect(new Set(codes).size).toBe(10);
		for (const code of codes) expect(code).toMatch(/^\d{8}$/);
		const stored = await t.db.kysely
			.selectFrom("two_factor_recovery_codes")
			.select("code_hash")
			.where("user_id", "=", actor.user.id)
			.execute();
		expect(stored).toHaveLength(10);
		for (const { code_hash } of stored) expect(codes).not.toContain(code_hash);
		expect(json(await call("GET", STATUS, actor))).toMatchObject({ backup_codes_remaining: 10 });

		const renewed = json<{ codes: string[] }>(await call("POST", BACKUP_CODES, actor)).codes;
		const old = await signIn(actor.user, codes[0] ?? "");
		expect(old.statusCode).toBe(401);
		expect(sessionCookie(old)).toBeUndefined();
		const fresh = await signIn(actor.user, renewed[0] ?? "");
		expect(fresh.statusCode).toBe(302);
	});
});

describe("signing in with two factors", () => {
	let user: Actor;
	let key: string;
	let recoveryCodes: string[];

	beforeAll(async () => {
		user = await t.actor("shop_manager");
		key = await enrol(user);
		recoveryCodes = json<{ codes: string[] }>(await call("POST", BACKUP_CODES, user)).codes;
	});

	it("a right password starts no session: the form asks for the authentication code", async () => {
		const response = await passwordStep(user.user);
		expect(response.statusCode).toBe(200);
		expect(sessionCookie(response)).toBeUndefined();
		expect(response.body).toContain('name="authcode"');
		expect(response.body).toContain('action="/wp-login.php?action=validate_2fa"');
		expect(response.body).not.toContain('name="pwd"');
		const sessions = await t.db.kysely
			.selectFrom("sessions")
			.select("id")
			.where("user_id", "=", user.user.id)
			.execute();
		expect(sessions).toHaveLength(1);
	});

	it("the app's code signs in and goes where the login was headed", async () => {
		t.clock.advance(30);
		const response = await signIn(user.user, () => codeOf(key));
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toBe(DEPOSITS_PAGE);
		const me = await server.inject({ method: "GET", url: ME, headers: await restHeadersOf(response) });
		expect(json(me)).toMatchObject({ id: user.user.id });
	});

	it("a code is never accepted twice, even in a new sign-in", async () => {
		t.clock.advance(30);
		const code = codeOf(key);
		expect((await signIn(user.user, code)).statusCode).toBe(302);
		const again = await signIn(user.user, code);
		expect(again.statusCode).toBe(401);
		expect(again.body).toContain("Invalid verification code.");
		expect(sessionCookie(again)).toBeUndefined();
	});

	it("accepts the codes one step either side of now, not two", async () => {
		t.clock.advance(300);
		// Older steps first: a step at or before the last one used is refused.
		expect((await signIn(user.user, () => codeOf(key, -2))).statusCode).toBe(401);
		expect((await signIn(user.user, () => codeOf(key, -1))).statusCode).toBe(302);
		expect((await signIn(user.user, () => codeOf(key, 2))).statusCode).toBe(401);
		expect((await signIn(user.user, () => codeOf(key, 1))).statusCode).toBe(302);
		// The step after is used now: the current one, before it, is too late.
		expect((await signIn(user.user, () => codeOf(key))).statusCode).toBe(401);
	});

	it("a recovery code signs in once", async () => {
		const code = recoveryCodes[3] ?? "";
		const first = await signIn(user.user, code.replace(/^(\d{4})/, "$1 "));
		expect(first.statusCode).toBe(302);
		expect(sessionCookie(first)).toBeDefined();
		expect((await signIn(user.user, code)).statusCode).toBe(401);
		expect(json(await call("GET", STATUS, user))).toMatchObject({ backup_codes_remaining: 9 });
	});

	it("the form's token works once, runs out after 10 minutes and cannot be forged", async () => {
		// Past the steps the tests before used.
		t.clock.advance(90);
		const token = loginTokenOf(await passwordStep(user.user));
		expect((await codeStep(token, codeOf(key))).statusCode).toBe(302);
		t.clock.advance(30);
		const reused = await codeStep(token, codeOf(key));
		expect(reused.statusCode).toBe(400);
		expect(reused.body).toContain("Please log in again.");
		expect(reused.body).toContain('name="pwd"');

		const late = loginTokenOf(await passwordStep(user.user));
		t.clock.advance(10 * 60 + 30);
		expect((await codeStep(late, codeOf(key))).statusCode).toBe(400);

		const real = loginTokenOf(await passwordStep(user.user));
		const [payload, signature] = real.split(".");
		const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
		const forged = Buffer.from(JSON.stringify({ ...claims, u: admin.user.id })).toString("base64url");
		const response = await codeStep(`${forged}.${signature}`, codeOf(key));
		expect(response.statusCode).toBe(400);
		expect(sessionCookie(response)).toBeUndefined();
	});

	it("a wrong code asks again with a new token; a later sign-in replaces an earlier one", async () => {
		t.clock.advance(30);
		const first = await passwordStep(user.user);
		const wrong = await codeStep(loginTokenOf(first), "000000");
		expect(wrong.statusCode).toBe(401);
		expect(wrong.body).toContain("<strong>Error:</strong> Invalid verification code.");
		const retry = loginTokenOf(wrong);
		expect(retry).not.toBe(loginTokenOf(first));
		const later = await passwordStep(user.user);
		expect((await codeStep(retry, codeOf(key))).statusCode).toBe(400);
		expect((await codeStep(loginTokenOf(later), codeOf(key))).statusCode).toBe(302);
	});

	it("a form from another site is refused", async () => {
		const token = loginTokenOf(await passwordStep(user.user));
		const response = await server.inject({
			method: "POST",
			url: "/wp-login.php?action=validate_2fa",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ "wp-auth-nonce": token, authcode: codeOf(key) }).toString(),
		});
		expect(response.statusCode).toBe(403);
		expect(sessionCookie(response)).toBeUndefined();
	});

	it("an application password still signs a script in, without a code", async () => {
		const headers = await t.basic(user.user);
		const me = await server.inject({ method: "GET", url: ME, headers });
		expect(me.statusCode).toBe(200);
		expect(json(me)).toMatchObject({ id: user.user.id });
	});
});

describe("a code is used once, even by requests that race", () => {
	it("two uses of one step, or of one recovery code, at the same moment: one wins", async () => {
		const actor = await t.actor("shop_manager");
		await enrol(actor);
		const secrets = twoFactorSecrets(() => Buffer.alloc(32, 7));
		const codes = await replaceRecoveryCodes(t.db.kysely, secrets, actor.user, t.clock.seconds());
		const step = stepAt(t.clock.seconds()) + 5;
		const steps = await Promise.all([0, 1, 2, 3].map(() => useStep(t.db.kysely, actor.user, step)));
		expect(steps.filter(Boolean)).toHaveLength(1);
		const recovery = await Promise.all(
			[0, 1, 2, 3].map(() => useRecoveryCode(t.db.kysely, secrets, actor.user, codes[0] ?? "")),
		);
		expect(recovery.filter(Boolean)).toHaveLength(1);
		// A code hashed for this user is no code of another's.
		const other = await t.actor("shop_manager");
		expect(await useRecoveryCode(t.db.kysely, secrets, other.user, codes[1] ?? "")).toBe(false);
	});
});

describe("wrong codes are throttled like wrong passwords", () => {
	it("after 5 wrong codes from one address, even the right one waits (429, Retry-After)", async () => {
		const actor = await t.actor("shop_manager");
		const key = await enrol(actor);
		const from = nextAddress();
		let token = loginTokenOf(await passwordStep(actor.user, from));
		for (let attempt = 0; attempt < 5; attempt++) {
			const wrong = await codeStep(token, "111111", from);
			expect(wrong.statusCode).toBe(401);
			token = loginTokenOf(wrong);
		}
		const refused = await codeStep(token, codeOf(key), from);
		expect(refused.statusCode).toBe(429);
		expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
		expect(refused.body).toContain("Too many invalid verification codes.");
		expect(sessionCookie(refused)).toBeUndefined();
	});

	it("spreading guesses over addresses does not help: 10 wrong codes hold the user's codes", async () => {
		const actor = await t.actor("shop_manager");
		const key = await enrol(actor);
		for (let attempt = 0; attempt < 10; attempt++) {
			expect((await signIn(actor.user, "222222")).statusCode).toBe(401);
		}
		expect((await signIn(actor.user, () => codeOf(key))).statusCode).toBe(429);
		// Turning it off from the profile asks for a code too, under the same limit.
		const off = await call("DELETE", TOTP, actor, { code: codeOf(key) });
		expect(off.statusCode).toBe(429);
		expect(json(off)).toMatchObject({
			code: "rest_too_many_requests",
			data: { retry_after: expect.any(Number) },
		});
		t.clock.advance(15 * 60);
		expect((await signIn(actor.user, () => codeOf(key))).statusCode).toBe(302);
	});
});

describe("turning it off", () => {
	it("needs a current code; then the password alone signs in again", async () => {
		const actor = await t.actor("shop_manager");
		const key = await enrol(actor);
		await call("POST", BACKUP_CODES, actor);

		const wrong = await call("DELETE", TOTP, actor, { code: codeOf(key, 5) });
		expect(wrong.statusCode).toBe(400);
		expect(json(wrong)).toMatchObject({ code: "invalid_key_code" });
		const missing = await call("DELETE", TOTP, actor, {});
		expect(json(missing)).toMatchObject({ code: "rest_missing_callback_param" });

		const off = await call("DELETE", TOTP, actor, { code: codeOf(key) });
		expect(off.statusCode).toBe(200);
		expect(json(off)).toEqual({
			enabled: false,
			enabled_at: null,
			required: false,
			backup_codes_remaining: 0,
		});
		const response = await passwordStep(actor.user);
		expect(response.statusCode).toBe(302);
		expect(sessionCookie(response)).toBeDefined();
		expect(json(await call("DELETE", TOTP, actor, { code: "123456" }))).toMatchObject({
			code: "two_factor_not_enabled",
		});
	});
});

describe("an administrator requires two-factor sign-in for chosen roles", () => {
	afterAll(async () => {
		await call("POST", SETTINGS, admin, { two_factor_required_roles: [] });
	});

	it("names the roles in General Settings, refusing a name that is no role", async () => {
		const refused = await call("POST", SETTINGS, admin, {
			two_factor_required_roles: ["shop_manager", "owner"],
		});
		expect(refused.statusCode).toBe(400);
		expect(json(refused)).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { two_factor_required_roles: expect.stringContaining("no such role: owner") } },
		});
		const saved = await call("POST", SETTINGS, admin, { two_factor_required_roles: ["shop_manager"] });
		expect(json(saved)).toMatchObject({ two_factor_required_roles: ["shop_manager"] });
	});

	it("a shop manager without it is sent to enrol and can do nothing else until they have", async () => {
		const manager = await t.actor("shop_manager");
		const signedIn = await passwordStep(manager.user);
		expect(signedIn.statusCode).toBe(302);
		expect(signedIn.headers.location).toBe("/wp-admin/profile.php");
		const headers = await restHeadersOf(signedIn);
		const as = { headers };

		const payments = await call("GET", `${BASE}/notifications`, as);
		expect(payments.statusCode).toBe(403);
		expectRestError(payments);
		expect(json(payments)).toMatchObject({ code: "two_factor_enrolment_required" });
		const write = await call("POST", ME, as, { locale: "fr_FR" });
		expect(json(write)).toMatchObject({ code: "two_factor_enrolment_required" });
		const page = await server.inject({
			method: "GET",
			url: DEPOSITS_PAGE,
			headers: { cookie: headers.cookie ?? "" },
		});
		expect(page.statusCode).toBe(302);
		expect(page.headers.location).toBe("/wp-admin/profile.php");
		const settings = await buildPageSettings(
			t.db.kysely,
			{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "http://x" },
			manager.user,
			{ nonceSecret: "s", now: t.clock.seconds() },
		);
		expect(settings.twoFactorEnrolmentRequired).toBe(true);

		// What the profile needs to set it up answers.
		expect((await call("GET", ME, as)).statusCode).toBe(200);
		expect(json(await call("GET", STATUS, as))).toMatchObject({ enabled: false, required: true });
		const key = await enrol({ user: manager.user, headers });
		expect((await call("GET", `${BASE}/notifications`, as)).statusCode).toBe(200);
		const after = await buildPageSettings(
			t.db.kysely,
			{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "http://x" },
			manager.user,
			{ nonceSecret: "s", now: t.clock.seconds() },
		);
		expect(after.twoFactorEnrolmentRequired).toBe(false);

		// Required for the role: it stays on.
		const off = await call("DELETE", TOTP, as, { code: codeOf(key) });
		expect(off.statusCode).toBe(403);
		expect(json(off)).toMatchObject({ code: "two_factor_required" });
	});

	it("a session open before the requirement is held too; other roles and scripts are not", async () => {
		const manager = await t.actor("shop_manager");
		expect(json(await call("GET", `${BASE}/notifications`, manager))).toMatchObject({
			code: "two_factor_enrolment_required",
		});
		const script = await server.inject({
			method: "GET",
			url: `${BASE}/notifications`,
			headers: await t.basic(manager.user),
		});
		expect(script.statusCode).toBe(200);
		expect((await call("GET", `${BASE}/notifications`, admin)).statusCode).toBe(200);
	});
});
