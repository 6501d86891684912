/**
 * The event log's URL, read once: paging, newest first by default, and the filters of the
 * contract (type, dates with match, and one payment's events, which the payment's screen links to).
 */
import { eventQueries } from "@paydesk/contract/developers";
import { WEBHOOK_EVENT_TYPES } from "@paydesk/contract/webhook-event-types";
import { __ } from "@wordpress/i18n";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery } from "../../components/list/api-query.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";

/** The advanced filters: the date rules every list has, and the event's type. */
export function eventFilterFields(): FilterField[] {
	return [
		{ key: "date", kind: "date", label: __("Date", "paydesk") },
		{
			key: "type",
			kind: "select",
			label: __("Type", "paydesk"),
			rules: ["is"],
			options: WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })),
		},
	];
}

/** The payment the list is narrowed to, when a link asked for one. */
export function paymentOfList(query: Query): string | null {
	const value = query.payment_intent_is;
	return typeof value === "string" && value !== "" ? value : null;
}

export function eventsListState(query: Query, fields: readonly FilterField[]) {
	const paging = readPaging(query, { ...eventQueries.defaultOrder, sortable: ["created"] });
	const filters = filtersQuery(query, eventQueries.filterParams);
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, fields, ["payment_intent_is"]),
	};
}
