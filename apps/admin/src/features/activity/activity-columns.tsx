/** The Activity list's columns: when, who, what (as a sentence and its action name), on what, from where. */
import type { AuditEntry } from "@paydesk/contract/audit-log";
import { __ } from "@wordpress/i18n";
import { auditActorName, describeAuditEntry } from "../../components/audit/describe-entry.ts";
import { formatStoreDateTime } from "../../components/format.ts";
import type { Column } from "../../components/list/data-table.tsx";

export const ACTIVITY_HIDDEN_COLUMNS_KEY = "wc_payments_activity_hidden_columns";

export function activityColumns(): Column<AuditEntry>[] {
	return [
		{
			key: "created",
			label: __("Date", "paydesk"),
			required: true,
			sortable: true,
			cell: (entry) => formatStoreDateTime(entry.created),
		},
		{ key: "actor", label: __("Person", "paydesk"), required: true, cell: auditActorName },
		{ key: "description", label: __("Activity", "paydesk"), required: true, cell: describeAuditEntry },
		{ key: "action", label: __("Action", "paydesk"), cell: (entry) => <code>{entry.action}</code> },
		{ key: "object", label: __("Object", "paydesk"), cell: (entry) => entry.object_id ?? "" },
		{ key: "ip", label: __("IP address", "paydesk"), cell: (entry) => entry.actor.ip ?? "" },
		{
			key: "user_agent",
			label: __("User agent", "paydesk"),
			hiddenByDefault: true,
			cell: (entry) => entry.actor.user_agent ?? "",
		},
	];
}
