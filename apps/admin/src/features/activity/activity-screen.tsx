/**
 * /payments/activity: the audit log, administrators only. Every money action, settings change,
 * security event and export, newest first, filtered by person, action, object and date, with
 * the filtered list as CSV.
 */
import "./activity.css";
import { auditLogQueries } from "@paydesk/contract/audit-log";
import { Button } from "@wordpress/components";
import { __, _n } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { formatNumber } from "../../components/format.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { auditLogDownloadUrl, useAuditLog } from "../../data/audit-log.ts";
import { ACTIVITY_HIDDEN_COLUMNS_KEY, activityColumns } from "./activity-columns.tsx";
import { activityFilterFields, activityListState } from "./activity-list-state.ts";
import { ActivityTextFilters } from "./activity-text-filters.tsx";

export default function ActivityScreen() {
	const { query } = useLocation();
	const fields = activityFilterFields();
	const state = activityListState(query, fields);
	const list = useAuditLog(state.listQuery);
	const count = list.data?.total_count;
	const summary: SummaryItem[] =
		count === undefined
			? []
			: [{ label: _n("entry", "entries", count, "paydesk"), value: formatNumber(count) }];

	return (
		<div className="paydesk-page paydesk-activity">
			<ActivityTextFilters query={query} />
			<ListScreen
				filters={{ things: __("Activity", "paydesk"), allLabel: __("All activity", "paydesk"), fields }}
				title={__("Activity", "paydesk")}
				columns={activityColumns()}
				rowKey={(entry) => String(entry.id)}
				hiddenColumnsKey={ACTIVITY_HIDDEN_COLUMNS_KEY}
				list={list}
				paging={state.paging}
				defaultOrder={auditLogQueries.defaultOrder}
				listQuery={state.listQuery}
				summary={summary}
				actions={
					<Button variant="secondary" href={auditLogDownloadUrl(state.downloadQuery)} download>
						{__("Download CSV", "paydesk")}
					</Button>
				}
				emptyMessage={
					state.hasFilters
						? __("No activity matches these filters.", "paydesk")
						: __(
								"No activity yet. Refunds, captures, payouts, settings changes, sign-ins and exports appear here.",
								"paydesk",
							)
				}
			/>
		</div>
	);
}
