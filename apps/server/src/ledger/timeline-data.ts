/**
 * A timeline event's data as timeline_events keeps it: only what the payment's charge does not
 * already say (db/derived-json.ts). Most events name the payment's amount and currency; a capture
 * repeats the whole charge — its amounts in both currencies, its fee at the standard rates and
 * its balance transaction. Every writer stores data through storedTimelineData, the timeline
 * reads it back through timelineDataOf, with the same charge.
 *
 * Only charge columns that never change once the event is written are used: the amounts,
 * currencies, fee and payment method are set when the charge is made, and the balance
 * transaction when it is captured, before its "captured" event is written.
 */
import { standardFeeRates } from "@paydesk/domain/fees";
import {
	type JsonObject,
	type JsonTemplate,
	type JsonValue,
	omitDerived,
	parseStored,
	restoreDerived,
} from "../db/derived-json.ts";
import type { ChargesTable } from "../db/schema.ts";

/** The charge columns an event's data is derived from, and the times of its implicit events. */
export const TIMELINE_CHARGE_COLUMNS = [
	"amount",
	"currency",
	"customer_amount",
	"customer_currency",
	"fee",
	"payment_method_type",
	"balance_transaction_id",
	"authorized_at",
	"captured_at",
] as const;

export type TimelineCharge = Pick<
	ChargesTable,
	Exclude<(typeof TIMELINE_CHARGE_COLUMNS)[number], "authorized_at" | "captured_at">
> &
	Partial<Pick<ChargesTable, "authorized_at" | "captured_at">>;

/**
 * Events a charge says in full, kept as the time they happened in a column of the charge
 * rather than as rows: a payment's authorization and its capture, the two events of almost every
 * payment. Only the first of its type, and only when its data is the charge's (storedTimelineData
 * gives "{}"); any other is a row.
 */
export const IMPLICIT_EVENTS = { authorized: "authorized_at", captured: "captured_at" } as const;

export type ImplicitEvent = keyof typeof IMPLICIT_EVENTS;

export function isImplicitEvent(type: string): type is ImplicitEvent {
	return Object.hasOwn(IMPLICIT_EVENTS, type);
}

/** The stored data of an event its charge says in full. */
export const IMPLICIT_DATA = "{}";

type ChargeAmounts = Pick<ChargesTable, "amount" | "currency" | "customer_amount" | "customer_currency">;

/** A store-currency amount of the charge in the customer's currency, proportionally. */
export function customerShare(charge: ChargeAmounts, amount: number): number {
	if (charge.amount === 0) return 0;
	if (charge.customer_currency === charge.currency) return amount;
	return Math.round((charge.customer_amount * amount) / charge.amount);
}

function capturedTemplate(charge: TimelineCharge): JsonTemplate {
	const crossCurrency = charge.customer_currency !== charge.currency;
	return {
		amount: charge.customer_amount,
		amount_captured: charge.customer_amount,
		currency: charge.customer_currency,
		fee: charge.fee,
		fee_rates: standardFeeRates(
			charge.payment_method_type,
			charge.currency,
			crossCurrency,
		) as unknown as JsonValue,
		transaction_details: {
			customer_currency: charge.customer_currency,
			customer_amount: charge.customer_amount,
			customer_amount_captured: charge.customer_amount,
			customer_fee: customerShare(charge, charge.fee),
			store_currency: charge.currency,
			store_amount: charge.amount,
			store_amount_captured: charge.amount,
			store_fee: charge.fee,
		},
		balance_transaction_id: charge.balance_transaction_id ?? undefined,
	};
}

/** What an event of this type says that its charge already knows (nothing without a charge). */
function eventTemplate(type: string, charge: TimelineCharge | null): JsonTemplate {
	if (!charge) return {};
	if (type === "captured") return capturedTemplate(charge);
	return { amount: charge.customer_amount, currency: charge.customer_currency };
}

/** The data column of an event, from its whole data. */
export function storedTimelineData(type: string, data: JsonObject, charge: TimelineCharge | null): string {
	return JSON.stringify(omitDerived(data, eventTemplate(type, charge)));
}

/** The implicit events of a charge, with their whole data, in the order of IMPLICIT_EVENTS. */
export function implicitEventsOf(
	charge: TimelineCharge,
): { type: ImplicitEvent; datetime: number; data: JsonObject }[] {
	const events: { type: ImplicitEvent; datetime: number; data: JsonObject }[] = [];
	for (const [type, column] of Object.entries(IMPLICIT_EVENTS) as [ImplicitEvent, ImplicitColumn][]) {
		const datetime = charge[column];
		if (datetime !== null && datetime !== undefined)
			events.push({ type, datetime, data: timelineDataOf(type, IMPLICIT_DATA, charge) });
	}
	return events;
}

type ImplicitColumn = (typeof IMPLICIT_EVENTS)[ImplicitEvent];

/** An event's whole data, from its data column and its payment's charge. */
export function timelineDataOf(type: string, stored: string, charge: TimelineCharge | null): JsonObject {
	return restoreDerived(parseStored(stored), eventTemplate(type, charge));
}
