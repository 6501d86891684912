/**
 * /payments/transactions/details (spec 2 "Payment details"): id is a payment intent id, a
 * charge id (ch_, py_) or an order id (all digits); transaction_type=card_reader_fee opens the
 * card reader fee view of the charge instead.
 */
import { TRACK_TEXT_MAX } from "@paydesk/contract/tracks";
import { isFraudProtectionLinkClick, paymentDetailsIdKind } from "@paydesk/domain/charge-status";
import { useEffect } from "react";
import { type Query, updateQuery, useLocation } from "../../app/router.tsx";
import { recordEvent } from "../../app/tracks.ts";
import { CardReaderFees } from "../../components/card-reader-fees/card-reader-fees.tsx";
import { PaymentDetails } from "./payment-details.tsx";
import { PaymentDetailsNotLoaded } from "./payment-details-states.tsx";
import { PaymentRedirect } from "./payment-redirect.tsx";

const text = (value: string | string[] | undefined): string => (typeof value === "string" ? value : "");

/** A query value as one short text, for the usage log. */
const trackedText = (value: string | string[] | undefined): string =>
	(Array.isArray(value) ? value.join(",") : (value ?? "")).slice(0, TRACK_TEXT_MAX);

/**
 * The fraud-protection link carries status_is and type_is (both, not either one: a pure rule of
 * packages/domain): the link click is a usage event, and the details page drops both from its URL.
 */
function useFraudProtectionLinkClick(query: Query): void {
	const linkClick = isFraudProtectionLinkClick(query);
	const status = trackedText(query.status_is);
	const type = trackedText(query.type_is);
	useEffect(() => {
		if (!linkClick) return;
		recordEvent("wcpay_fraud_protection_link_click", { status, type });
		updateQuery({ status_is: null, type_is: null }, { replace: true });
	}, [linkClick, status, type]);
}

export default function PaymentDetailsScreen() {
	const { query } = useLocation();
	useFraudProtectionLinkClick(query);
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
