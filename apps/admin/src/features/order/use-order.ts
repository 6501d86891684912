/** One order of the store with its items, totals, payment and refunds (GET {base}/orders/{order}). */
import { getOrder } from "@paydesk/contract/orders";
import { useQuery } from "@tanstack/react-query";
import { ApiError, callRoute } from "../../app/api.ts";
import { queryKeys } from "../../app/query-keys.ts";

/** The post parameter of WooCommerce's order URL: a positive whole number, else nothing to load. */
export function orderIdOf(post: string | string[] | undefined): number | null {
	if (typeof post !== "string" || !/^\d{1,15}$/.test(post)) return null;
	const id = Number(post);
	return id > 0 ? id : null;
}

export function useOrder(orderId: number | null) {
	return useQuery({
		queryKey: queryKeys.orders.detail(orderId ?? 0),
		queryFn: ({ signal }) => callRoute(getOrder, { params: { order: orderId ?? 0 }, signal }),
		enabled: orderId !== null,
		retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
	});
}

/** WooCommerce's names of its order statuses. */
const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
	pending: "Pending payment",
	processing: "Processing",
	"on-hold": "On hold",
	completed: "Completed",
	cancelled: "Cancelled",
	refunded: "Refunded",
	failed: "Failed",
};

export function orderStatusLabel(status: string): string {
	return ORDER_STATUS_LABELS[status] ?? status;
}
