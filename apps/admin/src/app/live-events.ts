/**
 * Live updates: the account's event stream (GET /payments/events) turned into fresh data.
 *
 * - One stream per browser: the tab holding the "paydesk-events" lock reads it and passes each
 *   event to the other tabs over a BroadcastChannel (browsers allow six connections per site,
 *   so a stream per tab would starve the tabs' own requests); where either API is missing, each
 *   tab reads its own.
 * - What an event changes refreshes quietly: summaries and counts, balances, payment activity,
 *   an open payment, payout or dispute, the bell. Lists never move under the reader's eyes: their
 *   pages are only marked stale (the next page or filter reads fresh rows), and a list on its
 *   first page in its default order offers "N new … — show" (components/list/new-rows.tsx).
 * - A `reset` (the stream could not resume) refreshes everything.
 */
import { ACCOUNT_EVENT_TYPES, type AccountEvent, RESET_EVENT, streamEvents } from "@paydesk/contract/events";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { routeUrl } from "./api.ts";
import { queryKeys } from "./query-keys.ts";
import { getSettings } from "./settings.ts";

export type LiveEvent = AccountEvent | { type: typeof RESET_EVENT };

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Screens listen for the events they show (new rows, an overview card's own list). */
export function subscribeLiveEvents(listener: Listener): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

/** Hands an event to every listener (the stream does; tests do). */
export function emitLiveEvent(event: LiveEvent): void {
	for (const listener of listeners) listener(event);
}

const STREAM_EVENTS: readonly string[] = [...ACCOUNT_EVENT_TYPES, RESET_EVENT];

/** How long to wait before opening a stream again after the server refused or dropped it. */
const REOPEN_AFTER_MS = 30_000;

/** Reads the stream in this tab; answers how to stop. */
function readStream(onEvent: (event: LiveEvent) => void): () => void {
	let source: EventSource | null = null;
	let lastId: string | null = null;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const open = () => {
		const query: Record<string, string> = { _wpnonce: getSettings().restNonce };
		if (lastId) query.last_event_id = lastId;
		source = new EventSource(routeUrl(streamEvents, { query }), { withCredentials: true });
		for (const type of STREAM_EVENTS) {
			source.addEventListener(type, (message) => {
				const { data, lastEventId } = message as MessageEvent<string>;
				if (lastEventId) lastId = lastEventId;
				onEvent(type === RESET_EVENT ? { type: RESET_EVENT } : (JSON.parse(data) as AccountEvent));
			});
		}
		source.onerror = () => {
			// A dropped connection is reopened by the browser itself (with Last-Event-ID); a refusal
			// (too many streams, a lost session) closes it for good: try again later.
			if (source?.readyState !== EventSource.CLOSED) return;
			source.close();
			timer = setTimeout(open, REOPEN_AFTER_MS);
		};
	};
	open();
	return () => {
		clearTimeout(timer);
		source?.close();
	};
}

const SHARED = "paydesk-events";

/** Starts live updates for this tab; answers how to stop them. */
export function startLiveEvents(onEvent: (event: LiveEvent) => void = emitLiveEvent): () => void {
	if (typeof EventSource === "undefined") return () => {};
	const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
	if (typeof BroadcastChannel === "undefined" || !locks) return readStream(onEvent);
	const channel = new BroadcastChannel(SHARED);
	channel.onmessage = (message: MessageEvent<LiveEvent>) => onEvent(message.data);
	const abort = new AbortController();
	let stopReading = () => {};
	let release = () => {};
	locks
		.request(SHARED, { signal: abort.signal }, () => {
			stopReading = readStream((event) => {
				onEvent(event);
				channel.postMessage(event);
			});
			// Held until this tab stops; another tab then takes the stream over.
			return new Promise<void>((resolve) => {
				release = resolve;
			});
		})
		.catch(() => {
			// Aborted before the lock was granted: this tab stopped while another read the stream.
		});
	return () => {
		abort.abort();
		stopReading();
		release();
		channel.close();
	};
}

/** Marks a list's pages stale without reading them again while they are on screen. */
const LIST_KEYS: readonly QueryKey[] = [
	queryKeys.transactions.lists(),
	queryKeys.authorizations.lists(),
	queryKeys.fraudOutcomes.lists(),
	queryKeys.deposits.lists(),
	queryKeys.disputes.lists(),
	// A change made through Stripe's API (/v1) is also a request in its log and a use of a key.
	queryKeys.requestLog.lists(),
	queryKeys.apiKeys.all(),
	// Every payment, refund, dispute and payout makes Stripe events and their webhook deliveries.
	queryKeys.stripeEvents.lists(),
	queryKeys.webhookDeliveries.lists(),
];

/** The data an event changes, read again where it is on screen. */
export function keysChangedBy(event: AccountEvent): QueryKey[] {
	const chargeId = typeof event.data.charge_id === "string" ? event.data.charge_id : null;
	const intentId = event.type.startsWith("payment.")
		? event.object_id
		: typeof event.data.payment_intent_id === "string"
			? event.data.payment_intent_id
			: null;
	const payment: QueryKey[] = [
		...(intentId
			? [
					queryKeys.charges.paymentIntent(intentId),
					queryKeys.timeline.detail(intentId),
					queryKeys.authorizations.detail(intentId),
				]
			: []),
		...(chargeId ? [queryKeys.charges.detail(chargeId)] : []),
	];
	const money: QueryKey[] = [
		queryKeys.transactions.summaries(),
		queryKeys.deposits.overview(),
		queryKeys.reporting.all(),
		// The change's webhooks move the endpoints' success rates (the list, and an open endpoint).
		queryKeys.webhookEndpoints.all(),
	];
	switch (event.type) {
		case "payment.created":
		case "payment.captured":
		case "payment.refunded":
		case "payment.canceled":
			return [
				...money,
				...payment,
				queryKeys.authorizations.summaries(),
				queryKeys.fraudOutcomes.summaries(),
				queryKeys.orders.all(),
			];
		case "dispute.created":
		case "dispute.updated":
			return [
				...money,
				...payment,
				queryKeys.disputes.summaries(),
				queryKeys.disputes.detail(event.object_id),
			];
		case "payout.created":
		case "payout.updated":
			return [...money, queryKeys.deposits.summaries(), queryKeys.deposits.detail(event.object_id)];
		case "export.ready":
		case "customer.created":
		case "customer.updated":
		case "customer.deleted":
			return [];
	}
}

/** How long events gather before their data is read again: many events, one read each. */
export const LIVE_REFRESH_MS = 400;

/**
 * Brings the client's data up to date with the events as they come: the data they change is read
 * again once per LIVE_REFRESH_MS, however many events arrive (a store taking 25 payments a
 * second would otherwise restart its reads before any could finish), and a read already running
 * is left to finish. A reset reads everything at once.
 */
export function liveApplier(client: QueryClient): (event: LiveEvent) => void {
	const pending = new Map<string, QueryKey>();
	let timer: ReturnType<typeof setTimeout> | undefined;
	const flush = () => {
		timer = undefined;
		const keys = [...pending.values()];
		pending.clear();
		for (const queryKey of keys) void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
		for (const queryKey of LIST_KEYS) void client.invalidateQueries({ queryKey, refetchType: "none" });
	};
	return (event) => {
		if (event.type === RESET_EVENT) {
			pending.clear();
			clearTimeout(timer);
			timer = undefined;
			void client.invalidateQueries();
			return;
		}
		for (const queryKey of [...keysChangedBy(event), queryKeys.notifications()])
			pending.set(JSON.stringify(queryKey), queryKey);
		timer ??= setTimeout(flush, LIVE_REFRESH_MS);
	};
}
