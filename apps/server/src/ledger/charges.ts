/**
 * The partner's view of a charge, as the payment details and the order screen read it
 * (packages/contract/charges): the charge row with its refunds, latest dispute, balance
 * transaction and order, and the rules the admin applies computed once with the same domain
 * functions (derived status, refundable amount, capture deadline).
 */
import type { Charge, PaymentIntent, PaymentMethodDetails, Refund } from "@paydesk/contract/charges";
import { captureDeadline } from "@paydesk/domain/capture";
import { type DisputeStatus, deriveChargeStatus } from "@paydesk/domain/charge-status";
import { orderEditUrl, type RefundReason, refundableAmount } from "@paydesk/domain/refunds";
import type { Kysely } from "kysely";
import type {
	BalanceTransactionsTable,
	ChargesTable,
	Database,
	DisputesTable,
	OrdersTable,
	RefundsTable,
} from "../db/schema.ts";
import { billingDetailsOf, paymentMethodDetailsOf } from "./charge-details.ts";
import { subscriptionsOf } from "./order-details.ts";

export function refundEntityOf(row: RefundsTable): Refund {
	return {
		id: row.id,
		amount: row.amount,
		currency: row.currency,
		reason: (row.reason as RefundReason | null) ?? null,
		status: row.status,
		failure_reason: row.failure_reason,
		created: row.created,
		charge: row.charge_id,
		payment_intent: row.payment_intent_id,
		order_id: row.order_id,
		balance_transaction: row.balance_transaction_id,
	};
}

export function orderLinksOf(subscriptionsJson: string): { number: string; url: string }[] {
	return subscriptionsOf(subscriptionsJson).map((entry) => ({
		number: String(entry.number),
		url: orderEditUrl(String(entry.number)),
	}));
}

function paymentMethodOf(row: ChargesTable): PaymentMethodDetails {
	const details = paymentMethodDetailsOf(row);
	return { type: row.payment_method_type, [row.payment_method_type]: details } as PaymentMethodDetails;
}

export interface ChargeRows {
	charge: ChargesTable;
	refunds: readonly RefundsTable[];
	dispute: DisputesTable | undefined;
	transaction: BalanceTransactionsTable | undefined;
	order: OrdersTable | undefined;
}

export function chargeEntityOf(rows: ChargeRows): Charge {
	const { charge: row, dispute, transaction, order } = rows;
	const entity: Omit<Charge, "display_status" | "refundable_amount"> = {
		id: row.id,
		object: "charge",
		payment_intent: row.payment_intent_id,
		payment_intent_status: row.intent_status,
		amount: row.amount,
		amount_captured: row.amount_captured,
		amount_refunded: row.amount_refunded,
		currency: row.currency,
		customer_amount: row.customer_amount,
		customer_currency: row.customer_currency,
		created: row.created,
		status: row.status,
		paid: row.paid === 1,
		captured: row.captured === 1,
		refunded: row.refunded === 1,
		disputed: row.disputed === 1,
		capture_by: row.intent_status === "requires_capture" ? captureDeadline(row.created) : null,
		outcome: { type: row.outcome_type, reason: row.outcome_reason, risk_level: row.risk_level },
		failure_code: row.failure_code,
		failure_message: row.failure_message,
		refunds: { data: [...rows.refunds].sort((a, b) => b.created - a.created).map(refundEntityOf) },
		dispute: dispute
			? {
					id: dispute.id,
					status: dispute.status as DisputeStatus,
					reason: dispute.reason,
					amount: dispute.amount,
					currency: dispute.currency,
					created: dispute.created,
					due_by: dispute.due_by,
					evidence_details: { due_by: dispute.due_by, has_evidence: dispute.has_evidence === 1 },
				}
			: null,
		payment_method_details: paymentMethodOf(row),
		billing_details: billingDetailsOf(row, order),
		balance_transaction: transaction
			? {
					id: transaction.id,
					type: transaction.type,
					amount: transaction.amount,
					fee: transaction.fee,
					net: transaction.net,
					currency: transaction.currency,
					exchange_rate: transaction.exchange_rate,
					available_on: transaction.available_on,
					deposit_id: transaction.deposit_id,
				}
			: null,
		application_fee_amount: row.fee,
		order: order
			? {
					id: order.id,
					number: order.number,
					url: orderEditUrl(order.id),
					customer_url: null,
					subscriptions: orderLinksOf(order.subscriptions),
					fraud_meta_box_type: row.fraud_meta_box_type,
				}
			: null,
		customer: { name: row.customer_name, email: row.customer_email, country: row.customer_country },
		fraud_outcome: row.fraud_outcome,
		fraud_meta_box_type: row.fraud_meta_box_type,
		channel: row.channel,
		source_device: row.source_device,
		reader_id: row.reader_id,
	};
	return {
		...entity,
		display_status: deriveChargeStatus(entity, row.intent_status),
		refundable_amount: refundableAmount(entity),
	};
}

type ChargeLookup = { id: string } | { paymentIntentId: string } | { orderId: number };

/** A charge by its id, its payment intent or its order (the latest charge of the order). */
export async function findChargeRow(
	db: Kysely<Database>,
	accountId: string,
	lookup: ChargeLookup,
): Promise<ChargesTable | undefined> {
	let query = db.selectFrom("charges").selectAll().where("account_id", "=", accountId);
	if ("id" in lookup) query = query.where("id", "=", lookup.id);
	else if ("paymentIntentId" in lookup) query = query.where("payment_intent_id", "=", lookup.paymentIntentId);
	else query = query.where("order_id", "=", lookup.orderId).orderBy("created", "desc");
	return query.limit(1).executeTakeFirst();
}

/** The rows around a charge: a handful of indexed lookups, one entity. */
export async function loadChargeRows(db: Kysely<Database>, charge: ChargesTable): Promise<ChargeRows> {
	const accountId = charge.account_id;
	const [refunds, dispute, transaction, order] = await Promise.all([
		db
			.selectFrom("refunds")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("charge_id", "=", charge.id)
			.execute(),
		db
			.selectFrom("disputes")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("charge_id", "=", charge.id)
			.orderBy("created", "desc")
			.limit(1)
			.executeTakeFirst(),
		charge.balance_transaction_id
			? db
					.selectFrom("balance_transactions")
					.selectAll()
					.where("account_id", "=", accountId)
					.where("id", "=", charge.balance_transaction_id)
					.executeTakeFirst()
			: undefined,
		charge.order_id === null
			? undefined
			: db
					.selectFrom("orders")
					.selectAll()
					.where("account_id", "=", accountId)
					.where("id", "=", charge.order_id)
					.executeTakeFirst(),
	]);
	return { charge, refunds, dispute, transaction, order };
}

export async function loadCharge(db: Kysely<Database>, charge: ChargesTable): Promise<Charge> {
	return chargeEntityOf(await loadChargeRows(db, charge));
}

/** The payment intent a charge belongs to (one charge per intent in the sandbox). */
export function paymentIntentOf(charge: Charge): PaymentIntent {
	const status = charge.payment_intent_status;
	return {
		id: charge.payment_intent,
		object: "payment_intent",
		status,
		amount: charge.amount,
		amount_capturable: status === "requires_capture" ? charge.amount : 0,
		amount_received: charge.amount_captured,
		currency: charge.currency,
		created: charge.created,
		order: charge.order,
		charge,
	};
}

/** The dispute that decides whether a charge may be refunded: its latest, or null. */
export async function latestDisputeStatus(
	db: Kysely<Database>,
	charge: Pick<ChargesTable, "account_id" | "id">,
): Promise<{ status: string } | null> {
	const dispute = await db
		.selectFrom("disputes")
		.select("status")
		.where("account_id", "=", charge.account_id)
		.where("charge_id", "=", charge.id)
		.orderBy("created", "desc")
		.limit(1)
		.executeTakeFirst();
	return dispute ?? null;
}
