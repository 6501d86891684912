import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomText(length: number): string {
	let out = "";
	for (const byte of randomBytes(length)) out += ALPHABET[byte % 62];
	return out;
}

/** A random processor-style id: newId("ch") -> "ch_3Nq8…" (24 characters of base62). */
export function newId(prefix: string, length = 24): string {
	return `${prefix}_${randomText(length)}`;
}

let lastMs = 0;
let sameMs = 0;

/**
 * An id whose text sorts by when it was made: the millisecond, then the order within this
 * process, then 12 random characters. The sorting part is digits and lower-case letters only,
 * which every collation orders alike: newOrderedId("ntf") -> "ntf_mi7x2k1q0000…".
 */
export function newOrderedId(prefix: string): string {
	const ms = Date.now();
	sameMs = ms === lastMs ? sameMs + 1 : 0;
	lastMs = ms;
	return `${prefix}_${ms.toString(36).padStart(9, "0")}${sameMs.toString(36).padStart(4, "0")}${randomText(12)}`;
}

/**
 * Next value of a per-account counter (order numbers, user ids, note ids, event numbers). Runs
 * inside the caller's transaction when given one; the UPDATE … RETURNING takes the row lock,
 * held until that transaction ends. `count` reserves that many values, the last one answered.
 */
export async function nextSequence(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	count = 1,
): Promise<number> {
	const updated = await db
		.updateTable("sequences")
		.set((eb) => ({ value: eb("value", "+", count) }))
		.where("account_id", "=", accountId)
		.where("name", "=", name)
		.returning("value")
		.executeTakeFirst();
	if (updated) return updated.value;
	await db
		.insertInto("sequences")
		.values({ account_id: accountId, name, value: count })
		.onConflict((oc) =>
			oc.columns(["account_id", "name"]).doUpdateSet((eb) => ({ value: eb("sequences.value", "+", count) })),
		)
		.execute();
	const row = await db
		.selectFrom("sequences")
		.select("value")
		.where("account_id", "=", accountId)
		.where("name", "=", name)
		.executeTakeFirstOrThrow();
	return row.value;
}

/** Raises a counter so that ids minted later stay above ones loaded in bulk. */
export async function setSequenceAtLeast(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	value: number,
): Promise<void> {
	await db
		.insertInto("sequences")
		.values({ account_id: accountId, name, value })
		.onConflict((oc) => oc.columns(["account_id", "name"]).doUpdateSet({ value }))
		.execute();
}
