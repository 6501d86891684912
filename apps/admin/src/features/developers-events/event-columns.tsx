/** The event log's columns: when (the list's one sort), the type, and the id opening the event. */
import type { listStripeEvents } from "@paydesk/contract/developers";
import type { ResponseOf } from "@paydesk/contract/route";
import { __ } from "@wordpress/i18n";
import { stripeEventUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";

export type StripeEventRow = ResponseOf<typeof listStripeEvents>["data"][number];

export const EVENTS_HIDDEN_COLUMNS_KEY = "wc_payments_developers_events_hidden_columns";

export function eventColumns(): Column<StripeEventRow>[] {
	return [
		{
			key: "created",
			label: __("Created", "paydesk"),
			required: true,
			sortable: true,
			cell: (event) => formatStoreDateTime(event.created),
		},
		{
			key: "type",
			label: __("Type", "paydesk"),
			required: true,
			cell: (event) => <code>{event.type}</code>,
		},
		{
			key: "id",
			label: __("Event ID", "paydesk"),
			required: true,
			cell: (event) => <Link href={stripeEventUrl(event.id)}>{event.id}</Link>,
		},
	];
}
