/** The two calls of the tax details modal (spec 1 §7): look a VAT number up, save the details. */
import { lookupVatNumber, saveTaxDetails, type TaxDetailsBody } from "@paydesk/contract/vat";
import { useMutation } from "@tanstack/react-query";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";

/** A failed lookup or submit shows the server's error message in an error notice (spec 1 §8). */
const showServerError = (error: Error) => createNotice("error", error.message, { id: "tax-details" });

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
