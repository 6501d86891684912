/**
 * Webhooks of the Developers area: the endpoints (one list; an endpoint's screen reads its row
 * from it, as no route answers one endpoint), their changes, their signing secret (revealed or
 * rolled on demand and never cached: it leaves memory with the screen), an endpoint's deliveries
 * and one delivery with its attempts, and sending deliveries again.
 */
import {
	createWebhookEndpoint,
	deleteWebhookEndpoint,
	getWebhookDelivery,
	listWebhookDeliveries,
	listWebhookEndpoints,
	resendFailedWebhookDeliveries,
	resendWebhookDelivery,
	revealWebhookSecret,
	rollWebhookSecret,
	updateWebhookEndpoint,
	type WebhookAttempt,
	type WebhookDelivery,
} from "@paydesk/contract/developers";
import type { BodyOf, ResponseOf } from "@paydesk/contract/route";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __, _n, sprintf } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";
import { isDevelopersId } from "./developers-ids.ts";
import { type ListQuery, useListPage } from "./list-page.ts";
import { useObjectRead } from "./object-read.ts";

export const isWebhookEndpointId = (id: string | undefined): id is string =>
	isDevelopersId("webhookEndpoint", id);

export const isWebhookDeliveryId = (id: string | undefined): id is string =>
	isDevelopersId("webhookDelivery", id);

/** A failed change says so with the server's own words (a refused URL, a delivery being sent). */
const showServerError = (error: Error) => createNotice("error", error.message);

export function useWebhookEndpoints() {
	return useQuery({
		queryKey: queryKeys.webhookEndpoints.list(),
		queryFn: ({ signal }) => callRoute(listWebhookEndpoints, { signal }),
		meta: {
			errorNotice: { message: __("Error retrieving webhook endpoints.", "paydesk"), id: "webhook-endpoints" },
		},
	});
}

/** One endpoint, as the list has it; `data` is null when the account has no such endpoint. */
export function useWebhookEndpoint(id: string | undefined) {
	return useQuery({
		queryKey: queryKeys.webhookEndpoints.list(),
		queryFn: ({ signal }) => callRoute(listWebhookEndpoints, { signal }),
		enabled: isWebhookEndpointId(id),
		select: (answer) => answer.data.find((endpoint) => endpoint.id === id) ?? null,
		meta: {
			errorNotice: { message: __("Error retrieving webhook endpoints.", "paydesk"), id: "webhook-endpoints" },
		},
	});
}

/** Endpoints, their deliveries and the events' deliveries are read again after a change. */
function refreshWebhooks(client: QueryClient): void {
	void client.invalidateQueries({ queryKey: queryKeys.webhookEndpoints.all() });
	void client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all() });
	void client.invalidateQueries({ queryKey: queryKeys.stripeEvents.details() });
}

export type WebhookEndpointBody = BodyOf<typeof createWebhookEndpoint>;

/** Adds an endpoint; the answer carries its signing secret, which the screen shows once. */
export function useCreateWebhookEndpoint() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: WebhookEndpointBody) => callRoute(createWebhookEndpoint, { body }),
		onSuccess: () => {
			refreshWebhooks(client);
			createNotice("success", __("Webhook endpoint added.", "paydesk"));
		},
	});
}

export type WebhookEndpointChanges = BodyOf<typeof updateWebhookEndpoint>;

function changedMessage(changes: WebhookEndpointChanges): string {
	if (changes.disabled === true) return __("Webhook endpoint disabled.", "paydesk");
	if (changes.disabled === false) return __("Webhook endpoint enabled.", "paydesk");
	return __("Webhook endpoint saved.", "paydesk");
}

/** Changes an endpoint's URL, events or description, or disables or enables it. */
export function useUpdateWebhookEndpoint(id: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (body: WebhookEndpointChanges) => callRoute(updateWebhookEndpoint, { params: { id }, body }),
		onSuccess: (_endpoint, changes) => {
			refreshWebhooks(client);
			createNotice("success", changedMessage(changes));
		},
	});
}

export function useDeleteWebhookEndpoint(id: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(deleteWebhookEndpoint, { params: { id } }),
		onSuccess: () => {
			refreshWebhooks(client);
			createNotice("success", __("Webhook endpoint deleted.", "paydesk"));
		},
		onError: showServerError,
	});
}

/** The endpoint's signing secret, read when an administrator asks for it. */
export function useRevealWebhookSecret(id: string) {
	return useMutation({
		mutationFn: () => callRoute(revealWebhookSecret, { params: { id } }),
		onError: showServerError,
	});
}

/** A new signing secret; the old one keeps signing beside it for `expires_in` seconds. */
export function useRollWebhookSecret(id: string) {
	return useMutation({
		mutationFn: (expiresIn: number) =>
			callRoute(rollWebhookSecret, { params: { id }, body: { expires_in: expiresIn } }),
		onSuccess: () => createNotice("success", __("Signing secret rolled.", "paydesk")),
		onError: showServerError,
	});
}

/** Sends again every failed delivery created since a time (epoch seconds). */
export function useResendFailedDeliveries(id: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (since: number) =>
			callRoute(resendFailedWebhookDeliveries, { params: { id }, body: { since } }),
		onSuccess: ({ queued }) => {
			void client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all() });
			createNotice(
				"success",
				queued === 0
					? __("No failed deliveries since that date: nothing was sent again.", "paydesk")
					: sprintf(
							/* translators: %d: how many failed webhook deliveries will be sent again */
							_n(
								"%d failed delivery is being sent again.",
								"%d failed deliveries are being sent again.",
								queued,
								"paydesk",
							),
							queued,
						),
			);
		},
		onError: showServerError,
	});
}

export function useWebhookDeliveries(endpointId: string, query: ListQuery) {
	return useListPage(
		queryKeys.webhookDeliveries.list(endpointId, query),
		(signal) => callRoute(listWebhookDeliveries, { params: { id: endpointId }, query, signal }),
		{ message: __("Error retrieving webhook deliveries.", "paydesk"), id: "webhook-deliveries" },
	);
}

export function useWebhookDelivery(id: string | undefined) {
	return useObjectRead(
		queryKeys.webhookDeliveries.detail(id ?? ""),
		getWebhookDelivery,
		{ id: id ?? "" },
		{ enabled: isWebhookDeliveryId(id) },
	);
}

/** Whether an attempt was accepted: answered 2xx. */
export const acceptedStatus = (status: number | null): boolean =>
	status !== null && status >= 200 && status < 300;

/** What the endpoint did with the delivery sent again. */
function resentMessage(delivery: WebhookDelivery): { ok: boolean; text: string } {
	const status = delivery.last_attempt?.status ?? null;
	const error = delivery.last_attempt?.error ?? null;
	if (status !== null && acceptedStatus(status)) {
		/* translators: %d: the HTTP status the endpoint answered, e.g. 200 */
		const text = sprintf(__("Delivery sent again: the endpoint answered %d.", "paydesk"), status);
		return { ok: true, text };
	}
	if (status !== null) {
		/* translators: %d: the HTTP status the endpoint answered, e.g. 500 */
		const text = sprintf(__("Delivery sent again, but the endpoint answered %d.", "paydesk"), status);
		return { ok: false, text };
	}
	if (error !== null) {
		/* translators: %s: why the endpoint could not be reached, e.g. connection refused */
		const text = sprintf(__("Delivery sent again, but it failed: %s", "paydesk"), error);
		return { ok: false, text };
	}
	return { ok: false, text: __("Delivery sent again, but it failed.", "paydesk") };
}

/** The attempts shown, with the delivery's latest in its place. */
function withAttempt(attempts: readonly WebhookAttempt[], delivery: WebhookDelivery): WebhookAttempt[] {
	const latest = delivery.last_attempt;
	if (!latest) return [...attempts];
	return [...attempts.filter((attempt) => attempt.attempt !== latest.attempt), latest];
}

/**
 * Sends one delivery again now; the answer is the delivery with its new attempt, told in a
 * notice (accepted or not). A delivery being sent at that moment is refused with the server's
 * message.
 */
export function useResendWebhookDelivery(id: string) {
	const client = useQueryClient();
	return useMutation({
		mutationFn: () => callRoute(resendWebhookDelivery, { params: { id } }),
		onSuccess: (delivery) => {
			// The new attempt shows at once; the read that follows brings the request's new signature.
			client.setQueryData<ResponseOf<typeof getWebhookDelivery>>(
				queryKeys.webhookDeliveries.detail(id),
				(shown) =>
					shown && { ...shown, ...delivery, attempts_list: withAttempt(shown.attempts_list, delivery) },
			);
			refreshWebhooks(client);
			const told = resentMessage(delivery);
			createNotice(told.ok ? "success" : "error", told.text);
		},
		onError: showServerError,
	});
}
