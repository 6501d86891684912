import { getDocumentsSummary, listDocuments } from "@paydesk/contract/documents";
import type { QueryValue } from "@paydesk/domain/query-string";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

type Params = Record<string, QueryValue>;

export function useDocuments(query: Params) {
	return useQuery({
		queryKey: queryKeys.documents.list(query),
		queryFn: ({ signal }) => callRoute(listDocuments, { query, signal }),
		placeholderData: keepPreviousData,
		meta: { errorNotice: { message: "Error retrieving documents.", id: "documents-list" } },
	});
}

export function useDocumentsSummary(query: Params) {
	return useQuery({
		queryKey: queryKeys.documents.summary(query),
		queryFn: ({ signal }) => callRoute(getDocumentsSummary, { query, signal }),
		placeholderData: keepPreviousData,
	});
}
