/**
 * One of Stripe's events: its JSON as sent, indented, and its deliveries, each naming its
 * endpoint and opening the delivery's details; an event no longer kept is said to be so.
 */
import { getStripeEvent, listWebhookEndpoints } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { on, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import EventDetailsScreen from "./event-details-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const BODY = {
	id: "evt_2s_1",
	object: "event",
	type: "charge.succeeded",
	created: NOV_21,
	data: { object: { id: "ch_1", object: "charge", amount: 5_000, payment_intent: "pi_1" } },
};

const EVENT: ResponseInputOf<typeof getStripeEvent> = {
	id: "evt_2s_1",
	type: "charge.succeeded",
	created: NOV_21,
	body: BODY,
	deliveries: [
		{
			id: "whd_9",
			endpoint_id: "we_orders",
			event_id: "evt_2s_1",
			event_type: "charge.succeeded",
			created: NOV_21,
			status: "delivered",
			attempts: 1,
			next_attempt_at: null,
			delivered_at: NOV_21 + 1,
			last_attempt: {
				attempt: 1,
				created: NOV_21 + 1,
				duration_ms: 40,
				status: 200,
				error: null,
				response_body: "",
			},
		},
	],
};

beforeEach(() => {
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	stubApi(
		on(getStripeEvent).reply(({ params }) =>
			params.id === EVENT.id ? EVENT : restError(404, "wcpay_stripe_event_not_found", "No such event."),
		),
		on(listWebhookEndpoints).reply(() => ({
			data: [
				{
					id: "we_orders",
					url: "https://shop.example/webhooks/orders",
					description: null,
					enabled_events: ["*"],
					status: "enabled",
					created: NOV_21 - 86_400,
					failing_since: null,
					success_rate: 1,
					recent_deliveries: 1,
				},
			],
		})),
	);
});

function renderScreen(id: string) {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/events/details&id=${id}`,
	);
	renderWithQueryClient(<EventDetailsScreen />);
}

describe("an event's screen", () => {
	it("shows the event's JSON as sent, indented", async () => {
		renderScreen("evt_2s_1");
		expect(await screen.findByRole("heading", { name: "charge.succeeded" })).toBeTruthy();
		const json = screen.getByRole("region", { name: "Event data" });
		expect(json.querySelector("pre")?.textContent).toBe(JSON.stringify(BODY, null, 2));
		expect(json.textContent).toContain('\n  "data": {\n    "object": {\n      "id": "ch_1",');
	});

	it("lists its deliveries by endpoint, each opening the delivery", async () => {
		renderScreen("evt_2s_1");
		const table = await screen.findByRole("table", { name: "Deliveries" });
		const endpoint = await within(table).findByRole("link", { name: "https://shop.example/webhooks/orders" });
		expect(endpoint.getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/details&id=we_orders",
		);
		const row = endpoint.closest("tr") as HTMLElement;
		expect(
			within(row)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		).toEqual(["https://shop.example/webhooks/orders", "2026-11-21 / 10:00", "Delivered", "1", "200", "—"]);
		expect(within(row).getByRole("link", { name: "2026-11-21 / 10:00" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/delivery&id=whd_9",
		);
	});

	it("says so when the event is not kept", async () => {
		renderScreen("evt_gone_0");
		// The notice's text is also spoken, through a live region of its own.
		expect(
			await screen.findAllByText("This event does not exist, or it is no longer kept."),
		).not.toHaveLength(0);
	});
});
