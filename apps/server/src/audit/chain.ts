/**
 * The audit chain: each row's hash is sha256 over the canonical encoding of its fields and the
 * previous row's hash, so changing, inserting or removing a row anywhere but at the front
 * (retention, recorded in the head row) breaks every hash after it.
 */
import { createHash } from "node:crypto";
import type { AuditLogTable } from "../db/schema.ts";

/** The hash the first row of an account points at. */
export const GENESIS_HASH = "";

export type ChainedFields = Omit<AuditLogTable, "hash">;

/**
 * A JSON array of the fields in a fixed order, numbers as numbers and absent values as null:
 * the same row encodes the same on both engines, whatever order the columns come back in.
 */
export function canonicalEncoding(row: ChainedFields): string {
	return JSON.stringify([
		row.account_id,
		Number(row.seq),
		Number(row.created),
		row.actor_user_id === null ? null : Number(row.actor_user_id),
		row.actor_login,
		row.actor_key_name,
		row.ip,
		row.user_agent,
		row.action,
		row.object_type,
		row.object_id,
		row.payment_intent_id,
		row.details,
		row.prev_hash,
	]);
}

export function rowHash(row: ChainedFields): string {
	return createHash("sha256").update(canonicalEncoding(row)).digest("hex");
}
