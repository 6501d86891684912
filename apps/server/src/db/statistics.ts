/**
 * Planner statistics. Without them SQLite guesses, and guesses wrong at scale: for a payout's
 * transactions it walked the date index of a million rows (2.3 s) instead of the payout's own
 * index (0.1 ms). A bulk load (the seed) gathers them in full once; a running server asks SQLite
 * to refresh whatever has gone stale now and then (PRAGMA optimize, cheap when nothing has).
 * PostgreSQL's autovacuum keeps its own; after a bulk load it is told to analyze at once.
 */
import { sql } from "kysely";
import type { Db } from "./connection.ts";

/** Full statistics of every table and index (about 4 s for a million transactions on SQLite). */
export async function analyzeAll(db: Db): Promise<void> {
	if (db.dialect === "sqlite") db.sqlite?.pragma("analysis_limit = 0");
	await sql`analyze`.execute(db.kysely);
}

/** Refreshes statistics that have gone stale; nothing to do on PostgreSQL (autovacuum). */
export async function refreshStatistics(db: Db): Promise<void> {
	if (db.dialect === "sqlite") await sql`pragma optimize`.execute(db.kysely);
}
