/**
 * Usage tracking from the admin (spec 2 §7): nothing at all is sent unless the store allows
 * usage tracking; when it does, events gather for a moment and go in one request, and a failure
 * never troubles the merchant. Each payments page the app shows is a page view.
 */
import { listNotifications } from "@paydesk/contract/events";
import { listReaders } from "@paydesk/contract/readers";
import { recordTracks, TRACK_EVENTS_MAX } from "@paydesk/contract/tracks";
import { getCurrentUser } from "@paydesk/contract/wp";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserFixture } from "../testing/current-user.ts";
import { on, type RecordedRequest, restError, stubApi } from "../testing/network.ts";
import { clearNotices, NoticeProbe } from "../testing/notice-probe.tsx";
import { testSettings } from "../testing/settings.ts";
import { App } from "./app.tsx";
import { adminUrl, navigate } from "./router.tsx";
import { recordEvent, recordEventNow, TRACKS_GATHER_MS } from "./tracks.ts";

let requests: RecordedRequest[];
let failing = false;

beforeEach(() => {
	vi.useFakeTimers({ shouldAdvanceTime: true });
	failing = false;
	requests = stubApi(
		on(recordTracks).reply(({ body }) =>
			failing ? restError(500, "internal_error", "The server failed.") : { recorded: body.events.length },
		),
	);
});
afterEach(() => {
	vi.runOnlyPendingTimers();
	vi.useRealTimers();
	clearNotices();
});

/** The events of each request sent, by name. */
const batches = () =>
	requests.map((request) =>
		(request.body as { events: { name: string }[] }).events.map((event) => event.name),
	);

const pageView = (path: string) => recordEvent("wcpay_page_view", { path });

describe("recordEvent", () => {
	it("sends nothing at all while the store does not allow usage tracking", async () => {
		testSettings({ tracksEnabled: false });
		pageView("/payments/overview");
		recordEvent("wcpay_csv_export", { list: "deposits", filtered: false, delivery: "direct" });
		expect(await recordEventNow("wcpay_feedback_sent", { text: "Hello" })).toBe(0);
		vi.advanceTimersByTime(TRACKS_GATHER_MS * 2);
		expect(requests).toEqual([]);
	});

	it("gathers the events of a moment and sends them in one request", async () => {
		testSettings({ tracksEnabled: true });
		pageView("/payments/overview");
		pageView("/payments/payouts");
		vi.advanceTimersByTime(TRACKS_GATHER_MS - 1);
		recordEvent("wcpay_csv_export", { list: "deposits", filtered: true, delivery: "email" });
		expect(requests).toEqual([]);
		vi.advanceTimersByTime(1);
		await vi.waitFor(() => expect(requests).toHaveLength(1));
		expect(requests[0]?.body).toEqual({
			events: [
				{ name: "wcpay_page_view", properties: { path: "/payments/overview" } },
				{ name: "wcpay_page_view", properties: { path: "/payments/payouts" } },
				{ name: "wcpay_csv_export", properties: { list: "deposits", filtered: true, delivery: "email" } },
			],
		});
		pageView("/payments/transactions");
		vi.advanceTimersByTime(TRACKS_GATHER_MS);
		await vi.waitFor(() =>
			expect(batches()).toEqual([
				["wcpay_page_view", "wcpay_page_view", "wcpay_csv_export"],
				["wcpay_page_view"],
			]),
		);
	});

	it("sends at once when a request's worth has gathered, and what waits when the page is left", async () => {
		testSettings({ tracksEnabled: true });
		for (let page = 0; page < TRACK_EVENTS_MAX + 2; page++) pageView(`/payments/page-${page}`);
		await vi.waitFor(() => expect(requests).toHaveLength(1));
		expect(batches()[0]).toHaveLength(TRACK_EVENTS_MAX);
		window.dispatchEvent(new Event("pagehide"));
		await vi.waitFor(() => expect(batches().map((batch) => batch.length)).toEqual([TRACK_EVENTS_MAX, 2]));
	});

	it("leaves out an event that does not fit the contract, and sends the others", async () => {
		testSettings({ tracksEnabled: true });
		pageView("/".repeat(500));
		pageView("/payments/overview");
		vi.advanceTimersByTime(TRACKS_GATHER_MS);
		await vi.waitFor(() => expect(requests).toHaveLength(1));
		expect(requests[0]?.body).toEqual({
			events: [{ name: "wcpay_page_view", properties: { path: "/payments/overview" } }],
		});
	});

	it("forgets a request that fails, without a notice", async () => {
		testSettings({ tracksEnabled: true });
		failing = true;
		render(<NoticeProbe />);
		pageView("/payments/overview");
		vi.advanceTimersByTime(TRACKS_GATHER_MS);
		await vi.waitFor(() => expect(requests).toHaveLength(1));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(screen.getByRole("list", { name: "notices" }).children).toHaveLength(0);
	});
});

describe("recordEventNow", () => {
	it("sends its event at once and answers when the usage log has it", async () => {
		testSettings({ tracksEnabled: true });
		expect(await recordEventNow("wcpay_feedback_sent", { text: "More currencies" })).toBe(1);
		expect(requests[0]?.body).toEqual({
			events: [{ name: "wcpay_feedback_sent", properties: { text: "More currencies" } }],
		});
	});
});

describe("page views", () => {
	it("are recorded once per payments page shown, by its path, not for a change of its query or a missing page", async () => {
		testSettings({ tracksEnabled: true });
		requests = stubApi(
			on(recordTracks).reply(({ body }) => ({ recorded: body.events.length })),
			on(getCurrentUser).reply(() => currentUserFixture()),
			on(listReaders).reply(() => ({ data: [], total_count: 0 })),
			on(listNotifications).reply(() => ({ unread: 0, notifications: [] })),
		);
		window.history.replaceState(null, "", adminUrl("/payments/card-readers"));
		render(<App />);
		await screen.findByRole("tab", { name: "Connected readers" });
		act(() => navigate(adminUrl("/payments/card-readers", { paged: 2 })));
		act(() => navigate(adminUrl("/payments/no-such-page")));
		await screen.findByText("Page not found");
		act(() => navigate(adminUrl("/payments/card-readers", { id: "tmr_1" })));
		await screen.findByRole("tab", { name: "Connected readers" });
		act(() => vi.advanceTimersByTime(TRACKS_GATHER_MS));
		await vi.waitFor(() => expect(requests.some((request) => request.route === recordTracks)).toBe(true));
		const views = requests
			.filter((request) => request.route === recordTracks)
			.flatMap((request) => (request.body as { events: { name: string; properties: object }[] }).events)
			.filter((event) => event.name === "wcpay_page_view");
		expect(views).toEqual([
			{ name: "wcpay_page_view", properties: { path: "/payments/card-readers" } },
			{ name: "wcpay_page_view", properties: { path: "/payments/card-readers" } },
		]);
	});
});
