/**
 * The merchant's own Stripe account: whether it is connected (and with which key, last four
 * only), how fresh its copy is, connecting it with a key and disconnecting it. The key typed in travels once, in the
 * connect mutation; the mutation is forgotten as soon as the form lets go of it (gcTime 0), so the
 * key does not linger in the client's cache.
 */
import {
	connectStripeAccount,
	disconnectStripeAccount,
	getStripeConnection,
	getStripeSync,
	type StripeConnectionState,
} from "@paydesk/contract/stripe-account";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callRoute } from "../app/api.ts";

const STRIPE_CONNECTION = ["stripe-connection"] as const;

export function useStripeConnection() {
	return useQuery({
		queryKey: STRIPE_CONNECTION,
		queryFn: ({ signal }) => callRoute(getStripeConnection, { signal }),
	});
}

/** How far the copy of the connected account has come, read again every 30 s while shown. */
export function useStripeSync() {
	return useQuery({
		queryKey: ["stripe-sync"],
		queryFn: ({ signal }) => callRoute(getStripeSync, { signal }),
		// Every 2 s while the history is imported, so the progress moves; then the freshness line's pace.
		refetchInterval: (query) => (query.state.data?.status === "importing" ? 2_000 : 30_000),
	});
}

export function useConnectStripe() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (secretKey: string) => callRoute(connectStripeAccount, { body: { secret_key: secretKey } }),
		gcTime: 0,
		onSuccess: (connection) => client.setQueryData<StripeConnectionState>(STRIPE_CONNECTION, connection),
	});
}

export function useDisconnectStripe() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(disconnectStripeAccount),
		onSuccess: () => client.setQueryData<StripeConnectionState>(STRIPE_CONNECTION, { connected: false }),
	});
}
