/**
 * The Developers area's API keys: listed with their prefix and last four (a publishable key
 * whole), made under a name with the secret answered once, rolled with an expiry for the old
 * pair, and deleted (the key stops working at once). Shop managers read; only administrators change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";

const BASE = "/wp-json/wc/v3/payments/developers/api-keys";

let t: TestApp;
let admin: Actor;
let manager: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT, { test_mode: 1 })),
	});
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
});
afterAll(async () => t.close());

const call = (actor: Actor, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
	t.app.inject({
		method,
		url,
		headers: payload === undefined ? actor.headers : { ...actor.headers, "content-type": "application/json" },
		payload: payload === undefined ? undefined : JSON.stringify(payload),
	});

/** The status of a `/v1` call made with this key. */
async function v1Status(key: string): Promise<number> {
	const answer = await t.app.inject({
		method: "GET",
		url: "/v1/balance",
		headers: { authorization: `Bearer ${key}` },
	});
	return answer.statusCode;
}

describe("API keys", () => {
	it("are made under a name, the secret answered once, and listed masked with the publishable key whole", async () => {
		const made = await call(admin, "POST", BASE, { name: "Checkout" });
		expect(made.statusCode).toBe(200);
		const body = made.json();
		expect(body.secret).toMatch(/^sk_test_\w{40}$/);
		expect(body.publishable).toMatch(/^pk_test_\w{40}$/);
		expect(body.keys.map((key: { kind: string }) => key.kind).sort()).toEqual(["publishable", "secret"]);
		expect(await v1Status(body.secret)).toBe(200);

		const listed = await call(manager, "GET", BASE);
		expect(listed.statusCode).toBe(200);
		const keys = listed.json().data as Record<string, unknown>[];
		const secret = keys.find((key) => key.kind === "secret" && key.name === "Checkout");
		const publishable = keys.find((key) => key.kind === "publishable" && key.name === "Checkout");
		expect(secret).toMatchObject({
			prefix: "sk_test_",
			last4: body.secret.slice(-4),
			publishable_key: null,
			created: t.clock.seconds(),
			expires_at: null,
		});
		// A call with the key was just made: last used is now.
		expect(secret?.last_used).toBe(t.clock.seconds());
		expect(publishable).toMatchObject({
			publishable_key: body.publishable,
			last4: body.publishable.slice(-4),
		});
		expect(listed.body).not.toContain(body.secret);
	});

	it("refuse a second current key of the same name, and an empty name, naming it", async () => {
		const again = await call(admin, "POST", BASE, { name: "Checkout" });
		expect(again.statusCode).toBe(409);
		expect(again.json().code).toBe("wcpay_api_key_name_taken");
		const empty = await call(admin, "POST", BASE, { name: "  " });
		expect(empty.statusCode).toBe(400);
		expect(empty.json()).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { name: expect.any(String) } },
		});
		const extra = await call(admin, "POST", BASE, { name: "x", scope: "all" });
		expect(extra.json().data.params).toHaveProperty("scope");
	});

	it("roll with an expiry: the old pair works until then, the new one at once", async () => {
		const made = (await call(admin, "POST", BASE, { name: "Roll me" })).json();
		const secretId = made.keys.find((key: { kind: string }) => key.kind === "secret").id;
		const tooLong = await call(admin, "POST", `${BASE}/${secretId}/roll`, { expires_in: 8 * 86_400 });
		expect(tooLong.statusCode).toBe(400);
		expect(tooLong.json().data.params).toHaveProperty("expires_in");

		const rolled = await call(admin, "POST", `${BASE}/${secretId}/roll`, { expires_in: 3600 });
		expect(rolled.statusCode).toBe(200);
		const next = rolled.json();
		expect(next.secret).not.toBe(made.secret);
		expect(await v1Status(next.secret)).toBe(200);
		expect(await v1Status(made.secret)).toBe(200);
		const old = (await call(manager, "GET", BASE))
			.json()
			.data.find((key: { id: string }) => key.id === secretId);
		expect(old.expires_at).toBe(t.clock.seconds() + 3600);
		t.clock.advance(3601);
		expect(await v1Status(made.secret)).toBe(401);
		expect(await v1Status(next.secret)).toBe(200);
	});

	it("deleted, a key stops working at once", async () => {
		const made = (await call(admin, "POST", BASE, { name: "Short-lived" })).json();
		const secretId = made.keys.find((key: { kind: string }) => key.kind === "secret").id;
		expect(await v1Status(made.secret)).toBe(200);
		const deleted = await call(admin, "DELETE", `${BASE}/${secretId}`);
		expect(deleted.statusCode).toBe(200);
		expect(deleted.json()).toEqual({ id: secretId, deleted: true });
		expect(await v1Status(made.secret)).toBe(401);
		const again = await call(admin, "DELETE", `${BASE}/${secretId}`);
		expect(again.statusCode).toBe(404);
		expect(again.json().code).toBe("wcpay_api_key_not_found");
	});

	it("a shop manager reads them and changes nothing (403)", async () => {
		const keys = (await call(manager, "GET", BASE)).json().data as { id: string }[];
		const id = keys[0]?.id ?? "key_x";
		const before = keys.length;
		for (const [method, url, payload] of [
			["POST", BASE, { name: "Manager's" }],
			["POST", `${BASE}/${id}/roll`, { expires_in: 0 }],
			["DELETE", `${BASE}/${id}`, undefined],
		] as const) {
			const refused = await call(manager, method, url, payload);
			expect(refused.statusCode, `${method} ${url}`).toBe(403);
			expect(refused.json().code).toBe("rest_forbidden");
		}
		expect((await call(manager, "GET", BASE)).json().data.length).toBe(before);
	});
});

describe("restricted keys", () => {
	/** The status of a `/v1` call made with this key, and its error's message. */
	async function v1Answer(key: string, url: string): Promise<{ status: number; message?: string }> {
		const answer = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${key}` } });
		return { status: answer.statusCode, message: answer.json().error?.message };
	}

	it("are made alone with their permissions, the key answered once, and listed with them", async () => {
		const made = await call(admin, "POST", BASE, {
			name: "Reporting",
			kind: "restricted",
			permissions: { balance: "read", charges: "write" },
		});
		expect(made.statusCode).toBe(200);
		const body = made.json();
		expect(body.secret).toMatch(/^rk_test_\w{40}$/);
		expect(body.publishable).toBeNull();
		expect(body.keys).toHaveLength(1);
		expect(await v1Answer(body.secret, "/v1/balance")).toEqual({ status: 200 });
		const refused = await v1Answer(body.secret, "/v1/customers");
		expect(refused.status).toBe(403);
		expect(refused.message).toContain("rak_customer_read");

		const listed = (await call(manager, "GET", BASE)).json().data as Record<string, unknown>[];
		const key = listed.find((row) => row.name === "Reporting");
		expect(key).toMatchObject({
			kind: "restricted",
			prefix: "rk_test_",
			last4: body.secret.slice(-4),
			publishable_key: null,
			permissions: { balance: "read", charges: "write" },
		});
		expect(listed.find((row) => row.kind === "secret")?.permissions).toBeNull();
		expect(JSON.stringify(listed)).not.toContain(body.secret);
	});

	it("refuse permissions that name no resource, an unknown access, write on a read-only resource, or none", async () => {
		const refusedParams = async (payload: unknown) => {
			const answer = await call(admin, "POST", BASE, payload);
			expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
			return Object.keys(answer.json().data.params);
		};
		expect(await refusedParams({ name: "a", kind: "restricted", permissions: { invoices: "read" } })).toEqual(
			["permissions.invoices"],
		);
		expect(await refusedParams({ name: "a", kind: "restricted", permissions: { charges: "all" } })).toEqual([
			"permissions.charges",
		]);
		expect(await refusedParams({ name: "a", kind: "restricted", permissions: { balance: "write" } })).toEqual(
			["permissions.balance"],
		);
		expect(await refusedParams({ name: "a", kind: "restricted", permissions: {} })).toEqual(["permissions"]);
		expect(await refusedParams({ name: "a", kind: "restricted" })).toEqual(["permissions"]);
		expect(await refusedParams({ name: "a", permissions: { charges: "read" } })).toEqual(["permissions"]);
		expect(await refusedParams({ name: "a", kind: "publishable" })).toEqual(["kind"]);
		expect(
			(await call(manager, "GET", BASE)).json().data.some((key: { name: string }) => key.name === "a"),
		).toBe(false);
	});

	it("share the names of the other keys: a current name is taken whatever its kind", async () => {
		const again = await call(admin, "POST", BASE, {
			name: "Checkout",
			kind: "restricted",
			permissions: { charges: "read" },
		});
		expect(again.statusCode).toBe(409);
		expect(again.json().code).toBe("wcpay_api_key_name_taken");
	});

	it("roll into a restricted key with the same permissions, and delete as the others", async () => {
		const made = (
			await call(admin, "POST", BASE, {
				name: "Roll rk",
				kind: "restricted",
				permissions: { events: "read" },
			})
		).json();
		const id = made.keys[0].id;
		const rolled = await call(admin, "POST", `${BASE}/${id}/roll`, { expires_in: 0 });
		expect(rolled.statusCode).toBe(200);
		const next = rolled.json();
		expect(next.secret).toMatch(/^rk_test_/);
		expect(next.publishable).toBeNull();
		const current = next.keys.find((key: { expires_at: number | null }) => key.expires_at === null);
		expect(current).toMatchObject({ kind: "restricted", permissions: { events: "read" } });
		expect((await v1Answer(made.secret, "/v1/events")).status).toBe(401);
		expect((await v1Answer(next.secret, "/v1/events")).status).toBe(200);
		expect((await v1Answer(next.secret, "/v1/balance")).status).toBe(403);

		expect((await call(admin, "DELETE", `${BASE}/${current.id}`)).statusCode).toBe(200);
		expect((await v1Answer(next.secret, "/v1/events")).status).toBe(401);
	});
});
