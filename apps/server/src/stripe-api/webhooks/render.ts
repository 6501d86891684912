/**
 * A Stripe event rendered from a change of the account's log: `data.object` is the object as it
 * is when the event is rendered. Rendering happens once per event (materialize.ts), and the JSON
 * is kept: `GET /v1/events/{id}` and every webhook of the event answer that same text.
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { AccountEventsTable, Database } from "../../db/schema.ts";
import { chargeObject, paymentIntentObject, refundObject } from "../objects.ts";
import { STRIPE_API_VERSION } from "../plugin.ts";
import { customerObject } from "../resources/customers.ts";
import { eventId } from "./event-types.ts";

/** The account an event is rendered for. */
export interface EventAccount {
	accountId: string;
	livemode: boolean;
}

/**
 * A payment's rows, read once per change of the log: one change is several events (a payment
 * that succeeded is payment_intent.created, payment_intent.succeeded and charge.succeeded), each
 * rendered from the same rows.
 */
const paymentRows = new WeakMap<AccountEventsTable, ReturnType<typeof readPayment>>();

function readPayment(db: Kysely<Database>, accountId: string, intentId: string) {
	return Promise.all([
		db
			.selectFrom("payment_intents")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", intentId)
			.executeTakeFirst(),
		db
			.selectFrom("intent_details")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("intent_id", "=", intentId)
			.executeTakeFirst(),
		db
			.selectFrom("charges")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("payment_intent_id", "=", intentId)
			.executeTakeFirst(),
	]);
}

function paymentOf(db: Kysely<Database>, accountId: string, row: AccountEventsTable) {
	let rows = paymentRows.get(row);
	if (!rows) {
		rows = readPayment(db, accountId, row.object_id);
		paymentRows.set(row, rows);
	}
	return rows;
}

/** The object an event is about, as it is now. */
async function objectOf(
	db: Kysely<Database>,
	account: EventAccount,
	row: AccountEventsTable,
	stripeType: string,
): Promise<{ object: unknown } | null> {
	const { accountId, livemode } = account;
	if (
		stripeType.startsWith("payment_intent.") ||
		(stripeType.startsWith("charge.") && !stripeType.startsWith("charge.dispute.")) ||
		stripeType.startsWith("refund.")
	) {
		const [intent, details, charge] = await paymentOf(db, accountId, row);
		if (stripeType.startsWith("payment_intent.")) {
			if (!intent && !details) return null;
			return { object: paymentIntentObject({ intent, details, charge, livemode }) };
		}
		if (!charge) return null;
		if (stripeType.startsWith("refund.")) {
			const refund = await db
				.selectFrom("refunds")
				.selectAll()
				.where("account_id", "=", accountId)
				.where("charge_id", "=", charge.id)
				.where("created", "<=", row.created)
				.orderBy("created", "desc")
				.orderBy("id", "desc")
				.executeTakeFirst();
			if (!refund) return null;
			return { object: refundObject(refund, charge) };
		}
		const order =
			charge.order_id === null
				? undefined
				: await db
						.selectFrom("orders")
						.select(["customer_country", "billing_address"])
						.where("account_id", "=", accountId)
						.where("id", "=", charge.order_id)
						.executeTakeFirst();
		return { object: chargeObject(charge, { order, details, livemode }) };
	}
	if (stripeType.startsWith("charge.dispute.")) {
		const dispute = await db
			.selectFrom("disputes")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", row.object_id)
			.executeTakeFirst();
		if (!dispute) return null;
		return {
			object: {
				id: dispute.id,
				object: "dispute",
				amount: dispute.amount,
				currency: dispute.currency,
				charge: dispute.charge_id,
				payment_intent: dispute.payment_intent_id,
				created: dispute.created,
				status: dispute.status,
				reason: dispute.reason,
				is_charge_refundable: false,
				livemode,
				metadata: {},
				evidence_details: {
					due_by: dispute.due_by,
					has_evidence: dispute.has_evidence === 1,
					past_due: false,
					submission_count: 0,
				},
			},
		};
	}
	if (stripeType.startsWith("customer.")) {
		// A deleted customer is kept (deleted_at set), so customer.deleted carries it as it was.
		const customer = await db
			.selectFrom("stripe_customers")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", row.object_id)
			.executeTakeFirst();
		return customer ? { object: customerObject(customer, livemode) } : null;
	}
	if (stripeType.startsWith("payout.")) {
		const payout = await db
			.selectFrom("payouts")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", row.object_id)
			.executeTakeFirst();
		if (!payout) return null;
		return {
			object: {
				id: payout.id,
				object: "payout",
				amount: payout.amount,
				currency: payout.currency,
				arrival_date: payout.date,
				created: payout.created,
				status: payout.status,
				method: payout.method,
				type: "bank_account",
				automatic: payout.automatic === 1,
				livemode,
				metadata: {},
			},
		};
	}
	return null;
}

/** The event of the log's change `row` at `index` with `type`, or null when its object is gone. */
export async function renderEvent(
	db: Kysely<Database>,
	account: EventAccount,
	row: AccountEventsTable,
	index: number,
	type: string,
	pendingWebhooks: number,
): Promise<Stripe.Event | null> {
	const data = await objectOf(db, account, row, type);
	if (!data) return null;
	return {
		id: eventId(Number(row.seq), index),
		object: "event",
		api_version: STRIPE_API_VERSION,
		context: undefined,
		created: Number(row.created),
		data: data as Stripe.Event.Data,
		livemode: account.livemode,
		pending_webhooks: pendingWebhooks,
		request: { id: null, idempotency_key: null },
		type,
	} as unknown as Stripe.Event;
}
