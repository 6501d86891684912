/**
 * An endpoint's deliveries, newest first, filtered by status and event type and paged, all in
 * the URL beside the endpoint's id; each delivery opens its details.
 */
import { deliveryQueries, WEBHOOK_DELIVERY_STATUSES } from "@paydesk/contract/developers";
import { WEBHOOK_EVENT_TYPES } from "@paydesk/contract/webhook-event-types";
import { SelectControl } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type Query, updateQuery, useLocation } from "../../app/router.tsx";
import { pagedQuery, pickFilters } from "../../components/list/api-query.ts";
import { DataTable } from "../../components/list/data-table.tsx";
import { readPaging } from "../../components/list/list-query.ts";
import {
	deliveryColumns,
	deliveryStatusLabel,
} from "../../components/webhook-deliveries/delivery-columns.tsx";
import { useWebhookDeliveries } from "../../data/webhooks.ts";

const COLUMNS = [
	"created",
	"event_type",
	"event_id",
	"status",
	"attempts",
	"last_status",
	"next_attempt",
] as const;

interface Option {
	value: string;
	label: string;
}

const statusOptions = (): Option[] => [
	{ value: "", label: __("All statuses", "paydesk") },
	...WEBHOOK_DELIVERY_STATUSES.map((status) => ({ value: status, label: deliveryStatusLabel(status) })),
];

const eventTypeOptions = (): Option[] => [
	{ value: "", label: __("All event types", "paydesk") },
	...WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })),
];

const single = (value: Query[string] | undefined): string => (typeof value === "string" ? value : "");

/** The page of deliveries the URL asks for, as the deliveries route reads it. */
export function deliveriesListState(query: Query) {
	const paging = readPaging(query, { ...deliveryQueries.defaultOrder, sortable: ["created"] });
	const filters = pickFilters(query, deliveryQueries.filterParams);
	return { paging, filters, listQuery: pagedQuery(paging, filters) };
}

export function EndpointDeliveries({ endpointId }: { endpointId: string }) {
	const { query } = useLocation();
	const state = deliveriesListState(query);
	const list = useWebhookDeliveries(endpointId, state.listQuery);
	const filtered = Object.keys(state.filters).length > 0;

	return (
		<>
			<div className="paydesk-filters">
				<div className="paydesk-filters__bar">
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={__("Status", "paydesk")}
						labelPosition="side"
						value={single(query.status_is)}
						options={statusOptions()}
						onChange={(value) => updateQuery({ status_is: value, paged: undefined })}
					/>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={__("Event type", "paydesk")}
						labelPosition="side"
						value={single(query.event_type_is)}
						options={eventTypeOptions()}
						onChange={(value) => updateQuery({ event_type_is: value, paged: undefined })}
					/>
				</div>
			</div>
			<DataTable
				title={__("Deliveries", "paydesk")}
				columns={deliveryColumns(COLUMNS)}
				rows={list.data?.data}
				rowKey={(delivery) => delivery.id}
				totalRows={list.data?.total_count}
				paging={state.paging}
				hidden={[]}
				onToggleColumn={() => undefined}
				isLoading={list.isPending}
				emptyMessage={
					filtered
						? __("No deliveries match these filters.", "paydesk")
						: __("No events have been sent to this endpoint yet.", "paydesk")
				}
			/>
		</>
	);
}
