/**
 * Row builders with one fixed key order per table (bulkInsert needs one shape per batch), and
 * the charge context every row of a payment is denormalised from.
 */
import { type JsonObject, parseObject } from "../db/derived-json.ts";
import type { BalanceTransactionsTable, ChargesTable, TimelineEventsTable } from "../db/schema.ts";
import { storedChargeDetails } from "../ledger/charge-details.ts";
import { storedSourceId } from "../ledger/source.ts";
import {
	IMPLICIT_DATA,
	IMPLICIT_EVENTS,
	isImplicitEvent,
	storedTimelineData,
	type TimelineCharge,
} from "../ledger/timeline-data.ts";
import { DAY } from "./calendar.ts";
import type { SettlementCurrency } from "./catalog-people.ts";
import type { Customer } from "./customers.ts";
import type { PaymentMethod } from "./payment-methods.ts";

/** Funds of a balance transaction become available two days after it is created. */
export const AVAILABILITY_DELAY = 2 * DAY;

export interface ChargeContext {
	chargeId: string;
	intentId: string;
	orderId: number | null;
	currency: SettlementCurrency;
	customerCurrency: string;
	/** Settlement major units per customer major unit, when the customer paid in another currency. */
	exchangeRate: number | null;
	amount: number;
	customerAmount: number;
	fee: number;
	created: number;
	channel: string;
	method: PaymentMethod;
	sourceDevice: string | null;
	readerId: string | null;
	customer: Customer;
	riskLevel: number | null;
	/** Timeline events written so far for the intent; numbers the next one. */
	events: number;
	/** The balance transaction of the capture, once captured. */
	transactionId: string | null;
	/**
	 * When the payment was authorized and captured, as its charge row says (its timeline's implicit
	 * events); a capture planned for a later day is set when it is planned, as the row is written first.
	 */
	authorizedAt: number | null;
	capturedAt: number | null;
	/** Whether the charge row has been written. */
	written: boolean;
}

export const REPORTING_CATEGORY: Record<string, string> = {
	charge: "charge",
	payment: "charge",
	refund: "refund",
	payment_refund: "refund",
	refund_failure: "refund_failure",
	payment_failure_refund: "charge_failure",
	dispute: "dispute",
	dispute_reversal: "dispute_reversal",
	card_reader_fee: "fee",
	financing_payout: "financing",
	financing_paydown: "financing",
};

export interface TransactionFields {
	id: string;
	type: string;
	sourceId: string;
	currency: string;
	amount: number;
	fee: number;
	created: number;
	/** Amount in the customer's currency (defaults to the amount when no conversion). */
	customerAmount?: number;
	loanId?: string | null;
	description?: string | null;
	/** Charge and intent of a transaction that has no customer payment behind it (card reader fees). */
	link?: { chargeId: string; intentId: string };
}

/** A balance transaction, denormalised from its charge when it belongs to one. */
export function transactionRow(
	accountId: string,
	charge: ChargeContext | null,
	fields: TransactionFields,
): BalanceTransactionsTable {
	const chargeId = charge ? charge.chargeId : (fields.link?.chargeId ?? null);
	return {
		account_id: accountId,
		id: fields.id,
		type: fields.type,
		reporting_category: REPORTING_CATEGORY[fields.type] ?? "other_adjustment",
		source_id: storedSourceId(fields.sourceId, chargeId),
		charge_id: chargeId,
		payment_intent_id: charge ? charge.intentId : (fields.link?.intentId ?? null),
		order_id: charge ? charge.orderId : null,
		order_number: charge && charge.orderId !== null ? String(charge.orderId) : null,
		amount: fields.amount,
		fee: fields.fee,
		net: fields.amount - fields.fee,
		currency: fields.currency,
		customer_currency: charge ? charge.customerCurrency : null,
		customer_amount: charge ? (fields.customerAmount ?? fields.amount) : null,
		exchange_rate: charge ? charge.exchangeRate : null,
		created: fields.created,
		available_on: fields.created + AVAILABILITY_DELAY,
		deposit_id: null,
		loan_id: fields.loanId ?? null,
		channel: charge ? charge.channel : null,
		source: charge ? charge.method.source : null,
		source_identifier: charge ? charge.method.identifier : null,
		source_device: charge ? charge.sourceDevice : null,
		customer_name: charge ? charge.customer.name : null,
		customer_email: charge ? charge.customer.email : null,
		customer_country: charge ? charge.customer.country : null,
		risk_level: charge ? charge.riskLevel : null,
		description: fields.description ?? null,
	};
}

/** The parts of a charge row that depend on what happened to the payment. */
export interface ChargeState {
	status: string;
	intentStatus: string;
	paid: boolean;
	captured: boolean;
	amountRefunded: number;
	refunded: boolean;
	disputed: boolean;
	outcomeType: string | null;
	outcomeReason: string | null;
	failureCode: string | null;
	failureMessage: string | null;
	balanceTransactionId: string | null;
	fraudOutcome: string | null;
	fraudMetaBoxType: string | null;
}

/** A customer's billing details as charges with an order store them: the same for each of them. */
const storedBilling = new WeakMap<Customer, string>();

/**
 * The payment method and billing details of a charge, as the charges table stores them; its
 * order (when it has one) has the customer's address, as orderRow writes it.
 */
function chargeDetails(
	charge: ChargeContext,
): Pick<ChargesTable, "payment_method_details" | "billing_details"> {
	const facts = {
		payment_method_type: charge.method.type,
		customer_name: charge.customer.name,
		customer_email: charge.customer.email,
		customer_country: charge.customer.country,
	};
	const order =
		charge.orderId === null
			? null
			: { customer_country: charge.customer.country, billing_address: charge.customer.addressJson };
	let billing = order ? storedBilling.get(charge.customer) : undefined;
	const stored = storedChargeDetails(
		facts,
		order,
		parseObject(charge.method.details),
		billing === undefined ? parseObject(charge.customer.billingDetailsJson) : {},
	);
	if (billing === undefined) {
		billing = stored.billing_details;
		if (order) storedBilling.set(charge.customer, billing);
	}
	return { payment_method_details: stored.payment_method_details, billing_details: billing };
}

export function chargeRow(accountId: string, charge: ChargeContext, state: ChargeState): ChargesTable {
	return {
		account_id: accountId,
		id: charge.chargeId,
		payment_intent_id: charge.intentId,
		order_id: charge.orderId,
		amount: charge.amount,
		amount_captured: state.captured ? charge.amount : 0,
		amount_refunded: state.amountRefunded,
		currency: charge.currency,
		status: state.status,
		intent_status: state.intentStatus,
		paid: state.paid ? 1 : 0,
		captured: state.captured ? 1 : 0,
		refunded: state.refunded ? 1 : 0,
		disputed: state.disputed ? 1 : 0,
		created: charge.created,
		outcome_type: state.outcomeType,
		outcome_reason: state.outcomeReason,
		risk_level: charge.riskLevel,
		failure_code: state.failureCode,
		failure_message: state.failureMessage,
		...chargeDetails(charge),
		payment_method_type: charge.method.type,
		customer_name: charge.customer.name,
		customer_email: charge.customer.email,
		customer_country: charge.customer.country,
		channel: charge.channel,
		source_device: charge.sourceDevice,
		customer_currency: charge.customerCurrency,
		customer_amount: charge.customerAmount,
		exchange_rate: charge.exchangeRate,
		fee: charge.fee,
		balance_transaction_id: state.balanceTransactionId,
		fraud_outcome: state.fraudOutcome,
		fraud_meta_box_type: state.fraudMetaBoxType,
		reader_id: charge.readerId,
		authorized_at: charge.authorizedAt,
		captured_at: charge.capturedAt,
	};
}

const IMPLICIT_TIMES = { authorized_at: "authorizedAt", captured_at: "capturedAt" } as const;

/**
 * The next timeline event of a charge's intent, its data stored as the processor stores it; none
 * when the charge row says it in full (its time in authorizedAt or capturedAt), as the processor
 * keeps it (processor/timeline.ts).
 */
export function timelineRow(
	accountId: string,
	charge: ChargeContext,
	type: string,
	datetime: number,
	data: JsonObject,
): TimelineEventsTable | null {
	const facts: TimelineCharge = {
		amount: charge.amount,
		currency: charge.currency,
		customer_amount: charge.customerAmount,
		customer_currency: charge.customerCurrency,
		fee: charge.fee,
		payment_method_type: charge.method.type,
		balance_transaction_id: charge.transactionId,
	};
	const stored = storedTimelineData(type, data, facts);
	if (isImplicitEvent(type)) {
		const time = IMPLICIT_TIMES[IMPLICIT_EVENTS[type]];
		if (charge[time] === datetime) {
			if (stored !== IMPLICIT_DATA) throw new Error(`The seed planned a ${type} event the charge cannot say`);
			return null;
		}
		if (stored === IMPLICIT_DATA && charge[time] === null && !charge.written) {
			charge[time] = datetime;
			return null;
		}
	}
	charge.events++;
	return {
		account_id: accountId,
		payment_intent_id: charge.intentId,
		seq: charge.events,
		type,
		datetime,
		data: stored,
	};
}

/** An amount in the customer's currency proportional to a settlement amount of the charge. */
export function customerShare(charge: ChargeContext, amount: number): number {
	if (charge.amount === 0) return 0;
	return Math.round((charge.customerAmount * amount) / charge.amount);
}
