/**
 * npm run db:types
 * Migrates a fresh in-memory SQLite database and writes what it holds, every table with its
 * columns, to src/db/schema-columns.generated.ts; the typecheck then holds schema.ts to it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { openDb } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import {
	GENERATED_FILE,
	GENERATED_NAME,
	readSchemaColumns,
	renderSchemaColumns,
} from "../db/schema-columns.ts";

const db = openDb({ dataDir: "", sqliteFile: ":memory:" });
try {
	await migrateToLatest(db);
	const tables = await readSchemaColumns(db);
	const text = renderSchemaColumns(tables);
	if (existsSync(GENERATED_FILE) && readFileSync(GENERATED_FILE, "utf8") === text) {
		process.stdout.write(`${GENERATED_NAME} is up to date (${Object.keys(tables).length} tables).\n`);
	} else {
		writeFileSync(GENERATED_FILE, text);
		process.stdout.write(
			`Wrote ${GENERATED_NAME} (${Object.keys(tables).length} tables). npx tsc -b now shows where schema.ts differs.\n`,
		);
	}
} finally {
	await db.close();
}
