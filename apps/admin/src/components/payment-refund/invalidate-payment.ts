/**
 * What a refund, capture or cancel changes: the payment itself, its timeline, the lists it
 * shows in, the uncaptured authorizations, the order, and the balances of the payouts overview.
 */
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../app/query-keys.ts";

export function invalidatePaymentQueries(client: QueryClient): Promise<void> {
	return Promise.all(
		[
			queryKeys.charges.all(),
			queryKeys.timeline.all(),
			queryKeys.transactions.all(),
			queryKeys.authorizations.all(),
			queryKeys.orders.all(),
			queryKeys.deposits.overview(),
		].map((queryKey) => client.invalidateQueries({ queryKey })),
	).then(() => undefined);
}

/** A fresh key per merchant action: a retried or doubled request with it moves money once. */
export function newIdempotencyKey(action: string): string {
	return `${action}-${crypto.randomUUID()}`;
}
