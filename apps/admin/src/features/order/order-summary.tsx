/** The order itself: number, status and date, the customer, then the items and totals. */
import type { StoreOrder } from "@paydesk/contract/orders";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { Link } from "../../app/router.tsx";
import { Chip } from "../../components/chip.tsx";
import { formatMoney, formatStoreDateTime } from "../../components/format.ts";

/** WooCommerce's names of its order statuses; an unknown status shows as sent. */
function orderStatusLabel(status: string): string {
	const labels: Readonly<Record<string, string>> = {
		pending: __("Pending payment", "paydesk"),
		processing: __("Processing", "paydesk"),
		"on-hold": __("On hold", "paydesk"),
		completed: __("Completed", "paydesk"),
		cancelled: __("Cancelled", "paydesk"),
		refunded: __("Refunded", "paydesk"),
		failed: __("Failed", "paydesk"),
	};
	return labels[status] ?? status;
}

function billingAddress(order: StoreOrder): string {
	const address = order.customer.billing_address;
	return [address.address_1, [address.postcode, address.city].filter(Boolean).join(" "), address.country]
		.filter((part): part is string => Boolean(part))
		.join(", ");
}

export function OrderSummary({ order }: { order: StoreOrder }) {
	const money = (amount: number) => formatMoney(amount, order.currency);
	const totals: { key: string; label: string; value: string }[] = [
		{ key: "subtotal", label: __("Items subtotal", "paydesk"), value: money(order.totals.subtotal) },
		{ key: "shipping", label: __("Shipping", "paydesk"), value: money(order.totals.shipping) },
		{ key: "tax", label: __("Tax", "paydesk"), value: money(order.totals.tax) },
		{ key: "total", label: __("Order total", "paydesk"), value: money(order.totals.total) },
	];
	return (
		<Card>
			<CardHeader className="paydesk-order__header">
				<h2 className="paydesk-card-title">{sprintf(__("Order #%s details", "paydesk"), order.number)}</h2>
				<Chip label={orderStatusLabel(order.status)} />
			</CardHeader>
			<CardBody>
				<dl className="paydesk-summary-list">
					<div>
						<dt>{__("Date created", "paydesk")}</dt>
						<dd>{formatStoreDateTime(order.created)}</dd>
					</div>
					<div>
						<dt>{__("Customer", "paydesk")}</dt>
						<dd>
							{order.customer.name || __("Guest", "paydesk")}
							{order.customer.email && (
								<span className="paydesk-order__secondary">{order.customer.email}</span>
							)}
						</dd>
					</div>
					<div>
						<dt>{__("Billing address", "paydesk")}</dt>
						<dd>{billingAddress(order) || __("No billing address set.", "paydesk")}</dd>
					</div>
					{order.subscriptions.length > 0 && (
						<div>
							<dt>{__("Subscriptions", "paydesk")}</dt>
							<dd>
								{order.subscriptions.map((subscription) => (
									<span key={subscription.number} className="paydesk-order__secondary">
										<Link href={subscription.url}>#{subscription.number}</Link>
									</span>
								))}
							</dd>
						</div>
					)}
				</dl>
			</CardBody>
			<CardBody className="paydesk-order__items">
				<table className="paydesk-order__table">
					<caption className="screen-reader-text">{__("Items", "paydesk")}</caption>
					<thead>
						<tr>
							<th scope="col">{__("Item", "paydesk")}</th>
							<th scope="col" className="is-numeric">
								{__("Qty", "paydesk")}
							</th>
							<th scope="col" className="is-numeric">
								{__("Total", "paydesk")}
							</th>
						</tr>
					</thead>
					<tbody>
						{order.items.map((item, index) => (
							// Items carry no id of their own; the order's list never reorders.
							// biome-ignore lint/suspicious/noArrayIndexKey: see above
							<tr key={index}>
								<td>{item.name}</td>
								<td className="is-numeric">× {item.quantity}</td>
								<td className="is-numeric">{money(item.total)}</td>
							</tr>
						))}
					</tbody>
				</table>
				<dl className="paydesk-order__totals">
					{totals.map((line) => (
						<div key={line.key} className={line.key === "total" ? "is-total" : undefined}>
							<dt>{line.label}:</dt>
							<dd>{line.value}</dd>
						</div>
					))}
				</dl>
			</CardBody>
		</Card>
	);
}
