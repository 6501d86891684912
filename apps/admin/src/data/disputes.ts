/**
 * Disputes: the list and its summary, those awaiting a response (the overview's task), one
 * dispute (shared by the dispute panel of the payment details, the legacy redirect and the
 * challenge form, under one query key), accepting it and saving its evidence.
 */
import {
	closeDispute,
	type Dispute,
	getDispute,
	getDisputesSummary,
	listDisputes,
	updateDispute,
} from "@paydesk/contract/disputes";
import type { BodyOf } from "@paydesk/contract/route";
import { OVERVIEW_DISPUTES_PAGE_SIZE } from "@paydesk/domain/dispute-task";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { useLiveRefresh } from "../app/live-updates.tsx";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";
import { useObjectRead } from "./object-read.ts";

export function useDisputes(query: ListQuery) {
	return useListPage(queryKeys.disputes.list(query), readList(listDisputes, query), {
		message: __("Error retrieving disputes.", "paydesk"),
		id: "disputes-list",
	});
}

export function useDisputesSummary(query: ListQuery) {
	return useListPage(queryKeys.disputes.summary(query), readList(getDisputesSummary, query), {
		message: __("Error retrieving the summary of disputes.", "paydesk"),
		id: "disputes-summary",
	});
}

const AWAITING_QUERY = {
	filter: "awaiting_response",
	pagesize: OVERVIEW_DISPUTES_PAGE_SIZE,
	page: 1,
} as const;

/** Disputes awaiting a response, for the dispute task (spec 1 §7: per_page 50). */
export function useAwaitingDisputes(enabled: boolean) {
	useLiveRefresh(["dispute.created", "dispute.updated"], queryKeys.disputes.list(AWAITING_QUERY), enabled);
	return useQuery({
		queryKey: queryKeys.disputes.list(AWAITING_QUERY),
		queryFn: ({ signal }) => callRoute(listDisputes, { query: AWAITING_QUERY, signal }),
		enabled,
	});
}

export const isDisputeId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w{1,64}$/.test(id);

export function useDispute(id: string | undefined) {
	return useObjectRead(
		queryKeys.disputes.detail(id ?? ""),
		getDispute,
		{ id: id ?? "" },
		{ enabled: isDisputeId(id) },
	);
}

/** A dispute as the server now has it, and every list it shows in read again. */
function storeDispute(client: QueryClient, dispute: Dispute): void {
	client.setQueryData(queryKeys.disputes.detail(dispute.id), dispute);
	void client.invalidateQueries({ queryKey: queryKeys.disputes.all() });
}

/** Spec 3 §8: the notice after accepting names the order when there is one. */
function acceptedMessage(dispute: Pick<Dispute, "order">): string {
	return dispute.order
		? sprintf(__("You have accepted the dispute for order #%s.", "paydesk"), dispute.order.number)
		: __("You have accepted the dispute.", "paydesk");
}

/** Accepts (closes) a dispute; one key per attempt makes a retried request harmless. */
export function useAcceptDispute(dispute: Dispute, onAccepted?: (dispute: Dispute) => void) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () =>
			callRoute(closeDispute, {
				params: { id: dispute.id },
				headers: { "Idempotency-Key": `close-${dispute.id}-${crypto.randomUUID()}` },
			}),
		onSuccess: (accepted) => {
			storeDispute(client, accepted);
			createNotice("success", acceptedMessage(accepted));
			onAccepted?.(accepted);
		},
		onError: () =>
			createNotice(
				"error",
				__("There has been an error accepting the dispute. Please try again later.", "paydesk"),
			),
	});
}

/** Saves a dispute's evidence, or submits it (`submit` in the body); one key per attempt. */
export function useUpdateDispute(disputeId: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: BodyOf<typeof updateDispute>) =>
			callRoute(updateDispute, {
				params: { id: disputeId },
				body,
				headers: { "Idempotency-Key": `evidence-${disputeId}-${crypto.randomUUID()}` },
			}),
		onSuccess: (dispute) => storeDispute(client, dispute),
	});
}
