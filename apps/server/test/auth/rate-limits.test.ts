/**
 * Guessing passwords does not scale (issue 11): login and application-password attempts are
 * limited per account (the user name tried) and per address, a revoked application password
 * stops working at once, and neither door tells whether a user exists.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthUser } from "../../src/auth/context.ts";
import { createApplicationPassword, createUser } from "../../src/auth/users.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const PASSWORD = "correct horse battery staple";
let t: TestApp;
let merchant: AuthUser;
let appPassword: string;
let address = 0;
/** A fresh client address per call site, so tests of the per-account limit are not per-address. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	merchant = await createUser(t.db.kysely, {
		accountId: TEST_ACCOUNT,
		login: "merchant",
		email: "merchant@example.com",
		role: "shop_manager",
		password: PASSWORD,
		created: t.clock.seconds(),
	});
	appPassword = (await createApplicationPassword(t.db.kysely, merchant, "script", t.clock.seconds()))
		.password;
});
beforeEach(async () => {
	await t.db.kysely.deleteFrom("rate_limits").execute();
});
afterAll(async () => t.close());

const logIn = (login: string, password: string, remoteAddress = nextAddress()) =>
	t.app.inject({
		method: "POST",
		url: "/wp-login.php",
		remoteAddress,
		headers: { "content-type": "application/x-www-form-urlencoded" },
		payload: `log=${encodeURIComponent(login)}&pwd=${encodeURIComponent(password)}`,
	});

const basic = (login: string, password: string, remoteAddress = nextAddress()) =>
	t.app.inject({
		method: "GET",
		url: `${BASE}/accounts`,
		remoteAddress,
		headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}` },
	});

/** The page without what legitimately differs: the login name echoed back in the form. */
const withoutLogin = (response: LightMyRequestResponse, login: string) =>
	response.body.replaceAll(login, "…");

describe("login page attempts are limited", () => {
	it("per account: after 5 failures from anywhere, even the right password waits (429)", async () => {
		for (let i = 0; i < 5; i++) expect((await logIn("merchant", "wrong")).statusCode).toBe(401);
		const locked = await logIn("merchant", PASSWORD);
		expect(locked.statusCode).toBe(429);
		expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
		expect(locked.body).toContain("Too many failed login attempts");
	});

	it("per address: 20 failures from one address with different names lock that address", async () => {
		const from = "192.0.2.7";
		for (let i = 0; i < 20; i++) expect((await logIn(`nobody${i}`, "wrong", from)).statusCode).toBe(401);
		expect((await logIn("merchant", PASSWORD, from)).statusCode).toBe(429);
		expect((await logIn("merchant", PASSWORD)).statusCode).toBe(302);
	});

	it("does not reveal whether a user exists: same status and same page", async () => {
		const known = await logIn("merchant", "wrong");
		const unknown = await logIn("no-such-user", "wrong");
		expect(unknown.statusCode).toBe(known.statusCode);
		expect(withoutLogin(unknown, "no-such-user")).toBe(withoutLogin(known, "merchant"));
	});
});

describe("application-password attempts are limited", () => {
	it("per address: 20 failures lock that address out, in the REST error shape", async () => {
		const from = "192.0.2.8";
		for (let i = 0; i < 20; i++) expect((await basic(`nobody${i}`, "wrong", from)).statusCode).toBe(401);
		const locked = await basic("merchant", appPassword, from);
		expect(locked.statusCode).toBe(429);
		expectRestError(locked);
		expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
	});

	it("per account: failures spread over many addresses lock that user name", async () => {
		for (let i = 0; i < 5; i++) expect((await basic("merchant", `wrong${i}`)).statusCode).toBe(401);
		const locked = await basic("merchant", appPassword);
		expect(locked.statusCode).toBe(429);
		expectRestError(locked);
	});

	it("does not reveal whether a user exists: same answer", async () => {
		const known = await basic("merchant", "wrong");
		const unknown = await basic("no-such-user", "wrong");
		expect(unknown.statusCode).toBe(known.statusCode);
		expect(unknown.json()).toEqual(known.json());
	});

	it("spends a password hash on an unknown user too, so timing does not reveal users", async () => {
		const time = async (login: string) => {
			const samples: number[] = [];
			for (let i = 0; i < 3; i++) {
				const started = performance.now();
				await basic(login, `wrong${i}`);
				samples.push(performance.now() - started);
				await t.db.kysely.deleteFrom("rate_limits").execute();
			}
			return samples.sort((a, b) => a - b)[1] ?? 0;
		};
		const known = await time("merchant");
		const unknown = await time("no-such-user");
		// A scrypt verification costs tens of milliseconds; a lookup alone is well under one.
		expect(unknown).toBeGreaterThan(known * 0.3);
	});
});

const failuresOf = async (bucket: string) =>
	Number(
		(
			await t.db.kysely
				.selectFrom("rate_limits")
				.select("count")
				.where("bucket", "=", bucket)
				.executeTakeFirst()
		)?.count ?? 0,
	);

describe("concurrent wrong passwords are each counted (issue 16)", () => {
	const statuses = (answers: LightMyRequestResponse[]) =>
		answers.map((answer) => answer.statusCode).sort((a, b) => a - b);

	it("login page: 50 at once from 50 addresses are 50 counted, and the lockout holds", async () => {
		const answers = await Promise.all(Array.from({ length: 50 }, () => logIn("merchant", "wrong")));
		expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
		expect(await failuresOf("login-user:merchant")).toBe(50);
		expect((await logIn("merchant", PASSWORD)).statusCode).toBe(429);
	});

	it("application passwords: 50 at once are 50 counted, and the right password waits", async () => {
		const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => basic("merchant", `wrong${i}`)));
		expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
		expect(await failuresOf("app-password-user:merchant")).toBe(50);
		expect((await basic("merchant", appPassword)).statusCode).toBe(429);
	});

	it("one address guessing 50 names at once is counted 50 times and locked", async () => {
		const from = "198.51.100.9";
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) => logIn(`guess${i}`, "wrong", from)),
		);
		expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
		expect(await failuresOf(`login:${from}`)).toBe(50);
		expect((await logIn("merchant", PASSWORD, from)).statusCode).toBe(429);
	});

	it("signing in is not guessing: a script's burst of right passwords is never refused", async () => {
		const from = "198.51.100.10";
		for (let i = 0; i < 25; i++) expect((await logIn("merchant", PASSWORD, from)).statusCode).toBe(302);
		expect(await failuresOf(`login:${from}`)).toBe(0);
		const burst = await Promise.all(Array.from({ length: 30 }, () => basic("merchant", appPassword, from)));
		expect(burst.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
	});
});

describe("a revoked application password stops working at once", () => {
	it("is refused on the next call, even though verified passwords are cached briefly", async () => {
		const { uuid, password } = await createApplicationPassword(
			t.db.kysely,
			merchant,
			"revoked soon",
			t.clock.seconds(),
		);
		expect((await basic("merchant", password)).statusCode).toBe(200);
		await t.db.kysely.deleteFrom("application_passwords").where("uuid", "=", uuid).execute();
		const after = await basic("merchant", password);
		expect(after.statusCode).toBe(401);
		expectRestError(after);
	});
});
