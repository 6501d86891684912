/** Card reader queries: the account's readers, and the per-reader lines of one fee charge. */
import type { CardReader, CardReaderStat } from "@paydesk/contract/readers";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Active readers first, then the newest: the readers a merchant is most likely looking for. */
export async function listCardReaders(
	db: Kysely<Database>,
	accountId: string,
	limit: number,
): Promise<{ data: CardReader[]; total_count: number }> {
	const rows = await db
		.selectFrom("card_readers")
		.selectAll()
		.where("account_id", "=", accountId)
		.orderBy("is_active", "desc")
		.orderBy("created", "desc")
		.orderBy("id")
		.limit(limit)
		.execute();
	const total = await db
		.selectFrom("card_readers")
		.select(sql<number>`count(*)`.as("count"))
		.where("account_id", "=", accountId)
		.executeTakeFirstOrThrow();
	return {
		data: rows.map((row) => ({
			id: row.id,
			device_type: row.device_type,
			is_active: row.is_active === 1,
			label: row.label,
		})),
		total_count: Number(total.count),
	};
}

/** The readers billed by one charge, in reader order, with when the charge billed them. */
export async function readerChargeLines(
	db: Kysely<Database>,
	accountId: string,
	chargeId: string,
): Promise<{ created: number; data: CardReaderStat[] } | null> {
	const rows = await db
		.selectFrom("reader_charges")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("charge_id", "=", chargeId)
		.orderBy("reader_id")
		.execute();
	const first = rows[0];
	if (!first) return null;
	return {
		created: first.created,
		data: rows.map((row) => ({
			reader_id: row.reader_id,
			status: row.status,
			count: row.count,
			fee: { amount: row.fee_amount, currency: row.currency },
		})),
	};
}
