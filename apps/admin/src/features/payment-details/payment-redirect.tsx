/**
 * A payment reached by its charge id (ch_, py_) or its order id (all digits): the charge is
 * loaded, then the URL is replaced by the payment-intent route, keeping the other parameters
 * (transaction_id, transaction_type). Replacing rather than pushing keeps Back from landing
 * on a page that only sends the merchant forward again.
 */
import { PAYMENT_DETAILS_PATH } from "@paydesk/domain/transactions";
import { useEffect } from "react";
import { adminUrl, getQuery, navigate } from "../../app/router.tsx";
import { isObjectId, useChargeLookup } from "../../data/payments.ts";
import { PaymentDetailsLoading, PaymentDetailsNotLoaded } from "./payment-details-states.tsx";

export function PaymentRedirect({ kind, id }: { kind: "charge" | "order"; id: string }) {
	const charge = useChargeLookup(kind, id);
	const paymentIntentId = charge.data?.payment_intent;
	useEffect(() => {
		if (!paymentIntentId) return;
		const { page: _page, path: _path, id: _id, ...rest } = getQuery();
		navigate(adminUrl(PAYMENT_DETAILS_PATH, { id: paymentIntentId, ...rest }), { replace: true });
	}, [paymentIntentId]);
	// An id the server cannot have leaves the query disabled, and so pending for good.
	if (charge.isError || !isObjectId(id)) return <PaymentDetailsNotLoaded />;
	return <PaymentDetailsLoading />;
}
