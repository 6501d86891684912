/**
 * Idempotency-Key for the processor's money movements (DESIGN §4): a retry carrying the key of
 * an earlier request gets that request's answer again instead of moving money twice. A key is
 * scoped to the account and the user, and bound to the method, the path and a fingerprint of
 * the request, so it cannot be replayed on another call or with another body.
 *
 * Use it inside the movement's own database transaction, after taking the lock the movement
 * takes (the charge row): a concurrent request with the same key then waits for the first and
 * finds its answer. Only successful answers are remembered; a failed request can be retried.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { Database } from "../db/schema.ts";

export interface IdempotencyScope {
	accountId: string;
	userId: number;
	key: string;
	method: string;
	path: string;
	/** What identifies the request's intent, e.g. "ch_1|500|duplicate". */
	fingerprint: string;
}

export class IdempotencyKeyReused extends Error {
	readonly code = "idempotency_key_reused";
	constructor() {
		super("This Idempotency-Key was already used for a different request.");
		this.name = "IdempotencyKeyReused";
	}
}

/** The Idempotency-Key header: printable ASCII, 1 to 255 characters; null when malformed. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined | null {
	if (header === undefined) return undefined;
	if (typeof header !== "string" || !/^[\x21-\x7e]{1,255}$/.test(header)) return null;
	return header;
}

/** What a key's row holds, once it is known to be this same request's; else IdempotencyKeyReused. */
function sameRequestOrThrow<S extends { fingerprint: string }>(
	seen: { method: string; path: string; response: string },
	scope: IdempotencyScope,
	schema: z.ZodType<S, S>,
): S {
	const stored = parseJsonColumn(schema.describe("idempotency_keys.response"), seen.response, null);
	if (
		!stored ||
		seen.method !== scope.method ||
		seen.path !== scope.path ||
		stored.fingerprint !== scope.fingerprint
	) {
		throw new IdempotencyKeyReused();
	}
	return stored;
}

interface StoredAnswer<T> {
	fingerprint: string;
	body: T;
}

/**
 * The answer remembered under the key (checked against `body`, the schema of what
 * rememberAnswer stored), or null; throws when the key was used for another request.
 */
export async function replayedAnswer<T>(
	trx: Kysely<Database>,
	scope: IdempotencyScope,
	body: z.ZodType<T, T>,
): Promise<T | null> {
	const seen = await trx
		.selectFrom("idempotency_keys")
		.select(["method", "path", "response"])
		.where("account_id", "=", scope.accountId)
		.where("user_id", "=", scope.userId)
		.where("key", "=", scope.key)
		.executeTakeFirst();
	if (!seen) return null;
	const stored: z.ZodType<StoredAnswer<T>, StoredAnswer<T>> = z.object({ fingerprint: z.string(), body });
	return sameRequestOrThrow(seen, scope, stored).body;
}

/**
 * Remembers a successful answer under the key. If another transaction stored the same key
 * meanwhile (a concurrent request on another resource), this one is refused and rolls back.
 */
export async function rememberAnswer<T>(
	trx: Kysely<Database>,
	scope: IdempotencyScope,
	body: T,
	now: number,
): Promise<void> {
	const stored: StoredAnswer<T> = { fingerprint: scope.fingerprint, body };
	const inserted = await trx
		.insertInto("idempotency_keys")
		.values({
			account_id: scope.accountId,
			user_id: scope.userId,
			key: scope.key,
			method: scope.method,
			path: scope.path,
			response: JSON.stringify(stored),
			created: now,
		})
		.onConflict((conflict) => conflict.columns(["account_id", "user_id", "key"]).doNothing())
		.returning("key")
		.executeTakeFirst();
	if (!inserted) throw new IdempotencyKeyReused();
}

/** Keys are kept for a day (as payment APIs do); the job runner forgets older ones. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 3600;

export async function purgeIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
	await db
		.deleteFrom("idempotency_keys")
		.where("created", "<", now - IDEMPOTENCY_KEY_TTL_SECONDS)
		.execute();
}
