/**
 * The store's order screen, which Paydesk stands in for at WooCommerce's order URL
 * (/wp-admin/post.php?post={id}&action=edit): the order with its items and totals, the
 * customer, its payment and refunds, and a partial refund through the same refund route.
 */
import { orderNotFoundNotice } from "@paydesk/domain/refunds";
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { translator } from "../../components/translator.ts";
import { useOrder } from "../../data/orders.ts";
import { OrderPayment } from "./order-payment.tsx";
import { OrderRefundForm } from "./order-refund-form.tsx";
import { OrderSummary } from "./order-summary.tsx";
import "./order.css";

/** The post parameter of WooCommerce's order URL: a positive whole number, else nothing to load. */
function orderIdOf(post: string | string[] | undefined): number | null {
	if (typeof post !== "string" || !/^\d{1,15}$/.test(post)) return null;
	const id = Number(post);
	return id > 0 ? id : null;
}

export default function OrderScreen() {
	const { query } = useLocation();
	const orderId = orderIdOf(query.post);
	const order = useOrder(orderId);
	if (orderId === null || order.isError) {
		const missing = orderId === null || (order.error as { status?: number } | null)?.status === 404;
		return (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{missing ? orderNotFoundNotice(translator) : __("Error retrieving order.", "paydesk")}
				</Notice>
			</div>
		);
	}
	if (order.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading order…", "paydesk")}
			</div>
		);
	}
	return (
		<div className="paydesk-page paydesk-order">
			<OrderSummary order={order.data} />
			<OrderPayment order={order.data} />
			{order.data.charge && order.data.refundable_amount > 0 && <OrderRefundForm order={order.data} />}
		</div>
	);
}
