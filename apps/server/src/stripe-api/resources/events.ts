/**
 * Events on Stripe's API, read from the account's event log (ledger/events.ts), which every
 * processor writes in the transaction of each change. One change of the log is one or more of
 * Stripe's events (a payment that succeeded is `payment_intent.succeeded` and `charge.succeeded`);
 * an event's id names its place in the log, so it can be retrieved again. `data.object` is the
 * object as it is when the event is read: the log keeps what changed, not a copy of the object.
 */
import type Stripe from "stripe";
import { z } from "zod";
import type { AccountEventsTable } from "../../db/schema.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, DEFAULT_LIMIT, listOf } from "../lists.ts";
import { chargeObject, paymentIntentObject, refundObject } from "../objects.ts";
import { listParams, parseParams, retrieveParams } from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";

/** Each change of the account's log as Stripe's event types, by the status the change left. */
function stripeTypesOf(row: Pick<AccountEventsTable, "type">, status: string | null): string[] {
	switch (row.type) {
		case "payment.created":
			if (status === "succeeded")
				return ["payment_intent.created", "payment_intent.succeeded", "charge.succeeded"];
			if (status === "requires_capture") {
				return ["payment_intent.created", "payment_intent.amount_capturable_updated", "charge.succeeded"];
			}
			if (status === "requires_action") return ["payment_intent.created", "payment_intent.requires_action"];
			return ["payment_intent.created", "payment_intent.payment_failed", "charge.failed"];
		case "payment.captured":
			return ["charge.captured", "payment_intent.succeeded"];
		case "payment.refunded":
			return ["charge.refunded", "refund.created"];
		case "payment.canceled":
			return ["payment_intent.canceled", "charge.expired"];
		case "dispute.created":
			return ["charge.dispute.created", "charge.dispute.funds_withdrawn"];
		case "dispute.updated":
			if (status === "won")
				return ["charge.dispute.updated", "charge.dispute.funds_reinstated", "charge.dispute.closed"];
			if (status === "lost" || status === "warning_closed" || status === "charge_refunded") {
				return ["charge.dispute.updated", "charge.dispute.closed"];
			}
			return ["charge.dispute.updated"];
		case "payout.created":
			return ["payout.created"];
		case "payout.updated":
			if (status === "paid") return ["payout.updated", "payout.paid"];
			if (status === "failed") return ["payout.updated", "payout.failed"];
			return ["payout.updated"];
		default:
			return [];
	}
}

/** Every type a change of the log may be, for filtering the log before reading it. */
const LOG_TYPES_OF: Readonly<Record<string, readonly string[]>> = (() => {
	const out: Record<string, Set<string>> = {};
	const statuses = [
		null,
		"succeeded",
		"requires_capture",
		"requires_action",
		"requires_payment_method",
		"won",
		"lost",
		"paid",
		"failed",
	];
	for (const type of [
		"payment.created",
		"payment.captured",
		"payment.refunded",
		"payment.canceled",
		"dispute.created",
		"dispute.updated",
		"payout.created",
		"payout.updated",
	]) {
		for (const status of statuses) {
			for (const stripeType of stripeTypesOf({ type }, status)) {
				out[stripeType] ??= new Set();
				out[stripeType].add(type);
			}
		}
	}
	return Object.fromEntries(Object.entries(out).map(([key, value]) => [key, [...value]]));
})();

export const EVENT_TYPES = Object.keys(LOG_TYPES_OF).sort();

/** `evt_<seq>_<n>`: the n-th Stripe event of the log's change number seq. */
const eventId = (seq: number, index: number) => `evt_${seq.toString(36)}_${index}`;

function parseEventId(id: string): { seq: number; index: number } | null {
	const match = /^evt_([0-9a-z]{1,12})_(\d)$/.exec(id);
	return match ? { seq: Number.parseInt(match[1] as string, 36), index: Number(match[2]) } : null;
}

const typeFilter = z.string().regex(/^[a-z_.*]{1,100}$/, { error: "must be an event type" });

const listEventsParams = z.strictObject({
	...listParams,
	type: typeFilter.optional(),
	types: z.array(typeFilter).max(20).optional(),
	delivery_success: z.enum(["true", "false"]).optional(),
});

function matches(type: string, patterns: readonly string[] | null): boolean {
	if (!patterns) return true;
	return patterns.some((pattern) =>
		pattern.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
	);
}

/** The object an event is about, as it is now. */
async function objectOf(
	context: V1Context,
	row: AccountEventsTable,
	stripeType: string,
): Promise<{ object: unknown } | null> {
	const db = context.request.server.deps.db.kysely;
	const accountId = context.accountId;
	if (
		stripeType.startsWith("payment_intent.") ||
		(stripeType.startsWith("charge.") && !stripeType.startsWith("charge.dispute.")) ||
		stripeType.startsWith("refund.")
	) {
		const [intent, details, charge] = await Promise.all([
			db
				.selectFrom("payment_intents")
				.selectAll()
				.where("account_id", "=", accountId)
				.where("id", "=", row.object_id)
				.executeTakeFirst(),
			db
				.selectFrom("intent_details")
				.selectAll()
				.where("account_id", "=", accountId)
				.where("intent_id", "=", row.object_id)
				.executeTakeFirst(),
			db
				.selectFrom("charges")
				.selectAll()
				.where("account_id", "=", accountId)
				.where("payment_intent_id", "=", row.object_id)
				.executeTakeFirst(),
		]);
		if (stripeType.startsWith("payment_intent.")) {
			if (!intent && !details) return null;
			return { object: paymentIntentObject({ intent, details, charge, livemode: context.livemode }) };
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
		return { object: chargeObject(charge, { order, details, livemode: context.livemode }) };
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
				livemode: context.livemode,
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
				livemode: context.livemode,
				metadata: {},
			},
		};
	}
	return null;
}

const storedStatus = z.object({ status: z.string().optional() }).passthrough();

function statusOf(row: AccountEventsTable): string | null {
	try {
		const parsed = storedStatus.safeParse(JSON.parse(row.data));
		return parsed.success ? (parsed.data.status ?? null) : null;
	} catch {
		return null;
	}
}

async function eventOf(
	context: V1Context,
	row: AccountEventsTable,
	index: number,
	type: string,
): Promise<Stripe.Event | null> {
	const data = await objectOf(context, row, type);
	if (!data) return null;
	return {
		id: eventId(row.seq, index),
		object: "event",
		api_version: "2026-10-28.endive",
		context: undefined,
		created: row.created,
		data: data as Stripe.Event.Data,
		livemode: context.livemode,
		pending_webhooks: 0,
		request: { id: null, idempotency_key: null },
		type,
	} as unknown as Stripe.Event;
}

/** How many of the log's changes are read per step while a filtered page fills. */
const SCAN_BATCH = 200;

export function registerEvents(router: V1Router): void {
	router.get("/events/:id", async (context) => {
		parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const at = parseEventId(id);
		const row = at
			? await context.request.server.deps.db.kysely
					.selectFrom("account_events")
					.selectAll()
					.where("account_id", "=", context.accountId)
					.where("seq", "=", at.seq)
					.executeTakeFirst()
			: undefined;
		const type = row && at ? stripeTypesOf(row, statusOf(row))[at.index] : undefined;
		const event = row && at && type ? await eventOf(context, row, at.index, type) : null;
		if (!event) throw resourceMissing("event", id);
		return event;
	});

	router.get("/events", async (context) => {
		const params = parseParams(listEventsParams, context.params);
		if (params.type && params.types)
			throw invalidRequest("Give type or types[], not both.", { param: "types" });
		const patterns = params.type ? [params.type] : (params.types ?? null);
		const logTypes = patterns
			? [
					...new Set(
						EVENT_TYPES.filter((type) => matches(type, patterns)).flatMap((type) => LOG_TYPES_OF[type] ?? []),
					),
				]
			: null;
		const limit = params.limit ?? DEFAULT_LIMIT;
		const cursorId = params.starting_after ?? params.ending_before;
		const cursor = cursorId ? parseEventId(cursorId) : null;
		if (cursorId && !cursor) {
			throw resourceMissing("event", cursorId, params.starting_after ? "starting_after" : "ending_before");
		}
		const ascending = Boolean(params.ending_before);
		const db = context.request.server.deps.db.kysely;
		const found: Stripe.Event[] = [];
		let position = cursor;
		let hasMore = false;
		if (logTypes && logTypes.length === 0) return listOf("/v1/events", [], false);
		scan: for (;;) {
			let query = db.selectFrom("account_events").selectAll().where("account_id", "=", context.accountId);
			if (logTypes) query = query.where("type", "in", logTypes);
			for (const condition of createdConditions("created", params.created)) query = query.where(condition);
			if (position) query = query.where("seq", ascending ? ">=" : "<=", position.seq);
			const rows = await query
				.orderBy("seq", ascending ? "asc" : "desc")
				.limit(SCAN_BATCH)
				.execute();
			for (const row of rows) {
				const types = stripeTypesOf(row, statusOf(row));
				const order = types.map((_, index) => index);
				if (!ascending) order.reverse();
				for (const index of order) {
					if (
						position &&
						row.seq === position.seq &&
						(ascending ? index <= position.index : index >= position.index)
					)
						continue;
					const type = types[index] as string;
					if (!matches(type, patterns)) continue;
					if (found.length === limit) {
						hasMore = true;
						break scan;
					}
					const event = await eventOf(context, row, index, type);
					if (event) found.push(event);
				}
			}
			if (rows.length < SCAN_BATCH) break;
			const last = rows[rows.length - 1] as AccountEventsTable;
			position = { seq: ascending ? last.seq + 1 : last.seq - 1, index: ascending ? -1 : 99 };
		}
		if (ascending) found.reverse();
		return listOf("/v1/events", found, hasMore);
	});
}
