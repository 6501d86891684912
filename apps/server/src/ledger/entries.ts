/**
 * A balance transaction that follows from a charge (a dispute debit, its reversal, a loan
 * paydown), denormalised from the charge's own capture row as the ledger's lists expect.
 */
import { FUNDS_AVAILABLE_AFTER } from "@paydesk/domain/processor-schedule";
import { transactionSource } from "@paydesk/domain/transactions";
import type { Kysely } from "kysely";
import { newId } from "../db/ids.ts";
import type { BalanceTransactionsTable, ChargesTable, Database } from "../db/schema.ts";
import { paymentMethodDetailsOf } from "./charge-details.ts";
import { storedSourceId } from "./source.ts";
import { customerShare } from "./timeline-data.ts";

/** Card-based methods settle as "charge" transactions, the others as "payment". */
const CARD_BASED = new Set(["card", "card_present", "link"]);

export function settlementType(methodType: string): "charge" | "payment" {
	return CARD_BASED.has(methodType) ? "charge" : "payment";
}

export interface ChargeEntry {
	type: string;
	reportingCategory: string;
	sourceId: string;
	/** Store (settlement) currency, minor units; negative for money taken. */
	amount: number;
	fee: number;
	created: number;
	loanId?: string | null;
}

export async function chargeEntry(
	trx: Kysely<Database>,
	charge: ChargesTable,
	entry: ChargeEntry,
): Promise<BalanceTransactionsTable> {
	const own = charge.balance_transaction_id
		? await trx
				.selectFrom("balance_transactions")
				.selectAll()
				.where("account_id", "=", charge.account_id)
				.where("id", "=", charge.balance_transaction_id)
				.executeTakeFirst()
		: undefined;
	return {
		account_id: charge.account_id,
		id: newId("txn"),
		type: entry.type,
		reporting_category: entry.reportingCategory,
		source_id: storedSourceId(entry.sourceId, charge.id),
		charge_id: charge.id,
		payment_intent_id: charge.payment_intent_id,
		order_id: charge.order_id,
		order_number: own?.order_number ?? (charge.order_id === null ? null : String(charge.order_id)),
		amount: entry.amount,
		fee: entry.fee,
		net: entry.amount - entry.fee,
		currency: charge.currency,
		customer_currency: charge.customer_currency,
		customer_amount: Math.sign(entry.amount) * customerShare(charge, Math.abs(entry.amount)),
		exchange_rate: charge.exchange_rate,
		created: entry.created,
		available_on: entry.created + FUNDS_AVAILABLE_AFTER,
		deposit_id: null,
		loan_id: entry.loanId ?? null,
		channel: own?.channel ?? charge.channel,
		source:
			own?.source ?? transactionSource(charge.payment_method_type, paymentMethodDetailsOf(charge).brand),
		source_identifier: own?.source_identifier ?? null,
		source_device: own?.source_device ?? charge.source_device,
		customer_name: charge.customer_name,
		customer_email: charge.customer_email,
		customer_country: charge.customer_country,
		risk_level: charge.risk_level,
		description: null,
	};
}
