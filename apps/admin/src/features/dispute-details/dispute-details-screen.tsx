/**
 * /payments/disputes/details?id= (spec 3 §2.3): the legacy address of a dispute. It fetches the
 * dispute and replaces the URL with its payment's details, where the dispute panel lives.
 */
import { Card, CardBody, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect } from "react";
import { paymentDetailsUrl } from "../../app/paths.ts";
import { navigate, useLocation } from "../../app/router.tsx";
import { isDisputeId, useDispute } from "../../data/disputes.ts";

export default function DisputeDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	const dispute = useDispute(id);
	const charge = dispute.data?.charge;

	useEffect(() => {
		if (!charge) return;
		navigate(
			paymentDetailsUrl(charge.payment_intent, {
				transaction_id: charge.balance_transaction,
				type: "dispute",
			}),
			{ replace: true },
		);
	}, [charge]);

	if (!isDisputeId(id) || dispute.isError) {
		return (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					<strong>{__("Error retrieving dispute", "paydesk")}</strong>
					<br />
					{__("Please check your network and try again.", "paydesk")}
				</Notice>
			</div>
		);
	}
	return (
		<div className="paydesk-page">
			<Card>
				<CardBody>
					<div className="paydesk-loading" role="status">
						<Spinner />
						<div>
							<strong>{__("One moment please", "paydesk")}</strong>
							<p>{__("Redirecting to payment details…", "paydesk")}</p>
						</div>
					</div>
				</CardBody>
			</Card>
		</div>
	);
}
