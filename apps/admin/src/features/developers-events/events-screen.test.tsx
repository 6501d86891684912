/**
 * The event log: Stripe's events newest first, each opening its details; the type and date rules
 * of the URL go to the server in the list's query (with the user's time zone), and so does the
 * payment a payment's screen narrows the list to, which the screen names and lets go of.
 */
import { listStripeEvents } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { getCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import EventsScreen from "./events-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const EVENTS: ResponseInputOf<typeof listStripeEvents>["data"] = [
	{ id: "evt_2s_1", type: "charge.succeeded", created: NOV_21 },
	{ id: "evt_2s_0", type: "payment_intent.succeeded", created: NOV_21 - 60 },
];

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	requests = stubApi(
		on(listStripeEvents).reply(() => ({ data: EVENTS, total_count: 2 })),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});

function renderScreen(search = "") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/events${search}`,
	);
	renderWithQueryClient(<EventsScreen />);
	return userEvent.setup();
}

const eventQueries = () =>
	requests.filter((request) => request.route === listStripeEvents).map((request) => request.query);

describe("the event log", () => {
	it("lists the events newest first, by time, type and id, each opening its details", async () => {
		renderScreen();
		const table = await screen.findByRole("table", { name: "Events" });
		await within(table).findByText("charge.succeeded");
		expect(within(table).getAllByRole("columnheader")[0]?.textContent).toMatch(/^Created/);
		const rows = within(table).getAllByRole("row").slice(1);
		expect(
			rows.map((row) =>
				within(row)
					.getAllByRole("cell")
					.map((cell) => cell.textContent),
			),
		).toEqual([
			["2026-11-21 / 10:00", "charge.succeeded", "evt_2s_1"],
			["2026-11-21 / 09:59", "payment_intent.succeeded", "evt_2s_0"],
		]);
		expect(within(table).getByRole("link", { name: "evt_2s_1" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/events/details&id=evt_2s_1",
		);
		expect(eventQueries()[0]).toEqual({ page: "1", pagesize: "25", sort: "created", direction: "desc" });
		expect(screen.getByText("events")).toBeTruthy();
	});

	it("sends the type and date rules of the URL in the list's query, with the user's time zone", async () => {
		renderScreen("&filter=advanced&type_is=charge.refunded&date_after=2026-11-01&match=all&paged=2");
		await screen.findByRole("table", { name: "Events" });
		await waitFor(() => expect(eventQueries().length).toBeGreaterThan(0));
		expect(eventQueries()[0]).toMatchObject({
			page: "2",
			type_is: "charge.refunded",
			date_after: "2026-11-01",
			match: "all",
		});
		expect(typeof eventQueries()[0]?.user_timezone).toBe("string");
	});

	it("applies a type chosen in the advanced filters", async () => {
		const user = renderScreen("&filter=advanced");
		await screen.findByRole("table", { name: "Events" });
		await user.selectOptions(screen.getByRole("combobox", { name: "Add a filter" }), "type");
		await user.selectOptions(screen.getByRole("combobox", { name: "Type value" }), "payout.paid");
		await user.click(screen.getByRole("button", { name: "Filter" }));
		await waitFor(() => expect(eventQueries().at(-1)).toMatchObject({ type_is: "payout.paid" }));
	});

	it("narrowed to a payment, sends it, names it, and lets it go on 'Show all events'", async () => {
		const user = renderScreen("&payment_intent_is=pi_123");
		await screen.findByRole("table", { name: "Events" });
		await waitFor(() => expect(eventQueries()[0]).toMatchObject({ payment_intent_is: "pi_123" }));
		expect(screen.getAllByText("Showing the events of payment pi_123.").length).toBeGreaterThan(0);
		await user.click(screen.getByRole("button", { name: "Show all events" }));
		await waitFor(() => expect(eventQueries().at(-1)?.payment_intent_is).toBeUndefined());
		expect(window.location.search).not.toContain("payment_intent_is");
		expect(screen.queryByRole("button", { name: "Show all events" })).toBeNull();
	});
});
