/**
 * /payments/transactions/details (spec 2 "Payment details"): id is a payment intent id, a
 * charge id (ch_, py_) or an order id (all digits); transaction_type=card_reader_fee opens the
 * card reader fee view of the charge instead.
 */
import { paymentDetailsIdKind } from "@paydesk/domain/charge-status";
import { useEffect } from "react";
import { type Query, updateQuery, useLocation } from "../../app/router.tsx";
import { CardReaderFees } from "../../components/card-reader-fees/card-reader-fees.tsx";
import { PaymentDetails } from "./payment-details.tsx";
import { PaymentDetailsNotLoaded } from "./payment-details-states.tsx";
import { PaymentRedirect } from "./payment-redirect.tsx";

const text = (value: string | string[] | undefined): string => (typeof value === "string" ? value : "");

/**
 * Links from the blocked transactions list carry their list filters (status_is, type_is); the
 * details page drops them from its URL. The spec's link-click tracking event has no receiver
 * in Paydesk, so nothing is sent.
 */
function useDropListFilters(query: Query): void {
	const carriesFilters = query.status_is !== undefined || query.type_is !== undefined;
	useEffect(() => {
		if (carriesFilters) updateQuery({ status_is: null, type_is: null }, { replace: true });
	}, [carriesFilters]);
}

export default function PaymentDetailsScreen() {
	const { query } = useLocation();
	useDropListFilters(query);
	const id = text(query.id);
	if (text(query.transaction_type) === "card_reader_fee") {
		return (
			<div className="paydesk-page">
				<CardReaderFees chargeId={id} transactionId={text(query.transaction_id) || undefined} />
			</div>
		);
	}
	if (!id) return <PaymentDetailsNotLoaded />;
	const kind = paymentDetailsIdKind(id);
	if (kind === "payment_intent") return <PaymentDetails key={id} paymentIntentId={id} />;
	return <PaymentRedirect key={id} kind={kind} id={id} />;
}
