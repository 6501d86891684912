/**
 * Migration 0018 on both engines: api_keys keeps a restricted key's permissions as JSON text
 * beside its kind; a down takes the restricted keys away with the column (without it they would
 * read as unrestricted) and keeps the others, and an up brings the column back.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../../src/db/migrations/0018-restricted-keys.ts";
import type { ApiKeysTable } from "../../../src/db/schema.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";

let db: TestDb;
const migrationDb = () => db.kysely as unknown as Kysely<unknown>;

const key = (id: string, kind: ApiKeysTable["kind"], permissions: string | null): ApiKeysTable => ({
	account_id: "acct_k",
	id,
	name: id,
	kind,
	prefix: `${kind === "restricted" ? "rk" : "sk"}_test_`,
	last4: "0000",
	secret_hash: `hash_${id}`,
	publishable_key: null,
	created: 1_760_000_000,
	last_used: null,
	expires_at: null,
	permissions,
});

beforeAll(async () => {
	db = await createTestDb();
});
afterAll(async () => db.destroy());

describe("migration 0018: restricted keys", () => {
	it("keeps a restricted key's permissions, and none for a secret key", async () => {
		await db.kysely
			.insertInto("api_keys")
			.values([key("key_r", "restricted", '{"charges":"read"}'), key("key_s", "secret", null)])
			.execute();
		const rows = await db.kysely
			.selectFrom("api_keys")
			.select(["id", "kind", "permissions"])
			.orderBy("id")
			.execute();
		expect(rows).toEqual([
			{ id: "key_r", kind: "restricted", permissions: '{"charges":"read"}' },
			{ id: "key_s", kind: "secret", permissions: null },
		]);
	});

	it("down removes the restricted keys with the column, and up brings the column back", async () => {
		await down(migrationDb());
		const left = await (db.kysely as unknown as Kysely<{ api_keys: { id: string } }>)
			.selectFrom("api_keys")
			.select("id")
			.execute();
		expect(left).toEqual([{ id: "key_s" }]);
		await expect(db.kysely.selectFrom("api_keys").select("permissions").execute()).rejects.toThrow();
		await up(migrationDb());
		expect(await db.kysely.selectFrom("api_keys").select(["id", "permissions"]).execute()).toEqual([
			{ id: "key_s", permissions: null },
		]);
	});
});
