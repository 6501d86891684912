/** The documents list and its summary (spec 1), and the tax details a tax invoice needs first. */
import { getDocumentsSummary, listDocuments } from "@paydesk/contract/documents";
import { lookupVatNumber, saveTaxDetails, type TaxDetailsBody } from "@paydesk/contract/vat";
import { useMutation } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";

export function useDocuments(query: ListQuery) {
	return useListPage(queryKeys.documents.list(query), readList(listDocuments, query), {
		message: "Error retrieving documents.",
		id: "documents-list",
	});
}

export function useDocumentsSummary(query: ListQuery) {
	return useListPage(queryKeys.documents.summary(query), readList(getDocumentsSummary, query));
}

/** A failed lookup or submit shows the server's error message in an error notice (spec 1 §8). */
const showServerError = (error: Error) => createNotice("error", error.message, { id: "tax-details" });

/** Looks a VAT number up, for the tax details modal (spec 1 §7). */
export function useVatLookup() {
	return useMutation({
		mutationFn: (vatNumber: string) => callRoute(lookupVatNumber, { params: { vat_number: vatNumber } }),
		onError: showServerError,
	});
}

export function useSaveTaxDetails() {
	return useMutation({
		mutationFn: (body: TaxDetailsBody) => callRoute(saveTaxDetails, { body }),
		onError: showServerError,
	});
}
