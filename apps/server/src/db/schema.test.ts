/**
 * schema.ts types what the queries read and write; the migrations make what the database has.
 * Migrated from nothing (SQLite, or PostgreSQL when DATABASE_URL names one), the database has
 * schema.ts's tables, each with exactly its columns, each holding what schema.ts says (text, a
 * number or bytes) and taking null only where schema.ts does; its other tables are the ones kept
 * outside the typed schema on purpose.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_COLUMNS } from "../testing/schema-columns.ts";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import type { DialectName } from "./connection.ts";

/** Tables the migrations make that schema.ts leaves out on purpose. */
const UNTYPED_TABLES: Record<DialectName, readonly string[]> = {
	sqlite: [
		// Kysely's migrator's own.
		"paydesk_migrations",
		"paydesk_migrations_lock",
		// Typed by the modules that keep them (processor/rollups.ts, processor/value-counts.ts),
		// which add them to the schema for their own queries.
		"transaction_rollups",
		"transaction_value_counts",
		// The FTS5 index of customer_search_terms (migration 0006) and the tables FTS5 keeps for it.
		"customer_search_terms_text",
		"customer_search_terms_text_config",
		"customer_search_terms_text_data",
		"customer_search_terms_text_docsize",
		"customer_search_terms_text_idx",
	],
	postgres: [
		"paydesk_migrations",
		"paydesk_migrations_lock",
		"transaction_rollups",
		"transaction_value_counts",
	],
};

/** What a column of each SQL type holds, in schema.ts's words. */
const HOLDS: Record<string, "string" | "number" | "bytes"> = {
	text: "string",
	integer: "number",
	bigint: "number",
	"double precision": "number",
	blob: "bytes",
	bytea: "bytes",
};

interface DatabaseColumn {
	table: string;
	column: string;
	type: string;
	nullable: boolean;
}

async function columnsOf(db: TestDb): Promise<DatabaseColumn[]> {
	if (db.dialect === "postgres") {
		const { rows } = await sql<{
			table_name: string;
			column_name: string;
			data_type: string;
			is_nullable: string;
		}>`
			select table_name, column_name, data_type, is_nullable from information_schema.columns
			where table_schema = current_schema()`.execute(db.kysely);
		return rows.map((row) => ({
			table: row.table_name,
			column: row.column_name,
			type: row.data_type,
			nullable: row.is_nullable === "YES",
		}));
	}
	// Tables named sqlite_… are SQLite's own (ANALYZE's statistics).
	const { rows } = await sql<{ table_name: string; column_name: string; type: string; notnull: number }>`
		select m.name as table_name, c.name as column_name, c.type, c."notnull"
		from sqlite_master m join pragma_table_info(m.name) c
		where m.type in ('table', 'view') and m.name not like 'sqlite\\_%' escape '\\'`.execute(db.kysely);
	return rows.map((row) => ({
		table: row.table_name,
		column: row.column_name,
		type: row.type,
		nullable: row.notnull === 0,
	}));
}

/** A column as the database has it, written as schema-columns.ts writes schema.ts's. */
function declaration(column: DatabaseColumn): string {
	const holds = HOLDS[column.type.toLowerCase()] ?? `an unknown type (${column.type})`;
	return column.nullable ? `${holds} | null` : holds;
}

let db: TestDb;
let columns: DatabaseColumn[];

beforeAll(async () => {
	db = await createTestDb();
	columns = await columnsOf(db);
});

afterAll(() => db.destroy());

describe("schema.ts and the migrations", () => {
	it("the database has schema.ts's tables and the ones kept outside it on purpose, and no other", () => {
		const tables = new Set(columns.map((column) => column.table));
		expect([...tables].sort()).toEqual(
			[...Object.keys(SCHEMA_COLUMNS), ...UNTYPED_TABLES[db.dialect]].sort(),
		);
	});

	it.each(Object.entries(SCHEMA_COLUMNS))(
		"%s has schema.ts's columns, of its types and nullability",
		(table, declared) => {
			const actual = Object.fromEntries(
				columns
					.filter((column) => column.table === table)
					.map((column) => [column.column, declaration(column)]),
			);
			expect(actual).toEqual(declared);
		},
	);
});
