/**
 * The summary card (spec 2 "Payment details"): amount, fee and net, the status chip of the
 * derived charge status, the refund actions, then customer, order, payment method and risk;
 * the dispute's status and due date when disputed; the capture banner at the bottom.
 */
import type { Charge, PaymentIntent } from "@paydesk/contract/charges";
import { chargeStatusDisplay } from "@paydesk/domain/charge-status";
import { disputeStatusLabel } from "@paydesk/domain/disputes/statuses";
import { cardBrandLabel, paymentMethodLabel, paymentMethodLast4 } from "@paydesk/domain/payment-methods";
import { riskLevelLabel } from "@paydesk/domain/transactions";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { stripeEventsUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { DueBy } from "../../components/dispute-panel/due-by.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";
import { CaptureSection } from "./capture-banner.tsx";
import { RefundActions } from "./refund-actions.tsx";

function paymentMethodSummary(charge: Charge): string {
	const details = charge.payment_method_details;
	const card = details.card ?? details.card_present;
	const last4 = paymentMethodLast4(details);
	const name = card ? cardBrandLabel(card.brand, translator) : paymentMethodLabel(details.type);
	return last4 ? `${name} •••• ${last4}` : name;
}

function AmountLines({ charge }: { charge: Charge }) {
	const balance = charge.balance_transaction;
	const lines: { key: string; label: string; value: string }[] = [];
	if (charge.customer_currency !== charge.currency) {
		lines.push({
			key: "customer",
			label: __("Customer paid", "paydesk"),
			value: formatMoney(charge.customer_amount, charge.customer_currency, { code: true }),
		});
	}
	// A canceled or expired authorization counts as refunded, but the customer paid nothing.
	if (charge.captured && charge.amount_refunded > 0) {
		lines.push({
			key: "refunded",
			label: __("Refunded", "paydesk"),
			value: formatMoney(-charge.amount_refunded, charge.currency),
		});
	}
	// Fee and net exist once the payment is captured: an authorization has not moved money yet.
	if (balance) {
		lines.push({
			key: "fee",
			label: __("Fees", "paydesk"),
			value: formatMoney(-balance.fee, balance.currency),
		});
		lines.push({
			key: "net",
			label: __("Net", "paydesk"),
			value: formatMoney(balance.net - charge.amount_refunded, balance.currency),
		});
	}
	if (lines.length === 0) return null;
	return (
		<dl className="paydesk-payment-summary__amounts">
			{lines.map((line) => (
				<div key={line.key}>
					<dt>{line.label}:</dt>
					<dd>{line.value}</dd>
				</div>
			))}
		</dl>
	);
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div>
			<dt>{label}</dt>
			<dd>{children}</dd>
		</div>
	);
}

export function PaymentSummary({ intent }: { intent: PaymentIntent }) {
	const charge = intent.charge;
	const status = chargeStatusDisplay(charge.display_status, translator);
	const order = charge.order ?? intent.order;
	return (
		<Card className="paydesk-payment-summary">
			<CardHeader className="paydesk-payment-summary__header">
				<div>
					<p className="paydesk-payment-summary__amount">
						<span>{formatMoney(charge.amount, charge.currency, { code: true })}</span>
						<Chip label={status.label} type={status.chip} />
					</p>
					<AmountLines charge={charge} />
				</div>
				<RefundActions charge={charge} />
			</CardHeader>
			<CardBody>
				<dl className="paydesk-summary-list">
					<Detail label={__("Date", "paydesk")}>{formatStoreDateTime(charge.created)}</Detail>
					<Detail label={__("Customer", "paydesk")}>
						{charge.customer.name || __("Guest", "paydesk")}
						{charge.customer.email && (
							<span className="paydesk-payment-summary__secondary">{charge.customer.email}</span>
						)}
					</Detail>
					<Detail label={__("Order", "paydesk")}>
						{order ? <Link href={order.url}>#{order.number}</Link> : __("N/A", "paydesk")}
						{order?.subscriptions.map((subscription) => (
							<span key={subscription.number} className="paydesk-payment-summary__secondary">
								<Link href={subscription.url}>
									{__("Subscription", "paydesk")} #{subscription.number}
								</Link>
							</span>
						))}
					</Detail>
					<Detail label={__("Payment method", "paydesk")}>{paymentMethodSummary(charge)}</Detail>
					<Detail label={__("Risk evaluation", "paydesk")}>
						{riskLevelLabel(charge.outcome.risk_level, translator)}
					</Detail>
					<Detail label={__("Payment ID", "paydesk")}>
						<code>{intent.id}</code>
						<span className="paydesk-payment-summary__secondary">
							<Link href={stripeEventsUrl({ payment_intent_is: intent.id })}>
								{__("View events", "paydesk")}
							</Link>
						</span>
					</Detail>
					{charge.dispute && (
						<>
							<Detail label={__("Dispute status", "paydesk")}>
								{disputeStatusLabel(charge.dispute.status, translator)}
							</Detail>
							<Detail label={__("Evidence due by", "paydesk")}>
								<DueBy dueBy={charge.dispute.evidence_details.due_by} />
							</Detail>
						</>
					)}
				</dl>
				<CaptureSection charge={charge} />
			</CardBody>
		</Card>
	);
}
