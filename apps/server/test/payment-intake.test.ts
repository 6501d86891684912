import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../src/testing/test-app.ts";
import { pay, paymentBody } from "./intake-fixtures.ts";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

describe("smoke", () => {
	it("4242 succeeds", async () => {
		const answer = await pay(t, admin.headers, paymentBody());
		expect(answer.error).toBeNull();
		expect(answer.intent.status).toBe("succeeded");
	});
});
