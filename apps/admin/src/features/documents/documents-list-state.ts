/** The documents list's URL, read once with the spec's defaults (spec 1 §2.4, §5, §9). */
import { documentList } from "@paydesk/contract/document-list";
import { documentQueries } from "@paydesk/contract/documents";
import { DOCUMENT_TYPES, documentTypeLabel } from "@paydesk/domain/documents";
import type { Query } from "../../app/router.tsx";
import { filtersQuery, pagedQuery } from "../../components/list/api-query.ts";
import { declaredFilters } from "../../components/list/declared-list.ts";
import { type FilterField, hasActiveFilters, readPaging } from "../../components/list/list-query.ts";
import { translator } from "../../components/translator.ts";

/** The declared filters (document-list.ts) with the type filter's choices. */
export const DOCUMENT_FILTER_FIELDS: readonly FilterField[] = declaredFilters(documentList, {
	type: DOCUMENT_TYPES.map((value) => ({ value, label: documentTypeLabel(value, translator) })),
});

/** Every URL parameter that narrows the list, as the contract declares them. */
export const DOCUMENT_FILTER_PARAMS = documentQueries.filterParams;
/** Narrowing with a control of its own. */
export const DOCUMENT_OWN_CONTROLS = ["match"] as const;

/** A download asked for by URL: document_id together with document_type (spec 1 §2.4). */
export function requestedDownload(query: Query): { id: string; type: string } | null {
	const id = query.document_id;
	const type = query.document_type;
	return typeof id === "string" && id !== "" && typeof type === "string" && type !== "" ? { id, type } : null;
}

export function documentsListState(query: Query) {
	const paging = readPaging(query, {
		...documentQueries.defaultOrder,
		sortable: documentList.sortColumnKeys,
	});
	const filters = filtersQuery(query, DOCUMENT_FILTER_PARAMS);
	return {
		paging,
		filters,
		listQuery: pagedQuery(paging, filters),
		hasFilters: hasActiveFilters(query, DOCUMENT_FILTER_FIELDS),
	};
}
