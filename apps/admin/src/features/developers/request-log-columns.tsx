/**
 * The request log's columns: time (which opens the request), method, path, status (a chip
 * coloured by its class), key, Request-Id, duration and idempotency key. The status chip and the
 * duration are the details screen's too.
 */
import type { RequestLogEntry } from "@paydesk/contract/developers";
import { __, sprintf } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { Chip, type ChipType } from "../../components/chip.tsx";
import { formatNumber, formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";
import { requestLogDetailsUrl } from "./request-log-state.ts";

/** Succeeded green, refused yellow, failed on the server's side red. */
function statusChipType(status: number): ChipType {
	if (status >= 200 && status < 300) return "success";
	if (status >= 400 && status < 500) return "warning";
	if (status >= 500) return "alert";
	return "normal";
}

export function RequestStatus({ status }: { status: number }) {
	return <Chip label={String(status)} type={statusChipType(status)} />;
}

export const formatDuration = (milliseconds: number): string =>
	sprintf(
		/* translators: %s: a number of milliseconds */
		__("%s ms", "paydesk"),
		formatNumber(milliseconds),
	);

/** What a missing value (no key, no idempotency key) shows. */
export const NONE = "—";

export function requestLogColumns(): readonly Column<RequestLogEntry>[] {
	return [
		{
			key: "details",
			label: __("Details", "paydesk"),
			labelHidden: true,
			required: true,
			cell: (entry) => (
				<Link
					href={requestLogDetailsUrl(entry.id)}
					aria-label={sprintf(
						/* translators: %s: a request's Request-Id, e.g. req_123 */
						__("View request %s", "paydesk"),
						entry.request_id,
					)}
					className="paydesk-details-link"
				>
					<span aria-hidden="true">›</span>
				</Link>
			),
		},
		{
			key: "created",
			label: __("Time", "paydesk"),
			required: true,
			cell: (entry) => (
				<Link href={requestLogDetailsUrl(entry.id)}>{formatStoreDateTime(entry.created)}</Link>
			),
		},
		{ key: "method", label: __("Method", "paydesk"), required: true, cell: (entry) => entry.method },
		{ key: "path", label: __("Path", "paydesk"), required: true, cell: (entry) => <code>{entry.path}</code> },
		{
			key: "status",
			label: __("Status", "paydesk"),
			required: true,
			cell: (entry) => <RequestStatus status={entry.status} />,
		},
		{ key: "key_name", label: __("Key", "paydesk"), required: true, cell: (entry) => entry.key_name ?? NONE },
		{
			key: "request_id",
			label: __("Request-Id", "paydesk"),
			required: true,
			cell: (entry) => <code>{entry.request_id}</code>,
		},
		{
			key: "duration_ms",
			label: __("Duration", "paydesk"),
			required: true,
			numeric: true,
			cell: (entry) => formatDuration(entry.duration_ms),
		},
		{
			key: "idempotency_key",
			label: __("Idempotency key", "paydesk"),
			required: true,
			cell: (entry) => (entry.idempotency_key ? <code>{entry.idempotency_key}</code> : NONE),
		},
	];
}
