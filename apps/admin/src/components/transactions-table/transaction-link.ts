/**
 * Where a transaction row leads: its payment details page (spec 2 "Transaction detail link"),
 * built from the one rule in packages/domain so every list links the same way.
 */
import { type TransactionLinkSource, transactionDetailsLink } from "@paydesk/domain/transactions";
import { adminUrl } from "../../app/router.tsx";

export function transactionDetailsUrl(transaction: TransactionLinkSource): string | null {
	const link = transactionDetailsLink(transaction);
	return link ? adminUrl(link.path, link.query) : null;
}

/** The payment details page of a payment intent (uncaptured and blocked rows). */
export function paymentDetailsUrl(paymentIntentId: string): string {
	return adminUrl("/payments/transactions/details", { id: paymentIntentId });
}
