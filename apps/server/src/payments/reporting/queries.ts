/**
 * The payment activity report (spec 2 §9): per-type sums of the period's balance transactions in
 * one currency, in SQL — rollup periods for whole UTC days, the ledger for the partial days at
 * the ends (processor/rollup-cover.ts) — then the figures of domain/payment-activity.
 */
import type { PaymentActivity, PaymentActivityQuery } from "@paydesk/contract/reporting";
import { parseFilterDate, zonedToEpoch } from "@paydesk/domain/dates";
import { activityFigures, REPORT_TYPES, type TypeTotals } from "@paydesk/domain/payment-activity";
import { sql } from "kysely";
import type { Db } from "../../db/connection.ts";
import { rollupCover } from "../../ledger/rollup-cover.ts";

/** A range of epoch seconds, from <= t < until. */
export interface SecondsRange {
	from: number;
	until: number;
}

/** The period's seconds: date_start's first second through date_end's last, in the given zone. */
export function reportRange(
	query: Pick<PaymentActivityQuery, "date_start" | "date_end" | "timezone">,
): SecondsRange {
	const start = parseFilterDate(query.date_start);
	const end = parseFilterDate(query.date_end);
	if (!start || !end) throw new RangeError("The report dates were not validated.");
	return { from: zonedToEpoch(start, query.timezone), until: zonedToEpoch(end, query.timezone) + 1 };
}

type TotalsRow = { type: string; amount: number | string | null; fee: number | string | null };

const toTotals = (rows: readonly TotalsRow[]): TypeTotals[] =>
	rows.map((row) => ({ type: row.type, amount: Number(row.amount ?? 0), fee: Number(row.fee ?? 0) }));

/** Per-type amount and fee sums of one currency's report types over a range. */
export async function reportTypeTotals(
	db: Db,
	accountId: string,
	currency: string,
	range: SecondsRange,
): Promise<TypeTotals[]> {
	const { periods, edges } = rollupCover(range);
	const parts: Promise<TypeTotals[]>[] = [];
	for (const period of periods) {
		parts.push(
			db.kysely
				.selectFrom("transaction_rollups")
				.select(["type", sql<number>`sum(amount)`.as("amount"), sql<number>`sum(fee)`.as("fee")])
				.where("account_id", "=", accountId)
				// Inlined: a bound span would not match the primary key's integer on every engine.
				.where("span", "=", sql.lit(period.span))
				.where("period", ">=", period.from ?? 0)
				.where("period", "<", period.until ?? Number.MAX_SAFE_INTEGER)
				.where("currency", "=", currency)
				.where("type", "in", REPORT_TYPES)
				.groupBy("type")
				.execute()
				.then(toTotals),
		);
	}
	for (const edge of edges) {
		parts.push(
			db.kysely
				.selectFrom("balance_transactions")
				.select(["type", sql<number>`sum(amount)`.as("amount"), sql<number>`sum(fee)`.as("fee")])
				.where("account_id", "=", accountId)
				.where("currency", "=", currency)
				.where("created", ">=", edge.from ?? 0)
				.where("created", "<", edge.until ?? Number.MAX_SAFE_INTEGER)
				.where("type", "in", REPORT_TYPES)
				.groupBy("type")
				.execute()
				.then(toTotals),
		);
	}
	return (await Promise.all(parts)).flat();
}

export async function paymentActivityReport(
	db: Db,
	accountId: string,
	query: PaymentActivityQuery,
): Promise<PaymentActivity> {
	const totals = await reportTypeTotals(db, accountId, query.currency, reportRange(query));
	return {
		currency: query.currency,
		date_start: query.date_start,
		date_end: query.date_end,
		timezone: query.timezone,
		...activityFigures(totals),
	};
}
