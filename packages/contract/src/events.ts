/**
 * Live updates (DESIGN §3a: every change writes an account event) and the notification centre.
 *
 * - GET  /payments/events                     a `text/event-stream` of the account's events. Each
 *   message has `id:` (the event's number in the account's log), `event:` (its type) and `data:`
 *   (the event as JSON). `Last-Event-ID` (or `last_event_id` in the query, for clients that cannot
 *   set headers) resumes after that event without losing any the log still holds. When it cannot
 *   (the log expired past it, or the store was seeded again) the first message is a `reset` event:
 *   the reader refetches everything. A comment line is sent every 15 s as a heartbeat.
 * - GET  /payments/notifications              the user's notifications, newest first, read or not.
 * - POST /payments/notifications/{id}/read    marks one read; POST /payments/notifications/read
 *   marks all of them read.
 */
import { z } from "zod";
import { queryBool, queryInt } from "./common.ts";
import { defineRoute, REST_BASE } from "./route.ts";

/** What changed, named as `<object>.<change>`. */
export const ACCOUNT_EVENT_TYPES = [
	"payment.created",
	"payment.captured",
	"payment.refunded",
	"payment.canceled",
	"dispute.created",
	"dispute.updated",
	"payout.created",
	"payout.updated",
	"export.ready",
	"customer.created",
	"customer.updated",
	"customer.deleted",
] as const;
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

/** The fact an event carries when its change added rows to the transactions list: how many. */
export const NEW_TRANSACTIONS_FACT = "transactions";

/** The stream's own message when a resume cannot be served from the log. */
export const RESET_EVENT = "reset";

/** How often the stream sends a heartbeat comment, in seconds. */
export const EVENT_HEARTBEAT_SECONDS = 15;

/**
 * How long the event log keeps an event: 30 days, as Stripe keeps its events, since `/v1/events`
 * reads the same log (a stream resumes from it within the same window).
 */
export const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

export const accountEvent = z.object({
	/** The event's number in the account's log, as the stream's `id:` carries it. */
	id: z.string(),
	type: z.enum(ACCOUNT_EVENT_TYPES),
	/** The id of what changed: a payment intent, dispute, payout, export or customer. */
	object_id: z.string(),
	/** When it happened on the account's clock, epoch seconds. */
	created: z.number().int(),
	/**
	 * A few facts about the object after the change (its status, the charge it belongs to). The
	 * last event of a change that added rows to the transactions list carries `transactions`, how
	 * many: the list's "N new payments" counts these, not events.
	 */
	data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AccountEvent = z.infer<typeof accountEvent>;

/** How many rows an event's change added to the transactions list. */
export function transactionsAdded(event: AccountEvent): number {
	const count = event.data[NEW_TRANSACTIONS_FACT];
	return typeof count === "number" && count > 0 ? count : 0;
}

export const EVENTS_ERRORS = { tooManyStreams: "rest_too_many_requests" } as const;

export const streamEvents = defineRoute({
	method: "GET",
	path: `${REST_BASE}/events`,
	summary:
		"The account's events as a text/event-stream; Last-Event-ID resumes, a reset event asks for a refetch",
	tag: "events",
	query: z.object({
		/** Same as the Last-Event-ID header, which wins when both are given. */
		last_event_id: z
			.string()
			.regex(/^\d{1,18}$/, { error: "must be an event id" })
			.optional(),
		_wpnonce: z.string().optional(),
	}),
	response: accountEvent,
	produces: "text/event-stream",
	errors: [EVENTS_ERRORS.tooManyStreams],
});

export const NOTIFICATION_TYPES = [
	"export_ready",
	"export_failed",
	"dispute_created",
	"dispute_evidence_due",
	"payout_failed",
	"payment_review",
	"webhook_endpoint_disabled",
	"webhook_endpoint_failing",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Evidence due within this many hours raises a notification. */
export const EVIDENCE_DUE_NOTICE_HOURS = 72;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notification = z.object({
	id: z.string(),
	type: z.enum(NOTIFICATION_TYPES),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
	read: z.boolean(),
	/** One line, in the user's language. */
	title: z.string(),
	/** Where it leads: an admin page or a download, same-site. */
	link: z.object({ label: z.string(), url: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
	notifications: z.array(notification),
	unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const NOTIFICATION_ERRORS = { notFound: "wcpay_notification_not_found" } as const;

const NOTIFICATIONS = `${REST_BASE}/notifications`;

export const listNotifications = defineRoute({
	method: "GET",
	path: NOTIFICATIONS,
	summary: "The user's notifications, newest first, with the number unread",
	tag: "notifications",
	query: z.object({
		per_page: queryInt(1, 100).default(NOTIFICATIONS_PAGE_SIZE),
		unread_only: queryBool.optional(),
	}),
	response: notificationList,
});

export const readNotification = defineRoute({
	method: "POST",
	path: `${NOTIFICATIONS}/{id}/read`,
	summary: "Mark one notification read",
	tag: "notifications",
	// The read mark is the user's own, not the store's.
	capability: "view_woocommerce_reports",
	params: z.object({ id: z.string().regex(/^ntf_\w{1,40}$/, { error: "must be a notification id" }) }),
	response: notification,
	errors: [NOTIFICATION_ERRORS.notFound],
});

export const readAllNotifications = defineRoute({
	method: "POST",
	path: `${NOTIFICATIONS}/read`,
	summary: "Mark every notification of the user read",
	tag: "notifications",
	capability: "view_woocommerce_reports",
	response: notificationList,
});
