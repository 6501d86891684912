/**
 * The order's payment: how it was paid, its status, a link to its payment details, what was
 * refunded and what can still be, and each refund with its reason and outcome.
 */
import type { StoreOrder } from "@paydesk/contract/orders";
import { chargeStatusDisplay } from "@paydesk/domain/charge-status";
import { cardBrandLabel, paymentMethodLabel, paymentMethodLast4 } from "@paydesk/domain/payment-methods";
import { refundReasonLabel } from "@paydesk/domain/refunds";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";

/** A refund's outcome; an unknown status shows as sent. */
function refundStatusLabel(status: string): string {
	const labels: Readonly<Record<string, string>> = {
		succeeded: __("Succeeded", "paydesk"),
		pending: __("Pending", "paydesk"),
		failed: __("Failed", "paydesk"),
	};
	return labels[status] ?? status;
}

/** "Visa •••• 4242", "SEPA Direct Debit •••• 3000", or the method's name. */
function paymentMethodText(charge: NonNullable<StoreOrder["charge"]>): string {
	const details = charge.payment_method_details;
	const card = details.card ?? details.card_present;
	const name = card ? cardBrandLabel(card.brand, translator) : paymentMethodLabel(details.type);
	const last4 = paymentMethodLast4(details);
	return last4 ? `${name} •••• ${last4}` : name;
}

export function OrderPayment({ order }: { order: StoreOrder }) {
	const charge = order.charge;
	const currency = order.refund_currency ?? charge?.currency ?? order.currency;
	const status = charge ? chargeStatusDisplay(charge.display_status, translator) : null;
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Payment", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				{charge ? (
					<dl className="paydesk-summary-list">
						<div>
							<dt>{__("Payment method", "paydesk")}</dt>
							<dd>{paymentMethodText(charge)}</dd>
						</div>
						<div>
							<dt>{__("Status", "paydesk")}</dt>
							<dd>{status && <Chip label={status.label} type={status.chip} />}</dd>
						</div>
						<div>
							<dt>{__("Refunded", "paydesk")}</dt>
							<dd>{formatMoney(order.refunded_amount, currency)}</dd>
						</div>
						<div>
							<dt>{__("Refundable", "paydesk")}</dt>
							<dd>{formatMoney(order.refundable_amount, currency)}</dd>
						</div>
						{order.payment_details_url && (
							<div>
								<dt>{__("Payment details", "paydesk")}</dt>
								<dd>
									<Link href={order.payment_details_url}>{__("View payment details", "paydesk")}</Link>
								</dd>
							</div>
						)}
					</dl>
				) : (
					<p>{__("This order has no payment.", "paydesk")}</p>
				)}
			</CardBody>
			{order.refunds.length > 0 && (
				<CardBody>
					<table className="paydesk-order__table">
						<caption className="paydesk-order__caption">{__("Refunds", "paydesk")}</caption>
						<thead>
							<tr>
								<th scope="col">{__("Date", "paydesk")}</th>
								<th scope="col">{__("Reason", "paydesk")}</th>
								<th scope="col">{__("Status", "paydesk")}</th>
								<th scope="col" className="is-numeric">
									{__("Amount", "paydesk")}
								</th>
							</tr>
						</thead>
						<tbody>
							{order.refunds.map((refund) => (
								<tr key={refund.id}>
									<td>{formatStoreDateTime(refund.created)}</td>
									<td>{refundReasonLabel(refund.reason, translator) ?? __("No reason", "paydesk")}</td>
									<td>{refundStatusLabel(refund.status)}</td>
									<td className="is-numeric">{formatMoney(-refund.amount, refund.currency)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</CardBody>
			)}
		</Card>
	);
}
