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
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { newId } from "../db/ids.ts";
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
}

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
	secret: string;
	publishable: string;
}

/** A new pair of keys under a name; the secret one is returned here and never again. */
export async function createApiKeys(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	now: number,
): Promise<CreatedKeys> {
	const mode = await modeOf(db, accountId);
	const secret = newId(`sk_${mode}`, KEY_LENGTH);
	const publishable = newId(`pk_${mode}`, KEY_LENGTH);
	const row = (key: string, kind: ApiKeysTable["kind"]): ApiKeysTable => ({
		account_id: accountId,
		id: newId("key"),
		name,
		kind,
		prefix: `${kind === "secret" ? "sk" : "pk"}_${mode}_`,
		last4: key.slice(-4),
		secret_hash: hashKey(key),
		publishable_key: kind === "publishable" ? key : null,
		created: now,
		last_used: null,
		expires_at: null,
	});
	await db
		.insertInto("api_keys")
		.values([row(secret, "secret"), row(publishable, "publishable")])
		.execute();
	return { secret, publishable };
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
 * Replaces the current keys of a name with a new pair; the old ones stop working after
 * `expireIn` seconds (0: at once). Null when the account has no current key of that name.
 */
export async function rollApiKeys(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	now: number,
	expireIn = 0,
): Promise<CreatedKeys | null> {
	return db.transaction().execute(async (trx) => {
		const rolled = await trx
			.updateTable("api_keys")
			.set({ expires_at: now + expireIn })
			.where("account_id", "=", accountId)
			.where("name", "=", name)
			.where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now + expireIn)]))
			.executeTakeFirst();
		if (Number(rolled.numUpdatedRows) === 0) return null;
		return createApiKeys(trx, accountId, name, now);
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
	if (!/^[sp]k_(test|live)_[0-9A-Za-z]{8,200}$/.test(key)) return null;
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
	};
}

/** How a key is shown once it is stored: its prefix and last four characters. */
export const maskedKey = (row: Pick<ApiKeysTable, "prefix" | "last4">): string =>
	`${row.prefix}…${row.last4}`;
