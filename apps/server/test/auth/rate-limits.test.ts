/**
 * Guessing passwords does not scale, and a stranger cannot lock a store out of its payments:
 * failed logins and application passwords are counted per address and per user and address
 * (the user found by any spelling of its login), a right application password is never refused,
 * a right login password from an address that has not been failing always logs in, a revoked
 * application password stops working at once, and neither door tells whether a user exists.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthUser } from "../../src/auth/context.ts";
import { hashPassword } from "../../src/auth/passwords.ts";
import { createApplicationPassword, createUser } from "../../src/auth/users.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import { createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { paymentBody } from "../support/intake-fixtures.ts";
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
	postLoginForm(t.app, { log: login, pwd: password }, { remoteAddress });

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

/** The number of failures a bucket holds now. */
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

const userBucket = (door: string, address: string) =>
	`${door}-user:${TEST_ACCOUNT}/${merchant.id}@${address}`;

describe("a stranger cannot lock the owner out", () => {
	it("50 wrong passwords for a user name: the right application password still pays, from any address", async () => {
		const stranger = "203.0.113.50";
		const answers: number[] = [];
		for (let i = 0; i < 50; i++) answers.push((await basic("merchant", `bad${i}`, stranger)).statusCode);
		// Counted, and answered 429 once past the limit …
		expect(answers.slice(0, 5)).toEqual(Array(5).fill(401));
		expect(answers.slice(6).every((status) => status === 429)).toBe(true);
		for (let i = 0; i < 50; i++) await logIn("merchant", `bad${i}`, stranger);
		// … yet the store's checkout, with the user's application password, takes its payment from
		// its own address and from the stranger's.
		for (const from of ["198.51.100.200", stranger]) {
			const payment = await t.app.inject({
				method: "POST",
				url: `${BASE}/payment_intents`,
				remoteAddress: from,
				headers: {
					authorization: `Basic ${Buffer.from(`merchant:${appPassword}`).toString("base64")}`,
					"content-type": "application/json",
				},
				payload: paymentBody(),
			});
			expect(payment.statusCode, payment.body).toBe(200);
			expect(payment.json()).toMatchObject({ status: "succeeded" });
		}
	});

	it("the login form is no 15-minute switch: the owner logs in from an address that has not been failing", async () => {
		const stranger = "203.0.113.51";
		for (let i = 0; i < 50; i++) await logIn("merchant", `bad${i}`, stranger);
		expect((await logIn("merchant", PASSWORD, stranger)).statusCode).toBe(429);
		expect((await logIn("merchant", PASSWORD, "198.51.100.201")).statusCode).toBe(302);
	});

	it("failures count against the user, whatever spelling: the e-mail address gets no five more tries", async () => {
		const from = "203.0.113.52";
		for (const name of ["merchant", "merchant@example.com", "merchant", "merchant@example.com", "merchant"])
			expect((await logIn(name, "wrong", from)).statusCode).toBe(401);
		expect((await logIn("merchant@example.com", PASSWORD, from)).statusCode).toBe(429);
		expect(await failuresOf(userBucket("login", from))).toBe(6);
	});

	it("a right password forgets that address's failures for the user", async () => {
		const from = "203.0.113.53";
		for (let i = 0; i < 4; i++) await logIn("merchant", "wrong", from);
		expect((await logIn("merchant", PASSWORD, from)).statusCode).toBe(302);
		expect(await failuresOf(userBucket("login", from))).toBe(0);
	});
});

describe("login page attempts are limited", () => {
	it("per user and address: after 5 failures, that address waits (429), even with the right password", async () => {
		const from = "192.0.2.6";
		for (let i = 0; i < 5; i++) expect((await logIn("merchant", "wrong", from)).statusCode).toBe(401);
		const locked = await logIn("merchant", PASSWORD, from);
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
		const page = (response: LightMyRequestResponse, login: string) =>
			withoutLogin(response, login).replace(/name="testcookie" value="[^"]*"/, "");
		expect(page(unknown, "no-such-user")).toBe(page(known, "merchant"));
	});
});

describe("application-password attempts are limited", () => {
	it("per address: past 20 failures that address's wrong passwords answer 429, in the REST error shape", async () => {
		const from = "192.0.2.8";
		for (let i = 0; i < 20; i++) expect((await basic(`nobody${i}`, "wrong", from)).statusCode).toBe(401);
		const locked = await basic("someone-else", "wrong", from);
		expect(locked.statusCode).toBe(429);
		expectRestError(locked);
		expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
		expect((await basic("merchant", appPassword, from)).statusCode).toBe(200);
	});

	it("does not reveal whether a user exists: same answer", async () => {
		const known = await basic("merchant", "wrong");
		const unknown = await basic("no-such-user", "wrong");
		expect(unknown.statusCode).toBe(known.statusCode);
		expect(unknown.json()).toEqual(known.json());
	});

	it("is stored with a fast hash, and an older scrypt hash is replaced on its next use", async () => {
		const stored = await t.db.kysely
			.selectFrom("application_passwords")
			.select("password_hash")
			.where("account_id", "=", TEST_ACCOUNT)
			.where("user_id", "=", merchant.id)
			.executeTakeFirstOrThrow();
		expect(stored.password_hash).toMatch(/^sha256\$/);
		const legacy = await createApplicationPassword(t.db.kysely, merchant, "older", t.clock.seconds());
		await t.db.kysely
			.updateTable("application_passwords")
			.set({ password_hash: await hashPassword(legacy.password.replace(/\s/g, "")) })
			.where("uuid", "=", legacy.uuid)
			.execute();
		expect((await basic("merchant", legacy.password)).statusCode).toBe(200);
		const upgraded = await t.db.kysely
			.selectFrom("application_passwords")
			.select("password_hash")
			.where("uuid", "=", legacy.uuid)
			.executeTakeFirstOrThrow();
		expect(upgraded.password_hash).toMatch(/^sha256\$/);
	});
});

describe("concurrent wrong passwords are each counted", () => {
	const statuses = (answers: LightMyRequestResponse[]) =>
		answers.map((answer) => answer.statusCode).sort((a, b) => a - b);

	it("login page: 50 at once from one address are 50 counted, and that address's lockout holds", async () => {
		const from = "198.51.100.8";
		const answers = await Promise.all(Array.from({ length: 50 }, () => logIn("merchant", "wrong", from)));
		expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
		expect(await failuresOf(userBucket("login", from))).toBe(50);
		expect((await logIn("merchant", PASSWORD, from)).statusCode).toBe(429);
	});

	it("application passwords: 50 at once are 50 counted, and the right password still passes", async () => {
		const from = "198.51.100.11";
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) => basic("merchant", `wrong${i}`, from)),
		);
		expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
		expect(await failuresOf(userBucket("app-password", from))).toBe(50);
		expect((await basic("merchant", appPassword, from)).statusCode).toBe(200);
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
		// 25 password hashes on purpose (more than the address's 20 failures): slow on a busy machine.
	}, 120_000);
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
