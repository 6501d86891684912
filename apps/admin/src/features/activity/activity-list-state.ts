/**
 * The Activity list's URL, read once: paging, newest first by default, the action and date
 * rules of the filter bar, and the person and object the text fields narrow it to.
 */
import { AUDIT_ACTIONS, auditLogQueries } from "@paydesk/contract/audit-log";
import { __ } from "@wordpress/i18n";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery, sortedQuery } from "../../components/list/api-query.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";

export function activityFilterFields(): FilterField[] {
	return [
		{ key: "date", kind: "date", label: __("Date", "paydesk") },
		{
			key: "action",
			kind: "select",
			label: __("Action", "paydesk"),
			rules: ["is"],
			options: AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
		},
	];
}

export function activityListState(query: Query, fields: readonly FilterField[]) {
	const paging = readPaging(query, { ...auditLogQueries.defaultOrder, sortable: ["created"] });
	const filters = filtersQuery(query, auditLogQueries.filterParams);
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		downloadQuery: sortedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, fields, ["actor_is", "object_id"]),
	};
}
