/**
 * The migrations are the one source of the tables: schema-columns.generated.ts is what
 * `npm run db:types` reads from a database they made, and the typecheck holds schema.ts to it.
 * Migrated from nothing (SQLite, or PostgreSQL when DATABASE_URL names one), the database has
 * exactly the generated module's tables and columns, each holding what it says (text, a number or
 * bytes) and taking null only where it does; on SQLite the committed file is what the command
 * writes today, so a migration whose module was not regenerated fails here.
 */
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import { SCHEMA_COLUMNS } from "./schema-columns.generated.ts";
import {
	GENERATED_FILE,
	readSchemaColumns,
	renderSchemaColumns,
	schemaColumnsDrift,
	type TableColumns,
} from "./schema-columns.ts";

const REGENERATE = "the migrations and schema-columns.generated.ts differ: run npm run db:types";

let db: TestDb;
let migrated: TableColumns;

beforeAll(async () => {
	db = await createTestDb();
	migrated = await readSchemaColumns(db);
});

afterAll(() => db.destroy());

describe("the generated table list and the migrations", () => {
	it("the migrated database has the generated module's tables and columns, and no other", () => {
		expect(schemaColumnsDrift(SCHEMA_COLUMNS, migrated), REGENERATE).toEqual([]);
	});

	// The module is written from SQLite; PostgreSQL's column order may differ where SQLite rebuilt a table.
	it.skipIf(Boolean(process.env.DATABASE_URL?.startsWith("postgres")))(
		"the committed module is what npm run db:types writes from the migrations",
		() => {
			expect(readFileSync(GENERATED_FILE, "utf8"), REGENERATE).toBe(renderSchemaColumns(migrated));
		},
	);

	it("a table or column a migration adds, drops or changes without a regenerated module is reported", async () => {
		const changed = await createTestDb();
		try {
			await sql`alter table charges add column refund_note text`.execute(changed.kysely);
			await sql`alter table inbox_notes drop column image`.execute(changed.kysely);
			await sql`create table payout_notes (account_id text not null, note text not null)`.execute(
				changed.kysely,
			);
			expect(schemaColumnsDrift(SCHEMA_COLUMNS, await readSchemaColumns(changed))).toEqual([
				"charges.refund_note: string | null in the database, missing from schema-columns.generated.ts",
				"inbox_notes.image: string in schema-columns.generated.ts, missing from the database",
				"payout_notes: a table in the database, missing from schema-columns.generated.ts",
			]);
		} finally {
			await changed.destroy();
		}
	});
});
