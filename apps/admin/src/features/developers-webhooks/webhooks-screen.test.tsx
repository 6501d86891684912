/**
 * The webhook endpoints list: each endpoint with its events (all, or a count whose names open on
 * demand), its status (and since when it fails) and its recent success rate. An administrator
 * adds an endpoint and is shown its signing secret once, with a copy button; a refused URL keeps
 * the dialog open with the server's reason. A shop manager reads the list and changes nothing.
 */
import { createWebhookEndpoint, listWebhookEndpoints } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Answer, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import WebhooksScreen from "./webhooks-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const ENDPOINTS: ResponseInputOf<typeof listWebhookEndpoints>["data"] = [
	{
		id: "we_orders",
		url: "https://shop.example/webhooks/orders",
		description: "Order sync",
		enabled_events: ["*"],
		status: "enabled",
		created: NOV_21,
		failing_since: null,
		success_rate: 0.97,
		recent_deliveries: 100,
	},
	{
		id: "we_payouts",
		url: "https://books.example/hooks",
		description: null,
		enabled_events: ["payout.paid", "payout.failed"],
		status: "disabled",
		created: NOV_21,
		failing_since: NOV_21 + 3_600,
		success_rate: null,
		recent_deliveries: 0,
	},
];

const SECRET = "whsec_test_5f2b9c1d7e";

let requests: RecordedRequest[];
let createAnswer: () => Answer<typeof createWebhookEndpoint>;

beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	createAnswer = () => ({
		...ENDPOINTS[0]!,
		id: "we_new",
		url: "https://new.example/hook",
		enabled_events: ["payout.paid"],
		success_rate: null,
		recent_deliveries: 0,
		secret: SECRET,
	});
	requests = stubApi(
		on(listWebhookEndpoints).reply(() => ({ data: ENDPOINTS })),
		on(createWebhookEndpoint).reply(() => createAnswer()),
	);
});

// A closing modal finishes its exit animation on a timer; let it end before the document goes.
afterEach(async () => {
	await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
});

function renderScreen() {
	window.history.replaceState(
		null,
		"",
		"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks",
	);
	renderWithQueryClient(
		<>
			<WebhooksScreen />
			<NoticeProbe />
		</>,
	);
	return userEvent.setup();
}

const rowOf = (text: string) => screen.getByRole("link", { name: text }).closest("tr") as HTMLElement;

describe("the webhook endpoints list", () => {
	it("shows each endpoint's URL, description, events, status and recent success rate", async () => {
		renderScreen();
		await screen.findByRole("link", { name: "https://shop.example/webhooks/orders" });
		const headings = within(screen.getByRole("table", { name: "Webhook endpoints" }))
			.getAllByRole("columnheader")
			.map((cell) => cell.textContent);
		expect(headings).toEqual(["URL", "Description", "Events", "Status", "Success rate"]);

		const orders = rowOf("https://shop.example/webhooks/orders");
		expect(orders.textContent).toContain("Order sync");
		expect(orders.textContent).toContain("All events");
		expect(orders.textContent).toContain("Enabled");
		expect(orders.textContent).toContain("97% of the last 100 deliveries");
		expect(
			within(orders).getByRole("link", { name: "https://shop.example/webhooks/orders" }).getAttribute("href"),
		).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/details&id=we_orders");

		const payouts = rowOf("https://books.example/hooks");
		expect(payouts.textContent).toContain("Disabled");
		expect(payouts.textContent).toContain("Failing since 2026-11-21 / 11:00");
		expect(within(payouts).getAllByRole("cell")[4]?.textContent).toBe("—");
		// The two event types are listed on demand, under their count.
		const events = within(payouts).getByText("2 events").closest("details") as HTMLDetailsElement;
		expect(events.open).toBe(false);
		expect(within(events).getByText("payout.paid")).toBeTruthy();
		expect(within(events).getByText("payout.failed")).toBeTruthy();
	});

	it("an administrator adds an endpoint for chosen events and sees its signing secret once, to copy", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
		const dialog = await screen.findByRole("dialog", { name: "Add an endpoint" });
		await user.type(within(dialog).getByRole("textbox", { name: "URL" }), "https://new.example/hook");
		await user.type(within(dialog).getByRole("textbox", { name: "Description (optional)" }), "Books");
		await user.click(within(dialog).getByRole("radio", { name: "Selected events" }));
		await user.type(within(dialog).getByRole("searchbox", { name: "Search event types" }), "payout.");
		expect(within(dialog).queryByRole("checkbox", { name: "charge.refunded" })).toBeNull();
		await user.click(within(dialog).getByRole("checkbox", { name: "payout.paid" }));
		await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));

		const secretDialog = await screen.findByRole("dialog", { name: "Endpoint added" });
		const sent = requests.filter((request) => request.route === createWebhookEndpoint);
		expect(sent.map((request) => request.body)).toEqual([
			{ url: "https://new.example/hook", description: "Books", enabled_events: ["payout.paid"] },
		]);
		const field = within(secretDialog).getByRole("textbox", { name: "Signing secret" }) as HTMLInputElement;
		expect(field.value).toBe(SECRET);
		expect(field.readOnly).toBe(true);
		await user.click(within(secretDialog).getByRole("button", { name: "Copy" }));
		expect(within(secretDialog).getByRole("button", { name: "Copied" })).toBeTruthy();
		expect(await navigator.clipboard.readText()).toBe(SECRET);

		await user.click(within(secretDialog).getByRole("button", { name: "Done" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(screen.getByRole("list", { name: "notices" }).textContent).toContain("Webhook endpoint added.");
		expect(screen.queryByDisplayValue(SECRET)).toBeNull();
	});

	it("sends ['*'] for all events, and asks for at least one type when none is checked", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
		const dialog = await screen.findByRole("dialog", { name: "Add an endpoint" });
		await user.type(within(dialog).getByRole("textbox", { name: "URL" }), "https://new.example/hook");
		await user.click(within(dialog).getByRole("radio", { name: "Selected events" }));
		await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
		expect(within(dialog).getByText("Choose at least one event type, or all events.")).toBeTruthy();
		expect(requests.filter((request) => request.route === createWebhookEndpoint)).toEqual([]);

		await user.click(within(dialog).getByRole("radio", { name: "All events" }));
		await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
		await screen.findByRole("dialog", { name: "Endpoint added" });
		expect(requests.find((request) => request.route === createWebhookEndpoint)?.body).toEqual({
			url: "https://new.example/hook",
			description: null,
			enabled_events: ["*"],
		});
	});

	it("a refused URL keeps the dialog open and says why, in the server's words", async () => {
		createAnswer = () =>
			restError(400, "rest_invalid_param", "Invalid parameter(s): url", {
				params: { url: "url must be an http:// or https:// URL" },
			});
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Add endpoint" }));
		const dialog = await screen.findByRole("dialog", { name: "Add an endpoint" });
		await user.type(within(dialog).getByRole("textbox", { name: "URL" }), "ftp://files.example");
		await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
		expect(await within(dialog).findByText("URL must be an http:// or https:// URL")).toBeTruthy();
		expect(screen.getByRole("dialog", { name: "Add an endpoint" })).toBe(dialog);
		expect(screen.queryByRole("dialog", { name: "Endpoint added" })).toBeNull();
	});

	it("a shop manager sees the endpoints but is offered no change", async () => {
		testSettings({
			user: {
				id: 2,
				login: "manager",
				firstName: "Sam",
				displayName: "Sam",
				email: "sam@example.com",
				roles: ["shop_manager"],
			},
		});
		renderScreen();
		await screen.findByRole("link", { name: "https://shop.example/webhooks/orders" });
		expect(screen.queryByRole("button", { name: "Add endpoint" })).toBeNull();
	});
});
