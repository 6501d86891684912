/**
 * The Profile's sessions, as WordPress shows them: each of the user's sessions with the device
 * it signed in from, its address and when it was last seen, the current one first; "Log Out
 * Everywhere Else" ends the others. Changing the password asks for the current one and ends
 * the other sessions and their live-update streams at once.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../src/auth/context.ts";
import { createNonce } from "../../src/auth/nonce.ts";
import { findSession, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { deviceOf } from "../../src/auth/user-agent.ts";
import { readEventStream } from "../../src/testing/event-stream-client.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import {
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_PASSWORD,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const SESSIONS = "/wp-json/wp/v2/users/me/sessions";
const PASSWORD = "/wp-json/wp/v2/users/me/password";
const ME = "/wp-json/wp/v2/users/me";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let t: TestApp;
let address = 0;
const nextAddress = () => `10.3.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
});
afterAll(async () => t.close());

interface Browser {
	headers: Record<string, string>;
	address: string;
}

/** A sign-in from a device of its own: the REST headers the admin would send. */
async function signIn(user: AuthUser, userAgent: string, password = TEST_PASSWORD): Promise<Browser> {
	const from = nextAddress();
	const response = await postLoginForm(
		t.app,
		{ log: user.login, pwd: password },
		{ remoteAddress: from, headers: { "user-agent": userAgent } },
	);
	const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
	if (!token) throw new Error(`no session: ${response.statusCode}`);
	const session = await findSession(t.db.kysely, token, t.clock.seconds());
	return {
		address: from,
		headers: {
			cookie: `${SESSION_COOKIE}=${token}`,
			"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", t.clock.seconds()),
			"user-agent": userAgent,
		},
	};
}

function call(
	method: "GET" | "POST" | "DELETE",
	url: string,
	browser: Browser,
	payload?: object,
): Promise<LightMyRequestResponse> {
	return t.app.inject({
		method,
		url,
		remoteAddress: browser.address,
		headers: payload ? { ...browser.headers, "content-type": "application/json" } : browser.headers,
		...(payload ? { payload } : {}),
	});
}

describe("the device of a session", () => {
	it.each([
		[FIREFOX_WINDOWS, "Firefox", "Windows"],
		[SAFARI_IPHONE, "Safari", "iOS"],
		[
			"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
			"Chrome",
			"macOS",
		],
		[
			"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
			"Edge",
			"Windows",
		],
		[
			"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
			"Chrome",
			"Android",
		],
		["curl/8.5.0", "", ""],
	])("%s is %s on %s", (userAgent, browser, platform) => {
		expect(deviceOf(userAgent)).toEqual({ browser, platform });
	});
});

describe("the user's sessions", () => {
	it("lists each with its device, address and last seen, the current one first", async () => {
		const { user } = await t.actor("shop_manager");
		const phone = await signIn(user, SAFARI_IPHONE);
		t.clock.advance(120);
		const desk = await signIn(user, FIREFOX_WINDOWS);
		t.clock.advance(120);
		// The phone is used again from elsewhere: last seen and its address follow.
		const moved = { ...phone, address: nextAddress() };
		expect((await call("GET", ME, moved)).statusCode).toBe(200);

		const listed = json<{ sessions: object[] }>(await call("GET", SESSIONS, desk));
		expect(listed.sessions).toEqual([
			{
				current: true,
				browser: "Firefox",
				platform: "Windows",
				ip: desk.address,
				created: t.clock.seconds() - 120,
				// Seen now: by this very request.
				last_seen: t.clock.seconds(),
			},
			{
				current: false,
				browser: "Safari",
				platform: "iOS",
				ip: moved.address,
				created: t.clock.seconds() - 240,
				last_seen: t.clock.seconds(),
			},
			// The actor's own session, made without a browser.
			expect.objectContaining({ current: false, browser: "", platform: "" }),
		]);
		// Only the user's own.
		const other = await t.actor("shop_manager");
		expect(
			json<{ sessions: object[] }>(await call("GET", SESSIONS, { ...other, address: "127.0.0.1" })).sessions,
		).toHaveLength(1);
	});

	it("'Log Out Everywhere Else' ends the others and keeps this one", async () => {
		const { user } = await t.actor("shop_manager");
		const here = await signIn(user, FIREFOX_WINDOWS);
		const there = await signIn(user, SAFARI_IPHONE);
		const ended = await call("DELETE", SESSIONS, here);
		expect(json(ended)).toEqual({ ended: 2 });
		expect((await call("GET", ME, there)).statusCode).toBe(401);
		expect((await call("GET", ME, here)).statusCode).toBe(200);
		expect(json<{ sessions: object[] }>(await call("GET", SESSIONS, here)).sessions).toHaveLength(1);
	});
});

describe("changing the password", () => {
	let server: FastifyInstance;
	beforeAll(async () => {
		server = t.app;
		await server.listen({ port: 0, host: "127.0.0.1" });
	});

	it("asks for the current password, naming what is wrong, and changes nothing then", async () => {
		const { user } = await t.actor("shop_manager");
		const here = await signIn(user, FIREFOX_WINDOWS);
		const wrong = await call("POST", PASSWORD, here, {
			current_password: "guess",
			password: "a new long password",
		});
		expect(wrong.statusCode).toBe(400);
		expectRestError(wrong);
		expect(json(wrong)).toMatchObject({
			code: "incorrect_password",
			message: "The current password is incorrect.",
		});
		const short = await call("POST", PASSWORD, here, { current_password: TEST_PASSWORD, password: "short" });
		expect(json(short)).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { password: "password must be at least 8 characters" } },
		});
		const login = await postLoginForm(
			t.app,
			{ log: user.login, pwd: TEST_PASSWORD },
			{ remoteAddress: nextAddress() },
		);
		expect(login.statusCode).toBe(302);
	});

	it("wrong current passwords are throttled as wrong logins are", async () => {
		const { user } = await t.actor("shop_manager");
		const here = await signIn(user, FIREFOX_WINDOWS);
		for (let attempt = 0; attempt < 5; attempt++) {
			await call("POST", PASSWORD, here, {
				current_password: `guess ${attempt}`,
				password: "a new long password",
			});
		}
		const refused = await call("POST", PASSWORD, here, {
			current_password: TEST_PASSWORD,
			password: "a new long password",
		});
		expect(refused.statusCode).toBe(429);
		expect(json(refused)).toMatchObject({ code: "rest_too_many_requests" });
	});

	it("ends the other sessions and their live-update streams at once; the new password signs in", async () => {
		const { user } = await t.actor("shop_manager");
		const here = await signIn(user, FIREFOX_WINDOWS);
		const there = await signIn(user, SAFARI_IPHONE);
		const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}${BASE}/events`;
		const stream = await readEventStream(url, there.headers);
		expect(stream.status).toBe(200);
		const kept = await readEventStream(url, here.headers);

		const changed = await call("POST", PASSWORD, here, {
			current_password: TEST_PASSWORD,
			password: "a new long password",
		});
		expect(changed.statusCode).toBe(200);
		expect(json(changed)).toEqual({ ended: 2 });
		// Streams check their credentials every 15 s; this one ends well before.
		const within = (ended: Promise<void>, ms: number) =>
			Promise.race([
				ended.then(() => "ended"),
				new Promise((resolve) => setTimeout(() => resolve("open"), ms)),
			]);
		expect(await within(stream.ended, 2000)).toBe("ended");
		expect(await within(kept.ended, 300)).toBe("open");
		kept.close();

		expect((await call("GET", ME, there)).statusCode).toBe(401);
		expect((await call("GET", ME, here)).statusCode).toBe(200);
		const old = await postLoginForm(
			t.app,
			{ log: user.login, pwd: TEST_PASSWORD },
			{ remoteAddress: nextAddress() },
		);
		expect(old.statusCode).toBe(401);
		await signIn(user, FIREFOX_WINDOWS, "a new long password");
	});
});
