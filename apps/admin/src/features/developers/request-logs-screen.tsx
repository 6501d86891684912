/**
 * /payments/developers/logs: requests to Stripe's API (/v1), newest first, kept 7 days. The
 * filters live in the URL; the list has no total (a count would read every row), so it grows
 * with "Load more" while the server says more follow.
 */
import "./developers.css";
import type { RequestLogEntry } from "@paydesk/contract/developers";
import { Button, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { ApiError } from "../../app/api.ts";
import { useLocation } from "../../app/router.tsx";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import { fieldErrorsOf } from "../../components/wp-options-form/field-errors.ts";
import { useApiKeyNames } from "../../data/api-keys.ts";
import { useRequestLog } from "../../data/request-log.ts";
import { requestLogColumns } from "./request-log-columns.tsx";
import { RequestLogFiltersForm } from "./request-log-filters.tsx";
import { requestLogFilters } from "./request-log-state.ts";

/** Newest first, always: the route has one order. */
const PAGING: Paging = { paged: 1, perPage: 25, orderby: "created", order: "desc" };

/** The path filter's refusal, when the server named it. */
function pathErrorOf(error: Error | null): string | null {
	return fieldErrorsOf(error, { path: __("Path", "paydesk") }).path ?? null;
}

export default function RequestLogsScreen() {
	const { query } = useLocation();
	const filters = requestLogFilters(query);
	const log = useRequestLog(filters);
	const keyNames = useApiKeyNames();
	const pathError = pathErrorOf(log.error);
	const refused = log.isError && !pathError;
	const rows: RequestLogEntry[] = log.data?.pages.flatMap((page) => page.data) ?? [];
	const filtered = Object.keys(filters).length > 0;

	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="logs" />
			<RequestLogFiltersForm
				key={JSON.stringify(filters)}
				filters={filters}
				keyNames={keyNames}
				pathError={pathError}
			/>
			{refused && (
				<Notice
					status="error"
					isDismissible={false}
					actions={
						log.error instanceof ApiError && log.error.status >= 400 && log.error.status < 500
							? []
							: [
									{
										label: __("Try again", "paydesk"),
										onClick: () => void log.refetch(),
										variant: "secondary",
									},
								]
					}
				>
					{__("Error retrieving request logs.", "paydesk")} {log.error?.message}
				</Notice>
			)}
			<DataTable<RequestLogEntry>
				title={__("Request logs", "paydesk")}
				columns={requestLogColumns()}
				rows={log.isError ? [] : rows}
				rowKey={(entry) => entry.id}
				totalRows={undefined}
				paging={PAGING}
				hidden={[]}
				onToggleColumn={() => undefined}
				isLoading={log.isPending}
				emptyMessage={
					log.isError
						? __("The requests could not be read with these filters.", "paydesk")
						: filtered
							? __("No requests match these filters.", "paydesk")
							: __("No requests to Stripe’s API in the last 7 days.", "paydesk")
				}
			/>
			{log.hasNextPage && !log.isError && (
				<div className="paydesk-developers__more">
					<Button
						variant="secondary"
						onClick={() => void log.fetchNextPage()}
						isBusy={log.isFetchingNextPage}
						disabled={log.isFetchingNextPage}
						accessibleWhenDisabled
					>
						{__("Load more", "paydesk")}
					</Button>
				</div>
			)}
		</div>
	);
}
