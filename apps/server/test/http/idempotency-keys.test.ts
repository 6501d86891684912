/**
 * Every state-changing REST call accepts an Idempotency-Key: the
 * same key replays the first answer instead of doing the work again — also while the first is
 * still running — the key is bound to its user, call and body, and failures are not remembered.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { buildPath } from "@paydesk/contract/route";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStore } from "../../src/seed/store.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

let t: TestApp;
let manager: Actor;
let other: Actor;
let keyCounter = 0;
const freshKey = () => `hardening-${++keyCounter}`;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, now) =>
			void (await seedStore(db, { accountId: TEST_ACCOUNT, transactions: 150, seed: 3, now })),
	});
	manager = await t.actor("shop_manager");
	other = await t.actor("shop_manager");
});
afterAll(async () => t.close());

const exportRequest = (
	actor: Actor,
	key: string | undefined,
	body: Record<string, unknown> = {},
	query = "",
) =>
	t.app.inject({
		method: "POST",
		url: `${BASE}/transactions/download${query}`,
		headers: {
			...actor.headers,
			"content-type": "application/json",
			...(key ? { "idempotency-key": key } : {}),
		},
		payload: body,
	});
const jobCount = async () => (await t.db.kysely.selectFrom("export_jobs").select("id").execute()).length;

describe("the same Idempotency-Key replays the first answer", () => {
	it("answers a retry with the first answer and Idempotent-Replayed, doing the work once", async () => {
		const key = freshKey();
		const before = await jobCount();
		const first = await exportRequest(manager, key);
		expect(first.statusCode).toBe(200);
		t.clock.advance(30);
		const retry = await exportRequest(manager, key);
		expect(retry.statusCode).toBe(200);
		expect(retry.headers["idempotent-replayed"]).toBe("true");
		expect(retry.headers["content-type"]).toBe(first.headers["content-type"]);
		expect(retry.body).toBe(first.body);
		expect(await jobCount()).toBe(before + 1);
		// Without a key, the same call is a new request.
		expect((await exportRequest(manager, undefined)).json()).not.toEqual(first.json());
		expect(await jobCount()).toBe(before + 2);
	});

	it("takes fields in another order as the same request", async () => {
		const key = freshKey();
		const first = await exportRequest(manager, key, { locale: "en_US", user_email: "a@example.com" });
		const retry = await exportRequest(manager, key, { user_email: "a@example.com", locale: "en_US" });
		expect(retry.headers["idempotent-replayed"]).toBe("true");
		expect(retry.body).toBe(first.body);
	});

	it("makes 50 concurrent requests with one key do the work once, all answering alike", async () => {
		const key = freshKey();
		const before = await jobCount();
		const responses = await Promise.all(Array.from({ length: 50 }, () => exportRequest(manager, key)));
		expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
		expect(new Set(responses.map((response) => response.body)).size).toBe(1);
		expect(responses.filter((response) => response.headers["idempotent-replayed"] === "true")).toHaveLength(
			49,
		);
		expect(await jobCount()).toBe(before + 1);
	});
});

describe("a key is bound to its user, its call and its body", () => {
	it("refuses the key with another body or another query (wcpay_idempotency_key_reused)", async () => {
		const key = freshKey();
		expect((await exportRequest(manager, key, { locale: "en_US" })).statusCode).toBe(200);
		const before = await jobCount();
		const otherBody = await exportRequest(manager, key, { locale: "fr_FR" });
		expect(otherBody.statusCode).toBe(400);
		expectRestError(otherBody);
		expect(otherBody.json()).toMatchObject({ code: "wcpay_idempotency_key_reused" });
		const otherQuery = await exportRequest(manager, key, { locale: "en_US" }, "?type_is=charge");
		expect(otherQuery.json()).toMatchObject({ code: "wcpay_idempotency_key_reused" });
		const otherCall = await t.app.inject({
			method: "POST",
			url: `${BASE}/deposits/download`,
			headers: { ...manager.headers, "content-type": "application/json", "idempotency-key": key },
			payload: { locale: "en_US" },
		});
		expect(otherCall.json()).toMatchObject({ code: "wcpay_idempotency_key_reused" });
		expect(await jobCount()).toBe(before);
	});

	it("never replays one user's answer to another user with the same key", async () => {
		const key = freshKey();
		const mine = await exportRequest(manager, key);
		const theirs = await exportRequest(other, key);
		expect(theirs.statusCode).toBe(200);
		expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
		expect(theirs.body).not.toBe(mine.body);
	});

	it("refuses a malformed key before doing anything", async () => {
		const before = await jobCount();
		const response = await exportRequest(manager, "two words");
		expect(response.statusCode).toBe(400);
		expect(response.json()).toMatchObject({ code: "rest_invalid_param" });
		expect(await jobCount()).toBe(before);
	});
});

describe("failures are not remembered", () => {
	it("lets a failed request be retried with the same key, and then replays the success", async () => {
		const key = freshKey();
		const failed = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...manager.headers, "content-type": "application/json", "idempotency-key": key },
			payload: { not_an_option: 1 },
		});
		expect(failed.statusCode).toBe(400);
		const save = () =>
			t.app.inject({
				method: "POST",
				url: "/wp-json/wc-admin/options",
				headers: { ...manager.headers, "content-type": "application/json", "idempotency-key": key },
				payload: { not_an_option: 1 },
			});
		expect((await save()).headers["idempotent-replayed"]).toBeUndefined();
		const keys = await t.db.kysely.selectFrom("request_keys").select("key").where("key", "=", key).execute();
		expect(keys).toEqual([]);
	});
});

describe("a claim left by a request that died is taken over", () => {
	it("runs a retry whose key was claimed and never answered", async () => {
		const key = freshKey();
		expect((await exportRequest(manager, key)).statusCode).toBe(200);
		// What a server killed between the work and its answer leaves. On SQLite: a claim without
		// an answer, taken over once a minute old. On PostgreSQL: nothing, as the claim's
		// transaction rolled back with its connection.
		const claim = t.db.kysely.updateTable("request_keys").where("key", "=", key);
		if (t.db.dialect === "sqlite") {
			await claim
				.set({ status: null, body: null, owner: "a process that died", created: t.clock.seconds() - 61 })
				.execute();
		} else {
			await t.db.kysely.deleteFrom("request_keys").where("key", "=", key).execute();
		}
		const before = await jobCount();
		const retry = await exportRequest(manager, key);
		expect(retry.statusCode).toBe(200);
		expect(retry.headers["idempotent-replayed"]).toBeUndefined();
		expect(await jobCount()).toBe(before + 1);
		const again = await exportRequest(manager, key);
		expect(again.headers["idempotent-replayed"]).toBe("true");
		expect(again.body).toBe(retry.body);
	});
});

/** Path parameters filled with ids that exist in the seeded store where one fits. */
async function sampleParams(): Promise<Record<string, string>> {
	const dispute = await t.db.kysely.selectFrom("disputes").select("id").executeTakeFirst();
	const order = await t.db.kysely.selectFrom("orders").select("id").executeTakeFirst();
	const note = await t.db.kysely.selectFrom("inbox_notes").select("id").executeTakeFirst();
	return {
		id: dispute?.id ?? "x",
		order: String(order?.id ?? 1),
		note_id: String(note?.id ?? 1),
		action_id: "1",
	};
}

describe("every write route of the OpenAPI document takes part", () => {
	const writes = ALL_ROUTES.filter((route) => route.method !== "GET" && !route.path.endsWith("/file/upload"));

	it("replays any successful write instead of running it again", async () => {
		const params = await sampleParams();
		let replayed = 0;
		for (const route of writes) {
			const filled: Record<string, string> = {};
			for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
				const name = match[1] ?? "";
				filled[name] = params[name] ?? params.id ?? "x";
			}
			const key = freshKey();
			const call = () =>
				t.app.inject({
					method: route.method,
					url: buildPath(route.path, filled),
					headers: { ...manager.headers, "content-type": "application/json", "idempotency-key": key },
					payload: "{}",
				});
			const first = await call();
			expect(first.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
			const second = await call();
			if (first.statusCode >= 300) continue;
			replayed++;
			expect(second.headers["idempotent-replayed"], `${route.method} ${route.path}`).toBe("true");
			expect(second.statusCode).toBe(first.statusCode);
			expect(second.body).toBe(first.body);
		}
		// Enough routes answered 2xx to an empty body for this to prove something.
		expect(replayed).toBeGreaterThan(3);
	});
});
