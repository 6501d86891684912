/** One order of the store with its items, totals, payment and refunds (GET {base}/orders/{order}). */
import { getOrder } from "@paydesk/contract/orders";
import { queryKeys } from "../app/query-keys.ts";
import { useObjectRead } from "./object-read.ts";

export function useOrder(orderId: number | null) {
	return useObjectRead(
		queryKeys.orders.detail(orderId ?? 0),
		getOrder,
		{ order: orderId ?? 0 },
		{ enabled: orderId !== null },
	);
}
