/**
 * Which of Stripe's events each change of the account's log is (ledger/events.ts). One change is
 * one or more Stripe events (a payment that succeeded is `payment_intent.succeeded` and
 * `charge.succeeded`), chosen by the status the change left; an event's id names its place in
 * the log (`evt_<seq>_<n>`), so the same change always yields the same ids.
 */
import { WEBHOOK_EVENT_TYPES } from "@paydesk/contract/webhook-event-types";
import { z } from "zod";
import type { AccountEventsTable } from "../../db/schema.ts";

/** Each change of the account's log as Stripe's event types, by the status the change left. */
export function stripeTypesOf(row: Pick<AccountEventsTable, "type">, status: string | null): string[] {
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
		case "customer.created":
		case "customer.updated":
		case "customer.deleted":
			return [row.type];
		default:
			return [];
	}
}

/** Every type a change of the log may be, for filtering the log before reading it. */
export const LOG_TYPES_OF: Readonly<Record<string, readonly string[]>> = (() => {
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
		"customer.created",
		"customer.updated",
		"customer.deleted",
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
export const eventId = (seq: number, index: number) => `evt_${seq.toString(36)}_${index}`;

const storedStatus = z.object({ status: z.string().optional() }).passthrough();

export function statusOf(row: AccountEventsTable): string | null {
	try {
		const parsed = storedStatus.safeParse(JSON.parse(row.data));
		return parsed.success ? (parsed.data.status ?? null) : null;
	} catch {
		return null;
	}
}

/**
 * The types an endpoint may subscribe to, as the contract declares them for the admin too: those
 * the log yields (a test holds EVENT_TYPES within it) and the others of Stripe's kinds that
 * Paydesk records (a subscription to one it never sends is accepted, as Stripe accepts it).
 */
export const SUBSCRIBABLE_EVENT_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** Whether a type is matched by one of the patterns (`*` at the end matches a prefix). */
export function typeMatches(type: string, patterns: readonly string[] | null): boolean {
	if (!patterns) return true;
	return patterns.some((pattern) =>
		pattern.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
	);
}
