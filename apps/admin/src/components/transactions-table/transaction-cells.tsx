/** Cells of the transactions table that are more than a formatted value. */
import type { Transaction } from "@paydesk/contract/transactions";
import { CARD_BRANDS, cardBrandLabel, paymentMethodLabel } from "@paydesk/domain/payment-methods";
import { PAYOUT_STATUSES, type PayoutStatus, payoutStatusDisplay } from "@paydesk/domain/payouts";
import { __ } from "@wordpress/i18n";
import { Fragment, type ReactNode } from "react";
import { adminUrl, Link } from "../../app/router.tsx";
import { Chip } from "../chip.tsx";
import { formatStoreDate } from "../format.ts";
import { translator } from "../translator.ts";

/** A cell that opens the payment details when the row has a payment behind it. */
export function DetailsCell({ href, children }: { href: string | null; children: ReactNode }) {
	return href ? <Link href={href}>{children}</Link> : children;
}

export function OrderCell({ order }: { order: Transaction["order"] }) {
	if (!order) return <>–</>;
	return <Link href={order.url}>#{order.number}</Link>;
}

export function SubscriptionsCell({ order }: { order: Transaction["order"] }) {
	const subscriptions = order?.subscriptions ?? [];
	if (subscriptions.length === 0) return <>–</>;
	return (
		<>
			{subscriptions.map((subscription, index) => (
				<Fragment key={subscription.number}>
					{index > 0 && ", "}
					<Link href={subscription.url}>#{subscription.number}</Link>
				</Fragment>
			))}
		</>
	);
}

/** "Visa •••• 4242", "Klarna": the method (or card brand) and the last digits when known. */
export function paymentMethodText(source: string | null, identifier: string | null): string {
	if (!source) return "–";
	const name = (CARD_BRANDS as readonly string[]).includes(source)
		? cardBrandLabel(source, translator)
		: paymentMethodLabel(source);
	return identifier ? `${name} •••• ${identifier}` : name;
}

export function CustomerCell({ transaction }: { transaction: Transaction }) {
	const name = transaction.customer_name;
	if (!name) return <>–</>;
	const url = transaction.order?.customer_url;
	return url ? <Link href={url}>{name}</Link> : name;
}

/** The payout a transaction went out in, or the day it is expected to. */
export function PayoutDateCell({ transaction }: { transaction: Transaction }) {
	if (!transaction.deposit_id) {
		return <>{__("Future payout", "paydesk")}</>;
	}
	return (
		<Link href={adminUrl("/payments/payouts/details", { id: transaction.deposit_id })}>
			{formatStoreDate(transaction.available_on)}
		</Link>
	);
}

export function PayoutStatusCell({ status }: { status: string | null }) {
	if (!status) return <>–</>;
	const known = (PAYOUT_STATUSES as readonly string[]).includes(status);
	if (!known) return <>{status}</>;
	const display = payoutStatusDisplay(status as PayoutStatus, translator);
	return <Chip label={display.label} type={display.chip} />;
}
