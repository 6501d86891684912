/**
 * Live updates in the admin, so screens follow the account without a reload: what an account
 * event refreshes, and that a list on screen never changes under its reader's eyes but offers the
 * new rows instead.
 */
import { type AccountEvent, transactionsAdded } from "@paydesk/contract/events";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NewRows } from "../components/list/new-rows.tsx";
import { testSettings } from "../testing/settings.ts";
import { emitLiveEvent, keysChangedBy, LIVE_REFRESH_MS, liveApplier } from "./live-events.ts";
import { useLiveRefresh } from "./live-updates.tsx";
import { createQueryClient } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

afterEach(cleanup);

/** Reads a query on screen, counting its reads. */
function Reads({ queryKey, onRead }: { queryKey: readonly unknown[]; onRead: () => number }) {
	useQuery({ queryKey, queryFn: async () => onRead() });
	return null;
}

/** The overview's recent payouts, read again on the payout events. */
function RecentPayouts({ onRead }: { onRead: () => number }) {
	useLiveRefresh(["payout.created"], ["deposits", "list", { pagesize: 3 }]);
	useQuery({ queryKey: ["deposits", "list", { pagesize: 3 }], queryFn: async () => onRead() });
	return null;
}
beforeEach(() => testSettings());

const event = (
	type: AccountEvent["type"],
	object_id: string,
	data: AccountEvent["data"] = {},
): AccountEvent => ({
	id: "1",
	type,
	object_id,
	created: 1_795_000_000,
	data,
});

describe("what an event refreshes", () => {
	it("a payment: its own detail, timeline and charge, the summaries, balances and activity", () => {
		const keys = keysChangedBy(event("payment.captured", "pi_1", { charge_id: "ch_1", status: "succeeded" }));
		expect(keys).toEqual(
			expect.arrayContaining([
				queryKeys.charges.paymentIntent("pi_1"),
				queryKeys.timeline.detail("pi_1"),
				queryKeys.charges.detail("ch_1"),
				["transactions", "summary"],
				queryKeys.deposits.overview(),
				["reporting"],
			]),
		);
		expect(keys).not.toContainEqual(["transactions", "list"]);
	});

	it("a dispute and a payout refresh their own details", () => {
		expect(keysChangedBy(event("dispute.updated", "du_1", { payment_intent_id: "pi_2" }))).toEqual(
			expect.arrayContaining([queryKeys.disputes.detail("du_1"), queryKeys.timeline.detail("pi_2")]),
		);
		expect(keysChangedBy(event("payout.updated", "po_1", { status: "paid" }))).toEqual(
			expect.arrayContaining([queryKeys.deposits.detail("po_1"), ["deposits", "summary"]]),
		);
	});

	it("reads a summary on screen again, but leaves a list on screen as it is, only stale", async () => {
		const client = createQueryClient();
		let summaryReads = 0;
		let listReads = 0;
		const summaryKey = queryKeys.transactions.summary({});
		const listKey = queryKeys.transactions.list({ page: 1 });
		render(
			<QueryClientProvider client={client}>
				<Reads queryKey={summaryKey} onRead={() => ++summaryReads} />
				<Reads queryKey={listKey} onRead={() => ++listReads} />
			</QueryClientProvider>,
		);
		await act(async () => {});
		expect([summaryReads, listReads]).toEqual([1, 1]);
		const apply = liveApplier(client);
		await act(async () => {
			for (let index = 0; index < 25; index++)
				apply(event("payment.created", `pi_${index}`, { status: "succeeded" }));
		});
		// The events gather: nothing is read until the refresh comes, then the summary once.
		expect([summaryReads, listReads]).toEqual([1, 1]);
		await act(async () => new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_MS + 50)));
		expect([summaryReads, listReads]).toEqual([2, 1]);
		expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
	});

	it("a refund makes Stripe events and webhook deliveries: their lists go stale, the endpoints are read again", async () => {
		const client = createQueryClient();
		const reads = { events: 0, deliveries: 0, endpoints: 0 };
		const eventsKey = queryKeys.stripeEvents.list({ page: 1 });
		const deliveriesKey = queryKeys.webhookDeliveries.list("we_1", { page: 1 });
		render(
			<QueryClientProvider client={client}>
				<Reads queryKey={eventsKey} onRead={() => ++reads.events} />
				<Reads queryKey={deliveriesKey} onRead={() => ++reads.deliveries} />
				<Reads queryKey={queryKeys.webhookEndpoints.list()} onRead={() => ++reads.endpoints} />
			</QueryClientProvider>,
		);
		await act(async () => {});
		const apply = liveApplier(client);
		await act(async () => apply(event("payment.refunded", "pi_1", { charge_id: "ch_1" })));
		await act(async () => new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_MS + 50)));
		expect(reads).toEqual({ events: 1, deliveries: 1, endpoints: 2 });
		expect(client.getQueryState(eventsKey)?.isInvalidated).toBe(true);
		expect(client.getQueryState(deliveriesKey)?.isInvalidated).toBe(true);
	});
});

function List({ atTop, onRead }: { atTop: boolean; onRead: () => number }) {
	useQuery({ queryKey: ["transactions", "list", {}], queryFn: async () => onRead() });
	return (
		<NewRows
			rowsAdded={transactionsAdded}
			listKeys={[["transactions", "list"]]}
			atTop={atTop}
			query={{ page: 1 }}
			label={(count) => `${count} new payments — show`}
		/>
	);
}

function renderNewRows(atTop: boolean, onRead: () => number) {
	return render(
		<QueryClientProvider client={createQueryClient()}>
			<List atTop={atTop} onRead={onRead} />
		</QueryClientProvider>,
	);
}

describe("new rows of a list", () => {
	it("on the first page in the default order: counts the rows the changes added and shows them on request", async () => {
		let reads = 0;
		renderNewRows(true, () => reads++);
		await act(async () => {});
		expect(screen.getByRole("status").textContent).toBe("");
		act(() => {
			// A decline and an authorization add no row; a capture, a refund and a paid payment one each.
			emitLiveEvent(event("payment.created", "pi_3", { status: "requires_payment_method" }));
			emitLiveEvent(event("payment.created", "pi_4", { status: "requires_capture" }));
			emitLiveEvent(event("payment.captured", "pi_4", { status: "succeeded", transactions: 1 }));
			emitLiveEvent(event("payment.refunded", "pi_4", { status: "partially_refunded", transactions: 1 }));
			emitLiveEvent(event("payment.created", "pi_5", { status: "succeeded", transactions: 1 }));
		});
		const show = screen.getByRole("button", { name: "3 new payments — show" });
		expect(reads).toBe(1);
		await act(async () => fireEvent.click(show));
		expect(reads).toBe(2);
		expect(screen.getByRole("status").textContent).toBe("");
	});

	it("elsewhere (another page or order) stays quiet", () => {
		renderNewRows(false, () => 0);
		act(() => emitLiveEvent(event("payment.created", "pi_6")));
		expect(screen.queryByRole("button")).toBeNull();
	});
});

describe("a screen's own list", () => {
	it("is read again on the events it follows", async () => {
		const client = createQueryClient();
		let reads = 0;
		render(
			<QueryClientProvider client={client}>
				<RecentPayouts onRead={() => ++reads} />
			</QueryClientProvider>,
		);
		await act(async () => {});
		await act(async () => emitLiveEvent(event("payment.created", "pi_7")));
		expect(reads).toBe(1);
		await act(async () => emitLiveEvent(event("payout.created", "po_2")));
		expect(reads).toBe(2);
	});
});
