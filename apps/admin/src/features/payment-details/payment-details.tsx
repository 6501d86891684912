/**
 * One payment by its payment intent, top to bottom as spec 2 orders it: the summary card (with
 * the dispute panel right under it when the payment is disputed), the timeline card when the
 * paymentTimeline flag is on, then the payment method card, and for administrators the
 * payment's Activity (its audit log entries).
 */
import { useQueryClient } from "@tanstack/react-query";
import { getSettings } from "../../app/settings.ts";
import { DisputePanelById } from "../../components/dispute-panel/dispute-panel.tsx";
import { invalidatePaymentQueries, isObjectId, usePaymentIntent } from "../../data/payments.ts";
import { PaymentActivity } from "./payment-activity.tsx";
import { PaymentDetailsLoading, PaymentDetailsNotLoaded } from "./payment-details-states.tsx";
import { PaymentMethodCard } from "./payment-method-card.tsx";
import { PaymentSummary } from "./payment-summary.tsx";
import { PaymentTimeline } from "./payment-timeline.tsx";
import "./payment-details.css";

export function PaymentDetails({ paymentIntentId }: { paymentIntentId: string }) {
	const intent = usePaymentIntent(paymentIntentId);
	const client = useQueryClient();
	// An id the server cannot have leaves the query disabled, and so pending for good.
	if (intent.isError || !isObjectId(paymentIntentId)) return <PaymentDetailsNotLoaded />;
	if (intent.isPending) return <PaymentDetailsLoading />;
	const charge = intent.data.charge;
	return (
		<div className="paydesk-page paydesk-payment-details">
			<PaymentSummary intent={intent.data} />
			{charge.dispute && (
				<DisputePanelById
					disputeId={charge.dispute.id}
					// Accepting a dispute changes the payment's status and timeline too.
					onAccepted={() => void invalidatePaymentQueries(client)}
				/>
			)}
			{getSettings().featureFlags.paymentTimeline && <PaymentTimeline paymentIntentId={intent.data.id} />}
			<PaymentMethodCard charge={charge} />
			<PaymentActivity paymentIntentId={intent.data.id} />
		</div>
	);
}
