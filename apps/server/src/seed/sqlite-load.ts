/**
 * SQLite settings that speed up a seed's bulk load, each put back afterwards.
 *
 * A rollback journal instead of WAL: in WAL mode every page of a million rows is written twice,
 * to the log and then to the database at each checkpoint (12 s of a million-row seed). A rollback
 * journal writes each new page once (pages past the old end of the file need no copy in the
 * journal) and still rolls an interrupted batch back, so a build killed midway leaves a sound
 * database for the next start to clear and build again (from-scratch.ts). WAL comes back at
 * the end: the server reads while it writes. Leaving WAL needs the only connection to the file;
 * when another process has it open (a running server) the mode stays and the load is slower.
 *
 * Sorting on two threads while the deferred indexes are built (deferred-indexes.ts) and the
 * rollups grouped: SQLite sorts in runs the size of the page cache and hands runs to helper
 * threads, but only with temporary files on disk (temp_store = MEMORY keeps the sort on one
 * thread). With small runs in files and two helpers the indexes of a million transactions
 * take 10 s, not 15.
 */
import type SQLite from "better-sqlite3";
import type { Db } from "../db/connection.ts";

/** Page cache, so sort run size, while the other indexes are built: 4 MB. */
const INDEX_SORT_CACHE = -4 * 1024;
const SORT_THREADS = 2;

function journalMode(sqlite: SQLite.Database, mode?: string): string {
	const rows = sqlite.pragma(mode ? `journal_mode = ${mode}` : "journal_mode") as { journal_mode: string }[];
	return rows[0]?.journal_mode ?? "";
}

/** Switches a WAL database to a rollback journal, at once or not at all (no waiting on others). */
function leaveWal(sqlite: SQLite.Database): boolean {
	if (journalMode(sqlite) !== "wal") return false;
	const timeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
	sqlite.pragma("busy_timeout = 0");
	try {
		return journalMode(sqlite, "truncate") === "truncate";
	} catch (error) {
		if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
		throw error;
	} finally {
		sqlite.pragma(`busy_timeout = ${timeout}`);
	}
}

/** Runs a bulk load under a rollback journal (see above); nothing changes on PostgreSQL. */
export async function withSqliteBulkLoad<T>(db: Db, load: () => Promise<T>): Promise<T> {
	const sqlite = db.sqlite;
	if (!sqlite) return load();
	const cacheSize = sqlite.pragma("cache_size", { simple: true }) as number;
	const leftWal = leaveWal(sqlite);
	try {
		return await load();
	} finally {
		sqlite.pragma(`cache_size = ${cacheSize}`);
		if (leftWal) journalMode(sqlite, "wal");
	}
}

/** Runs index builds or big GROUP BYs with their sort on helper threads (see above), then as before. */
export async function withParallelSort<T>(db: Db, build: () => Promise<T>): Promise<T> {
	const sqlite = db.sqlite;
	if (!sqlite) return build();
	const before = ["temp_store", "threads", "cache_size"].map(
		(name) => `${name} = ${sqlite.pragma(name, { simple: true })}`,
	);
	sqlite.pragma("temp_store = FILE");
	sqlite.pragma(`threads = ${SORT_THREADS}`);
	sqlite.pragma(`cache_size = ${INDEX_SORT_CACHE}`);
	try {
		return await build();
	} finally {
		for (const pragma of before) sqlite.pragma(pragma);
	}
}
