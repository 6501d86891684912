/** What the server and the command-line tools share at start: the database, migrated and ready. */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createUser } from "./auth/users.ts";
import type { Clock } from "./clock.ts";
import { type Db, openDb } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { Env } from "./env.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_ADMIN_DIST = path.resolve(here, "../../admin/dist");

export async function openMigratedDb(env: Env): Promise<Db> {
	const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
	await migrateToLatest(db);
	return db;
}

/**
 * Creates the first administrator when the store has none: from ADMIN_USER and
 * ADMIN_PASSWORD, or with a generated password that is printed once.
 */
export async function ensureAdministrator(
	db: Db,
	env: Env,
	clock: Clock,
	print: (line: string) => void,
): Promise<void> {
	const existing = await db.kysely
		.selectFrom("users")
		.select("id")
		.where("account_id", "=", env.ACCOUNT_ID)
		.where("role", "=", "administrator")
		.executeTakeFirst();
	if (existing) return;
	const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
	await createUser(db.kysely, {
		accountId: env.ACCOUNT_ID,
		login: env.ADMIN_USER,
		email: env.ADMIN_EMAIL,
		role: "administrator",
		password,
		firstName: "Alex",
		created: clock.seconds(),
	});
	if (!env.ADMIN_PASSWORD) {
		print(`Administrator created. Log in as "${env.ADMIN_USER}" with the password: ${password}`);
		print("This password is shown only once; set ADMIN_PASSWORD to choose your own on a new data directory.");
	}
}
