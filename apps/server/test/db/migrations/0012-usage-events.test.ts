/**
 * Migration 0012 on both engines: the usage log's table with its key led by account_id, its
 * indexes, and a down that removes it and an up that brings it back.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../../../src/db/migrations/0012-usage-events.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";

let db: TestDb;
const migrationDb = () => db.kysely as unknown as Kysely<unknown>;

const row = (id: string, forwarded_at: number | null = null) => ({
	account_id: "acct_u",
	id,
	user_id: 3,
	name: "wcpay_page_view",
	properties: '{"path":"/payments/overview"}',
	created: 1_760_000_000,
	forwarded_at,
});

/** The index names of usage_events, as the engine lists them. */
async function indexNames(): Promise<string[]> {
	const query =
		db.dialect === "postgres"
			? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'usage_events'`
			: sql<{
					name: string;
				}>`select name from sqlite_master where type = 'index' and tbl_name = 'usage_events'`;
	return (await query.execute(db.kysely)).rows.map((index) => index.name).sort();
}

beforeAll(async () => {
	db = await createTestDb();
});
afterAll(async () => db.destroy());

describe("migration 0012: the usage log", () => {
	it("keys events by account and id, and indexes them by account for retention and forwarding", async () => {
		await db.kysely
			.insertInto("usage_events")
			.values([row("use_1"), row("use_2", 1_760_000_100)])
			.execute();
		await expect(db.kysely.insertInto("usage_events").values(row("use_1")).execute()).rejects.toThrow();
		expect(await indexNames()).toEqual(
			expect.arrayContaining(["usage_events_created", "usage_events_unforwarded"]),
		);
		const waiting = await db.kysely
			.selectFrom("usage_events")
			.select("id")
			.where("forwarded_at", "is", null)
			.execute();
		expect(waiting).toEqual([{ id: "use_1" }]);
	});

	it("down removes the table and up brings it back, empty", async () => {
		await down(migrationDb());
		await expect(db.kysely.selectFrom("usage_events").select("id").execute()).rejects.toThrow();
		await up(migrationDb());
		expect(await db.kysely.selectFrom("usage_events").select("id").execute()).toEqual([]);
	});
});
