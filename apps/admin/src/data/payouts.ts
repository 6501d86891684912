/**
 * Payouts (deposits on the API): the list and its summary, one payout, every currency's
 * balances (GET /deposits/overview-all), a currency's recent payouts, and an instant payout.
 */
import {
	createInstantDeposit,
	getDeposit,
	getDepositsOverview,
	getDepositsSummary,
	listDeposits,
} from "@paydesk/contract/deposits";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { useLiveRefresh } from "../app/live-updates.tsx";
import { createNotice } from "../app/notices.tsx";
import { payoutDetailsUrl } from "../app/paths.ts";
import { queryKeys } from "../app/query-keys.ts";
import { navigate } from "../app/router.tsx";
import { formatMoney } from "../components/format.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";
import { useObjectRead } from "./object-read.ts";

export function usePayouts(query: ListQuery) {
	return useListPage(queryKeys.deposits.list(query), readList(listDeposits, query), {
		message: "Error retrieving payouts.",
		id: "payouts-list",
	});
}

export function usePayoutsSummary(query: ListQuery) {
	return useListPage(queryKeys.deposits.summary(query), readList(getDepositsSummary, query));
}

/** A payout id must be word characters only; anything else is not fetched (spec 2). */
export const isPayoutId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w+$/.test(id);

export function usePayout(id: string | undefined) {
	return useObjectRead(
		queryKeys.deposits.detail(id ?? ""),
		getDeposit,
		{ id: id ?? "" },
		{ enabled: isPayoutId(id) },
	);
}

export function useDepositsOverview() {
	return useQuery({
		queryKey: queryKeys.deposits.overview(),
		queryFn: ({ signal }) => callRoute(getDepositsOverview, { signal }),
		meta: {
			errorNotice: { message: __("Error retrieving all payouts' overviews.", "paydesk"), id: "overview-all" },
		},
	});
}

/** The 3 most recent payouts of a currency (spec 3 §7: orderby date, desc, per_page 3). */
export function useRecentPayouts(currency: string | null, enabled: boolean) {
	const query = { page: 1, pagesize: 3, sort: "date", direction: "desc", store_currency_is: currency ?? "" };
	useLiveRefresh(["payout.created", "payout.updated"], queryKeys.deposits.list(query), enabled);
	return useQuery({
		queryKey: queryKeys.deposits.list(query),
		queryFn: ({ signal }) => callRoute(listDeposits, { query, signal }),
		enabled: enabled && currency !== null,
		meta: { errorNotice: { message: __("Error retrieving payouts.", "paydesk"), id: "recent-payouts" } },
	});
}

/**
 * An instant payout of a currency's instant balance, sent with the Idempotency-Key of the
 * merchant's dialog, so a double click or a retry pays out once.
 */
export function useInstantPayout(currency: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (idempotencyKey: string) =>
			callRoute(createInstantDeposit, {
				body: { type: "instant", currency },
				headers: { "Idempotency-Key": idempotencyKey },
			}),
		onSuccess: (created) => {
			void client.invalidateQueries({ queryKey: queryKeys.deposits.all() });
			const amount = formatMoney(created.amount, created.currency);
			createNotice("success", sprintf(__("Instant payout for %s in transit.", "paydesk"), amount), {
				actions: [
					{
						label: __("View details", "paydesk"),
						onClick: () => navigate(payoutDetailsUrl(created.id)),
					},
				],
			});
		},
		onError: () => createNotice("error", __("Error creating instant payout.", "paydesk")),
	});
}
