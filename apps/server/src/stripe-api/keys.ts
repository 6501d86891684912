/**
 * An account's keys for Stripe's API. A key names its account: a server answers `/v1` for every
 * account in its database, and a request reaches only the objects of its key's account.
 *
 * - Prefixed by the account's mode: sk_test_/pk_test_ on a sandbox (test-mode) account,
 *   sk_live_/pk_live_ otherwise.
 * - A secret key is a random secret of about 238 bits, shown once and stored as its SHA-256 (a
 *   fast hash is enough for a secret nobody can guess, as for application passwords).
 * - Rolling a key makes a new one under the same name; the old one works until it expires
 *   (at once by default), so a store can deploy the new key first.
 * - A restricted key (rk_test_/rk_live_) is made alone, stored as a secret key is, with its
 *   permissions by resource (stripe-api/permissions.ts enforces them); rolling it keeps them.
 */
import { createHash } from "node:crypto";
import { type ApiKeyPermissions, apiKeyPermissions } from "@paydesk/contract/developers";
import type { Kysely } from "kysely";
import { newId } from "../db/ids.ts";
import { parseJsonColumn } from "../db/json.ts";
import type { ApiKeysTable, Database } from "../db/schema.ts";

/** Characters after the prefix. */
const KEY_LENGTH = 40;
/** last_used is written at most this often per key, so reads do not write on every request. */
const LAST_USED_RESOLUTION = 60;

export interface ApiKeyIdentity {
	accountId: string;
	keyId: string;
	name: string;
	kind: ApiKeysTable["kind"];
	livemode: boolean;
	/** A restricted key's permissions; null for a secret or publishable key. */
	permissions: ApiKeyPermissions | null;
}

const storedPermissions = apiKeyPermissions.describe("api_keys.permissions");

/** A key row's permissions, as stored; null for a key not restricted by resource. */
export const permissionsOf = (row: Pick<ApiKeysTable, "kind" | "permissions">): ApiKeyPermissions | null =>
	row.kind === "restricted" ? parseJsonColumn(storedPermissions, row.permissions, {}) : null;

export const hashKey = (key: string): string => createHash("sha256").update(key).digest("hex");

async function modeOf(db: Kysely<Database>, accountId: string): Promise<"test" | "live"> {
	const account = await db
		.selectFrom("accounts")
		.select("test_mode")
		.where("id", "=", accountId)
		.executeTakeFirst();
	if (!account) throw new Error(`No account ${accountId}.`);
	return account.test_mode ? "test" : "live";
}

export interface CreatedKeys {
	/** The secret or restricted key's whole text. */
	secret: string;
	/** The publishable key made with a secret key; null beside a restricted key. */
	publishable: string | null;
}

/** A secret key and its publishable key. */
export interface CreatedPair extends CreatedKeys {
	publishable: string;
}

const PREFIXES: Record<ApiKeysTable["kind"], string> = { secret: "sk", publishable: "pk", restricted: "rk" };

function keyRow(
	accountId: string,
	name: string,
	mode: "test" | "live",
	kind: ApiKeysTable["kind"],
	now: number,
	permissions: ApiKeyPermissions | null = null,
): { key: string; row: ApiKeysTable } {
	const prefix = `${PREFIXES[kind]}_${mode}`;
	const key = newId(prefix, KEY_LENGTH);
	return {
		key,
		row: {
			account_id: accountId,
			id: newId("key"),
			name,
			kind,
			prefix: `${prefix}_`,
			last4: key.slice(-4),
			secret_hash: hashKey(key),
			publishable_key: kind === "publishable" ? key : null,
			created: now,
			last_used: null,
			expires_at: null,
			permissions: kind === "restricted" ? JSON.stringify(permissions ?? {}) : null,
		},
	};
}

/** A new pair of keys under a name; the secret one is returned here and never again. */
export async function createApiKeys(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	now: number,
): Promise<CreatedPair> {
	const mode = await modeOf(db, accountId);
	const secret = keyRow(accountId, name, mode, "secret", now);
	const publishable = keyRow(accountId, name, mode, "publishable", now);
	await db.insertInto("api_keys").values([secret.row, publishable.row]).execute();
	return { secret: secret.key, publishable: publishable.key };
}

/** A new restricted key under a name, with its permissions; its text is returned here and never again. */
export async function createRestrictedKey(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	permissions: ApiKeyPermissions,
	now: number,
): Promise<CreatedKeys> {
	const made = keyRow(accountId, name, await modeOf(db, accountId), "restricted", now, permissions);
	await db.insertInto("api_keys").values(made.row).execute();
	return { secret: made.key, publishable: null };
}

/** The account's keys, current ones first, then by name. */
export async function listApiKeys(db: Kysely<Database>, accountId: string): Promise<ApiKeysTable[]> {
	return db
		.selectFrom("api_keys")
		.selectAll()
		.where("account_id", "=", accountId)
		.orderBy("name")
		.orderBy("kind", "desc")
		.orderBy("created", "desc")
		.execute();
}

/**
 * Replaces the current keys of a name with new ones of their kind (a pair, or a restricted key
 * with the same permissions); the old ones stop working after `expireIn` seconds (0: at once).
 * Null when the account has no current key of that name.
 */
export async function rollApiKeys(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	now: number,
	expireIn = 0,
	also?: (trx: Kysely<Database>, made: CreatedKeys) => Promise<void>,
): Promise<CreatedKeys | null> {
	return db.transaction().execute(async (trx) => {
		const restricted = await trx
			.selectFrom("api_keys")
			.select(["kind", "permissions"])
			.where("account_id", "=", accountId)
			.where("name", "=", name)
			.where("kind", "=", "restricted")
			.where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now + expireIn)]))
			.orderBy("created", "desc")
			.executeTakeFirst();
		const rolled = await trx
			.updateTable("api_keys")
			.set({ expires_at: now + expireIn })
			.where("account_id", "=", accountId)
			.where("name", "=", name)
			.where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now + expireIn)]))
			.executeTakeFirst();
		if (Number(rolled.numUpdatedRows) === 0) return null;
		const made = restricted
			? await createRestrictedKey(trx, accountId, name, permissionsOf(restricted) ?? {}, now)
			: await createApiKeys(trx, accountId, name, now);
		// What the caller records of the roll (its audit entry) commits with it.
		if (also) await also(trx, made);
		return made;
	});
}

/**
 * Removes a key; false when the account has none of that id. Keys are looked up on every
 * request, never cached, so a deleted key stops working at once.
 */
export async function deleteApiKey(db: Kysely<Database>, accountId: string, id: string): Promise<boolean> {
	const deleted = await db
		.deleteFrom("api_keys")
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(deleted.numDeletedRows) > 0;
}

/** Whose key this is, or null when it is unknown or expired. */
export async function findApiKey(
	db: Kysely<Database>,
	key: string,
	now: number,
): Promise<ApiKeyIdentity | null> {
	if (!/^[spr]k_(test|live)_[0-9A-Za-z]{8,200}$/.test(key)) return null;
	const row = await db
		.selectFrom("api_keys")
		.selectAll()
		.where("secret_hash", "=", hashKey(key))
		.executeTakeFirst();
	if (!row || (row.expires_at !== null && row.expires_at <= now)) return null;
	if (row.last_used === null || row.last_used < now - LAST_USED_RESOLUTION) {
		await db
			.updateTable("api_keys")
			.set({ last_used: now })
			.where("account_id", "=", row.account_id)
			.where("id", "=", row.id)
			.execute();
	}
	return {
		accountId: row.account_id,
		keyId: row.id,
		name: row.name,
		kind: row.kind,
		livemode: row.prefix.includes("_live_"),
		permissions: permissionsOf(row),
	};
}

/** How a key is shown once it is stored: its prefix and last four characters. */
export const maskedKey = (row: Pick<ApiKeysTable, "prefix" | "last4">): string =>
	`${row.prefix}…${row.last4}`;
