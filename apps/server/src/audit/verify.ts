/**
 * Checks an account's audit chain from its first kept row: each row's seq follows the one before,
 * its prev_hash is that row's hash (the first kept row's, the hash retention recorded when it cut
 * the front), its hash is its own fields' hash, and the head names the last row.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { rowHash } from "./chain.ts";

export interface ChainReport {
	accountId: string;
	/** Rows checked. */
	rows: number;
	/** The first row that breaks the chain, and how; null when the chain holds. */
	broken: { seq: number; reason: string } | null;
}

/** Rows read at a time: flat memory whatever the log's length. */
const BATCH = 1000;

export async function verifyAuditChain(db: Kysely<Database>, accountId: string): Promise<ChainReport> {
	const head = await db
		.selectFrom("audit_heads")
		.selectAll()
		.where("account_id", "=", accountId)
		.executeTakeFirst();
	let expectedSeq = Number(head?.cut_seq ?? 0) + 1;
	let expectedPrev = head?.cut_hash ?? "";
	let rows = 0;
	const report = (seq: number, reason: string): ChainReport => ({ accountId, rows, broken: { seq, reason } });
	for (;;) {
		const batch = await db
			.selectFrom("audit_log")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("seq", ">=", expectedSeq)
			.orderBy("seq")
			.limit(BATCH)
			.execute();
		for (const row of batch) {
			const seq = Number(row.seq);
			if (seq !== expectedSeq) return report(expectedSeq, `row ${expectedSeq} is missing`);
			if (row.prev_hash !== expectedPrev) return report(seq, "prev_hash is not the previous row's hash");
			const { hash, ...fields } = row;
			if (rowHash(fields) !== hash) return report(seq, "hash does not match the row's fields");
			expectedPrev = hash;
			expectedSeq++;
			rows++;
		}
		if (batch.length < BATCH) break;
	}
	// A row before the cut, still present, was edited back in or the cut was moved.
	const stray = await db
		.selectFrom("audit_log")
		.select("seq")
		.where("account_id", "=", accountId)
		.where("seq", "<=", Number(head?.cut_seq ?? 0))
		.orderBy("seq")
		.executeTakeFirst();
	if (stray) return report(Number(stray.seq), "row lies before the retention cut");
	if (head) {
		if (Number(head.seq) !== expectedSeq - 1) {
			return report(expectedSeq, `row ${expectedSeq} is missing (the head ends at ${Number(head.seq)})`);
		}
		if (head.last_hash !== expectedPrev)
			return report(expectedSeq - 1, "the head's hash is not the last row's");
	} else if (rows > 0) {
		return report(1, "the account has rows but no head");
	}
	return { accountId, rows, broken: null };
}

/** Every account holding an audit log, in id order. */
export async function auditedAccounts(db: Kysely<Database>): Promise<string[]> {
	const heads = await db.selectFrom("audit_heads").select("account_id").orderBy("account_id").execute();
	const logs = await db.selectFrom("audit_log").select("account_id").distinct().execute();
	return [...new Set([...heads.map((h) => h.account_id), ...logs.map((l) => l.account_id)])].sort();
}
