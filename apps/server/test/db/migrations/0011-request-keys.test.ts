/**
 * Migration 0011 on a database with keys of both kinds in one table: the processor's keys stay
 * (without their status column), an answered request key moves to request_keys and is still
 * replayed, a request key claimed by a request that never answered is dropped, and down undoes it.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../../src/db/migrations/0011-request-keys.ts";
import { openRequestKeys } from "../../../src/http/request-keys.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";

let db: TestDb;
const migrationDb = () => db.kysely as unknown as Kysely<unknown>;
/** The table as it was before 0011. */
const before = () =>
	db.kysely as unknown as Kysely<{
		idempotency_keys: {
			account_id: string;
			user_id: number;
			key: string;
			method: string;
			path: string;
			status_code: number;
			response: string;
			created: number;
		};
	}>;

const PATH = "/wp-json/wc/v3/payments/transactions/download";
const row = (key: string, status_code: number, response: unknown) => ({
	account_id: "acct_m",
	user_id: 7,
	key,
	method: "POST",
	path: PATH,
	status_code,
	response: JSON.stringify(response),
	created: 1_760_000_000,
});
const answer = { status: 200, contentType: "application/json; charset=utf-8", body: '{"export_id":"x1"}' };

beforeAll(async () => {
	db = await createTestDb();
	await down(migrationDb());
	await before()
		.insertInto("idempotency_keys")
		.values([
			row("refund-1", 200, { fingerprint: "ch_1|500", body: { id: "re_1" } }),
			row("request answered", 200, { fingerprint: "f1", answer }),
			row("request running", 0, { fingerprint: "f2" }),
		])
		.execute();
	await up(migrationDb());
});
afterAll(async () => db.destroy());

describe("migration 0011 on existing keys", () => {
	it("keeps the processor's keys where they were, without the status column", async () => {
		const kept = await db.kysely.selectFrom("idempotency_keys").selectAll().execute();
		expect(kept).toEqual([
			{
				account_id: "acct_m",
				user_id: 7,
				key: "refund-1",
				method: "POST",
				path: PATH,
				response: JSON.stringify({ fingerprint: "ch_1|500", body: { id: "re_1" } }),
				created: 1_760_000_000,
			},
		]);
	});

	it("moves the answered request key, which is then replayed; the unanswered one goes", async () => {
		const moved = await db.kysely.selectFrom("request_keys").select(["key", "status", "body"]).execute();
		expect(moved).toEqual([{ key: "answered", status: 200, body: answer.body }]);
		const keys = openRequestKeys(db, { waitMs: 1000, staleClaimSeconds: 60 });
		const scope = {
			accountId: "acct_m",
			userId: 7,
			key: "answered",
			method: "POST",
			path: PATH,
			fingerprint: "f1",
		};
		expect(await keys.claim(scope, 1_760_000_100)).toEqual({ state: "replay", answer });
		await keys.close();
	});

	it("down gives the processor's table its status column back and drops request_keys", async () => {
		await down(migrationDb());
		const restored = await before().selectFrom("idempotency_keys").select(["key", "status_code"]).execute();
		expect(restored).toEqual([{ key: "refund-1", status_code: 200 }]);
		await up(migrationDb());
	});
});
