/**
 * The store's order as Paydesk's order screen shows it (it stands in for WooCommerce's order
 * screen at /wp-admin/post.php?post={id}&action=edit): items and totals in the order's
 * currency, the customer, and its payment with refunds and what can still be refunded (in the
 * charge's currency, which is what POST /refund takes).
 */
import type { StoreOrder } from "@paydesk/contract/orders";
import { orderEditUrl } from "@paydesk/domain/refunds";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findChargeRow, loadCharge, orderLinksOf } from "../../ledger/charges.ts";
import { billingAddressOf, itemsOf } from "../../ledger/order-details.ts";

type Item = { name?: string; quantity?: number; total?: number };
type Address = { address_1?: string; city?: string; postcode?: string; country?: string };

export function paymentDetailsUrl(paymentIntentId: string): string {
	return `/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=${encodeURIComponent(paymentIntentId)}`;
}

export async function storeOrderOf(
	db: Kysely<Database>,
	accountId: string,
	orderId: number,
): Promise<StoreOrder | null> {
	const order = await db
		.selectFrom("orders")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", orderId)
		.executeTakeFirst();
	if (!order) return null;
	const chargeRow = await findChargeRow(db, accountId, { orderId });
	const charge = chargeRow ? await loadCharge(db, chargeRow) : null;
	const refunds = charge?.refunds.data ?? [];
	const address = billingAddressOf(order) as Address;
	return {
		id: order.id,
		number: order.number,
		status: order.status,
		currency: order.currency,
		created: order.created,
		url: orderEditUrl(order.id),
		customer: {
			name: order.customer_name,
			email: order.customer_email,
			country: order.customer_country,
			billing_address: {
				address_1: address.address_1 ?? null,
				city: address.city ?? null,
				postcode: address.postcode ?? null,
				country: address.country ?? null,
			},
		},
		items: (itemsOf(order) as Item[]).map((item) => ({
			name: item.name ?? "",
			quantity: item.quantity ?? 1,
			total: item.total ?? 0,
		})),
		totals: { subtotal: order.subtotal, shipping: order.shipping_total, tax: order.tax, total: order.total },
		subscriptions: orderLinksOf(order.subscriptions),
		charge,
		payment_details_url: charge ? paymentDetailsUrl(charge.payment_intent) : null,
		refunds,
		// Money actually returned; a released authorization refunds nothing that was taken.
		refunded_amount: refunds
			.filter((refund) => refund.status !== "failed")
			.reduce((sum, refund) => sum + refund.amount, 0),
		refundable_amount: charge?.refundable_amount ?? 0,
		refund_currency: charge?.currency ?? null,
	};
}
