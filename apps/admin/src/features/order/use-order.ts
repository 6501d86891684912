/** One order of the store with its items, totals, payment and refunds (GET {base}/orders/{order}). */
import { getOrder } from "@paydesk/contract/orders";
import { useQuery } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
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

/** WooCommerce's names of its order statuses; an unknown status shows as sent. */
export function orderStatusLabel(status: string): string {
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
