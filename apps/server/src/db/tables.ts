/**
 * Every table of the database, as the migrations make them (schema-columns.generated.ts): what
 * clearing a store and the tests' fingerprint of a store read, so a new table is in both without
 * being listed again. A reader that leaves a table out names it, with its reason.
 */

import type { Database } from "./schema.ts";
import { SCHEMA_COLUMNS } from "./schema-columns.generated.ts";

export type TableName = keyof Database;

export const TABLES = Object.keys(SCHEMA_COLUMNS) as readonly TableName[];
