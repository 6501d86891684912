/**
 * The Stripe event types a webhook endpoint may subscribe to: those Paydesk's log yields and the
 * other kinds of Stripe's that it records (a server test holds every type the log yields within
 * it). The admin offers them when an endpoint's events are chosen and as the choices of the
 * event-type filters; the server refuses any other type.
 */
export const WEBHOOK_EVENT_TYPES = [
	"balance.available",
	"charge.captured",
	"charge.dispute.closed",
	"charge.dispute.created",
	"charge.dispute.funds_reinstated",
	"charge.dispute.funds_withdrawn",
	"charge.dispute.updated",
	"charge.expired",
	"charge.failed",
	"charge.refunded",
	"charge.succeeded",
	"customer.created",
	"customer.deleted",
	"customer.updated",
	"payment_intent.amount_capturable_updated",
	"payment_intent.canceled",
	"payment_intent.created",
	"payment_intent.payment_failed",
	"payment_intent.requires_action",
	"payment_intent.succeeded",
	"payout.created",
	"payout.failed",
	"payout.paid",
	"payout.updated",
	"refund.created",
	"refund.updated",
] as const;
