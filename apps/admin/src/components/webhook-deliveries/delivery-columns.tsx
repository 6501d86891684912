/**
 * A webhook delivery as the Developers screens show it: its status chip, its last answer and the
 * table columns an endpoint's deliveries and an event's deliveries pick from. A delivery's time
 * opens its details; its event id opens the event.
 */
import type { WebhookAttempt, WebhookDelivery } from "@paydesk/contract/developers";
import { __ } from "@wordpress/i18n";
import { stripeEventUrl, webhookDeliveryUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { Chip, type ChipType } from "../chip.tsx";
import { formatNumber, formatStoreDateTime } from "../format.ts";
import type { Column } from "../list/data-table.tsx";

const STATUS: Record<WebhookDelivery["status"], { label: () => string; chip: ChipType }> = {
	pending: { label: () => __("Pending", "paydesk"), chip: "light" },
	delivered: { label: () => __("Delivered", "paydesk"), chip: "success" },
	failed: { label: () => __("Failed", "paydesk"), chip: "alert" },
};

export const deliveryStatusLabel = (status: WebhookDelivery["status"]): string => STATUS[status].label();

export function DeliveryStatusChip({ status }: { status: WebhookDelivery["status"] }) {
	return <Chip label={STATUS[status].label()} type={STATUS[status].chip} />;
}

/** What an attempt got back: the HTTP status, or why none came. */
export function attemptAnswer(attempt: Pick<WebhookAttempt, "status" | "error">): string {
	if (attempt.status !== null) return String(attempt.status);
	return attempt.error ?? __("No answer", "paydesk");
}

/** A time of the account's clock, or a dash when there is none. */
export const timeOrDash = (seconds: number | null): string =>
	seconds === null ? "—" : formatStoreDateTime(seconds);

export type DeliveryColumnKey =
	| "created"
	| "event_type"
	| "event_id"
	| "status"
	| "attempts"
	| "last_status"
	| "next_attempt";

const columns = (): Record<DeliveryColumnKey, Column<WebhookDelivery>> => ({
	created: {
		key: "created",
		label: __("Created", "paydesk"),
		required: true,
		cell: (delivery) => (
			<Link href={webhookDeliveryUrl(delivery.id)}>{formatStoreDateTime(delivery.created)}</Link>
		),
	},
	event_type: {
		key: "event_type",
		label: __("Event type", "paydesk"),
		required: true,
		cell: (delivery) => <code>{delivery.event_type}</code>,
	},
	event_id: {
		key: "event_id",
		label: __("Event ID", "paydesk"),
		required: true,
		cell: (delivery) => <Link href={stripeEventUrl(delivery.event_id)}>{delivery.event_id}</Link>,
	},
	status: {
		key: "status",
		label: __("Status", "paydesk"),
		required: true,
		cell: (delivery) => <DeliveryStatusChip status={delivery.status} />,
	},
	attempts: {
		key: "attempts",
		label: __("Attempts", "paydesk"),
		required: true,
		numeric: true,
		cell: (delivery) => formatNumber(delivery.attempts),
	},
	last_status: {
		key: "last_status",
		label: __("Last answer", "paydesk"),
		required: true,
		cell: (delivery) => (delivery.last_attempt ? attemptAnswer(delivery.last_attempt) : "—"),
	},
	next_attempt: {
		key: "next_attempt",
		label: __("Next attempt", "paydesk"),
		required: true,
		cell: (delivery) => timeOrDash(delivery.next_attempt_at),
	},
});

/** The named columns, in the order given. */
export function deliveryColumns(keys: readonly DeliveryColumnKey[]): Column<WebhookDelivery>[] {
	const all = columns();
	return keys.map((key) => all[key]);
}
