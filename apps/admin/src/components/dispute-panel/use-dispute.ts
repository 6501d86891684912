/**
 * One dispute through TanStack Query, and accepting it. Shared by the dispute panel of the
 * payment details, the legacy redirect and the challenge form, under one query key.
 */
import { closeDispute, type Dispute, getDispute } from "@paydesk/contract/disputes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __, sprintf } from "@wordpress/i18n";
import { ApiError, callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { queryKeys } from "../../app/query-keys.ts";

export const isDisputeId = (id: string | undefined): id is string =>
	typeof id === "string" && /^\w{1,64}$/.test(id);

export function useDispute(id: string | undefined) {
	return useQuery({
		queryKey: queryKeys.disputes.detail(id ?? ""),
		queryFn: ({ signal }) => callRoute(getDispute, { params: { id: id ?? "" }, signal }),
		enabled: isDisputeId(id),
		retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
	});
}

/** Spec 3 §8: the notice after accepting names the order when there is one. */
export function acceptedMessage(dispute: Pick<Dispute, "order">): string {
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
			client.setQueryData(queryKeys.disputes.detail(accepted.id), accepted);
			void client.invalidateQueries({ queryKey: queryKeys.disputes.all() });
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
