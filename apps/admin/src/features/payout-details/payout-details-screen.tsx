/** /payments/payouts/details?id=: overview, failure reason, bank card, then its transactions. */
import { isInstantPayout } from "@paydesk/domain/payouts";
import { Card, CardBody, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { isPayoutId, usePayout } from "../../data/payouts.ts";
import { PayoutBankCard, PayoutSummary } from "./payout-summary.tsx";
import { PayoutTransactions } from "./payout-transactions.tsx";

export default function PayoutDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	const payout = usePayout(id);

	if (!isPayoutId(id) || payout.isError) {
		const notFound = !isPayoutId(id) || (payout.error as { status?: number } | null)?.status === 404;
		return (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{notFound
						? __("The deposit you are looking for cannot be found.", "paydesk")
						: __("Error retrieving payout.", "paydesk")}
				</Notice>
			</div>
		);
	}
	if (payout.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading payout…", "paydesk")}
			</div>
		);
	}
	const data = payout.data;
	return (
		<div className="paydesk-page paydesk-payout-details">
			<PayoutSummary payout={data} />
			<PayoutBankCard payout={data} />
			{isInstantPayout(data) ? (
				<Card>
					<CardBody>
						<p>
							{__(
								"Instant payouts are paid from your available balance and arrive within 30 minutes. They have no list of transactions of their own.",
								"paydesk",
							)}{" "}
							<a
								href="https://woocommerce.com/document/woopayments/payouts/instant-payouts/"
								target="_blank"
								rel="noreferrer"
							>
								{__("Learn more about instant payouts", "paydesk")}
							</a>
						</p>
					</CardBody>
				</Card>
			) : (
				<PayoutTransactions payoutId={data.id} />
			)}
		</div>
	);
}
