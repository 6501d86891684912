/**
 * One webhook endpoint: its facts, then its deliveries, filtered by status and event type in the
 * request's query. An administrator disables it, deletes it (after a confirmation, then back to
 * the list), reveals its secret and hides it again, rolls the secret (the old one signing on as
 * long as chosen, the new one shown once) and sends failed deliveries again since a day. A shop
 * manager reads it all and is offered none of these.
 */
import {
	deleteWebhookEndpoint,
	listWebhookDeliveries,
	listWebhookEndpoints,
	resendFailedWebhookDeliveries,
	revealWebhookSecret,
	rollWebhookSecret,
	updateWebhookEndpoint,
	type WebhookEndpoint,
} from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import EndpointDetailsScreen from "./endpoint-details-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const ENDPOINT: WebhookEndpoint = {
	id: "we_orders",
	url: "https://shop.example/webhooks/orders",
	description: "Order sync",
	enabled_events: ["charge.refunded", "charge.succeeded"],
	status: "enabled",
	created: NOV_21 - 5 * 86_400,
	failing_since: NOV_21,
	success_rate: 0.5,
	recent_deliveries: 4,
};

const DELIVERIES: ResponseInputOf<typeof listWebhookDeliveries>["data"] = [
	{
		id: "whd_1",
		endpoint_id: "we_orders",
		event_id: "evt_a_0",
		event_type: "charge.refunded",
		created: NOV_21,
		status: "failed",
		attempts: 3,
		next_attempt_at: null,
		delivered_at: null,
		last_attempt: {
			attempt: 3,
			created: NOV_21 + 600,
			duration_ms: 30_000,
			status: null,
			error: "timed out",
			response_body: null,
		},
	},
	{
		id: "whd_2",
		endpoint_id: "we_orders",
		event_id: "evt_b_1",
		event_type: "charge.succeeded",
		created: NOV_21 - 60,
		status: "pending",
		attempts: 1,
		next_attempt_at: NOV_21 + 3_600,
		delivered_at: null,
		last_attempt: {
			attempt: 1,
			created: NOV_21,
			duration_ms: 120,
			status: 500,
			error: null,
			response_body: "oops",
		},
	},
];

let requests: RecordedRequest[];
let endpoint: WebhookEndpoint;

beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	endpoint = ENDPOINT;
	requests = stubApi(
		on(listWebhookEndpoints).reply(() => ({ data: [endpoint] })),
		on(listWebhookDeliveries).reply(() => ({ data: DELIVERIES, total_count: 2 })),
		on(updateWebhookEndpoint).reply(({ body }) => {
			endpoint = { ...endpoint, status: body.disabled ? "disabled" : "enabled" };
			return endpoint;
		}),
		on(deleteWebhookEndpoint).reply(({ params }) => ({ id: params.id, deleted: true })),
		on(revealWebhookSecret).reply(({ params }) => ({ id: params.id, secret: "whsec_current" })),
		on(rollWebhookSecret).reply(({ params, body }) => ({
			id: params.id,
			secret: "whsec_rolled",
			previous_secret_expires_at: body.expires_in ? NOV_21 + body.expires_in : null,
		})),
		on(resendFailedWebhookDeliveries).reply(() => ({ queued: 3 })),
	);
});

afterEach(async () => {
	await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
});

function renderScreen(search = "&id=we_orders") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/details${search}`,
	);
	renderWithQueryClient(
		<>
			<EndpointDetailsScreen />
			<NoticeProbe />
		</>,
	);
	return userEvent.setup();
}

const deliveryQueries = () =>
	requests.filter((request) => request.route === listWebhookDeliveries).map((request) => request.query);

const notices = () => screen.getByRole("list", { name: "notices" }).textContent;

describe("a webhook endpoint's screen", () => {
	it("shows the endpoint, then its deliveries with their status, attempts, last answer and next attempt", async () => {
		renderScreen();
		expect(await screen.findByRole("heading", { name: "https://shop.example/webhooks/orders" })).toBeTruthy();
		expect(screen.getByText("Order sync")).toBeTruthy();
		expect(screen.getByText("Failing since 2026-11-21 / 10:00")).toBeTruthy();
		expect(screen.getByText("2 events")).toBeTruthy();
		expect(screen.getByText(/^50%/)).toBeTruthy();

		const table = await screen.findByRole("table", { name: "Deliveries" });
		await within(table).findByText("charge.refunded");
		expect(
			within(table)
				.getAllByRole("columnheader")
				.map((cell) => cell.textContent),
		).toEqual(["Created", "Event type", "Event ID", "Status", "Attempts", "Last answer", "Next attempt"]);
		const [failed, pending] = within(table).getAllByRole("row").slice(1);
		expect(
			within(failed as HTMLElement)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		).toEqual(["2026-11-21 / 10:00", "charge.refunded", "evt_a_0", "Failed", "3", "timed out", "—"]);
		expect(
			within(pending as HTMLElement)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		).toEqual([
			"2026-11-21 / 09:59",
			"charge.succeeded",
			"evt_b_1",
			"Pending",
			"1",
			"500",
			"2026-11-21 / 11:00",
		]);
		expect(
			within(failed as HTMLElement)
				.getByRole("link", { name: "2026-11-21 / 10:00" })
				.getAttribute("href"),
		).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/delivery&id=whd_1");
		expect(deliveryQueries()[0]).toMatchObject({
			page: "1",
			pagesize: "25",
			sort: "created",
			direction: "desc",
		});
	});

	it("sends the status and event type filters in the deliveries' query, from page 1", async () => {
		const user = renderScreen("&id=we_orders&paged=2");
		await screen.findByRole("table", { name: "Deliveries" });
		await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "failed");
		await waitFor(() => expect(deliveryQueries().at(-1)).toMatchObject({ status_is: "failed", page: "1" }));
		await user.selectOptions(screen.getByRole("combobox", { name: "Event type" }), "charge.refunded");
		await waitFor(() =>
			expect(deliveryQueries().at(-1)).toMatchObject({
				status_is: "failed",
				event_type_is: "charge.refunded",
			}),
		);
		expect(window.location.search).toContain("status_is=failed");
		expect(window.location.search).toContain("event_type_is=charge.refunded");
	});

	it("an administrator disables the endpoint", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Disable" }));
		await waitFor(() => expect(notices()).toContain("Webhook endpoint disabled."));
		expect(requests.find((request) => request.route === updateWebhookEndpoint)?.body).toEqual({
			disabled: true,
		});
		expect(await screen.findByRole("button", { name: "Enable" })).toBeTruthy();
	});

	it("edits the endpoint in the same dialog, filled with what it has", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Edit" }));
		const dialog = await screen.findByRole("dialog", { name: "Edit endpoint" });
		expect((within(dialog).getByRole("textbox", { name: "URL" }) as HTMLInputElement).value).toBe(
			ENDPOINT.url,
		);
		expect((within(dialog).getByRole("radio", { name: "Selected events" }) as HTMLInputElement).checked).toBe(
			true,
		);
		expect(
			(within(dialog).getByRole("checkbox", { name: "charge.refunded" }) as HTMLInputElement).checked,
		).toBe(true);
		await user.click(within(dialog).getByRole("checkbox", { name: "charge.succeeded" }));
		await user.clear(within(dialog).getByRole("textbox", { name: "Description (optional)" }));
		await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(requests.find((request) => request.route === updateWebhookEndpoint)?.body).toEqual({
			url: ENDPOINT.url,
			description: null,
			enabled_events: ["charge.refunded"],
		});
		expect(notices()).toContain("Webhook endpoint saved.");
	});

	it("deleting asks first, then deletes and goes back to the endpoints list", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Delete" }));
		const dialog = await screen.findByRole("dialog", { name: "Delete this endpoint?" });
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		expect(requests.some((request) => request.route === deleteWebhookEndpoint)).toBe(false);

		await user.click(screen.getByRole("button", { name: "Delete" }));
		await user.click(
			within(await screen.findByRole("dialog", { name: "Delete this endpoint?" })).getByRole("button", {
				name: "Delete endpoint",
			}),
		);
		await waitFor(() =>
			expect(window.location.search).toBe("?page=wc-admin&path=/payments/developers/webhooks"),
		);
		expect(requests.filter((request) => request.route === deleteWebhookEndpoint).map((r) => r.path)).toEqual([
			"/wp-json/wc/v3/payments/developers/webhook-endpoints/we_orders",
		]);
	});

	it("reveals the signing secret on demand, with a copy button, and hides it again", async () => {
		const user = renderScreen();
		expect(screen.queryByDisplayValue("whsec_current")).toBeNull();
		await user.click(await screen.findByRole("button", { name: "Reveal secret" }));
		const field = (await screen.findByRole("textbox", { name: "Signing secret" })) as HTMLInputElement;
		expect(field.value).toBe("whsec_current");
		expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
		await user.click(screen.getByRole("button", { name: "Hide secret" }));
		expect(screen.queryByDisplayValue("whsec_current")).toBeNull();
		expect(screen.getByRole("button", { name: "Reveal secret" })).toBeTruthy();
	});

	it("rolls the secret with the old one signing 24 hours more, and shows the new one once", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Roll secret" }));
		const dialog = await screen.findByRole("dialog", { name: "Roll signing secret" });
		await user.click(within(dialog).getByRole("radio", { name: "In 24 hours" }));
		await user.click(within(dialog).getByRole("button", { name: "Roll secret" }));
		const shown = await screen.findByRole("dialog", { name: "New signing secret" });
		expect(requests.find((request) => request.route === rollWebhookSecret)?.body).toEqual({
			expires_in: 86_400,
		});
		expect((within(shown).getByRole("textbox", { name: "Signing secret" }) as HTMLInputElement).value).toBe(
			"whsec_rolled",
		);
		expect(shown.textContent).toContain("The previous secret also signs events until 2026-11-22 / 10:00.");
		await user.click(within(shown).getByRole("button", { name: "Done" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		expect(screen.queryByDisplayValue("whsec_rolled")).toBeNull();
	});

	it("sends failed deliveries again since the chosen day, and says how many", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Resend failed" }));
		const dialog = await screen.findByRole("dialog", { name: "Resend failed deliveries" });
		const day = within(dialog).getByLabelText("Failed deliveries since") as HTMLInputElement;
		// The day the endpoint began failing is offered first.
		expect(day.value).toBe(new Date(NOV_21 * 1000).toLocaleDateString("sv"));
		await user.clear(day);
		await user.type(day, "2026-11-20");
		await user.click(within(dialog).getByRole("button", { name: "Resend" }));
		await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
		// Midnight of that day where the merchant is.
		expect(requests.find((request) => request.route === resendFailedWebhookDeliveries)?.body).toEqual({
			since: new Date(2026, 10, 20).getTime() / 1000,
		});
		expect(notices()).toContain("3 failed deliveries are being sent again.");
	});

	it("a shop manager reads the endpoint and its deliveries, and is offered no change", async () => {
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
		await screen.findByRole("heading", { name: "https://shop.example/webhooks/orders" });
		await screen.findByText("charge.refunded", { selector: "code" });
		for (const name of ["Edit", "Disable", "Delete", "Reveal secret", "Roll secret", "Resend failed"]) {
			expect(screen.queryByRole("button", { name })).toBeNull();
		}
	});

	it("says so when the account has no such endpoint", async () => {
		renderScreen("&id=we_gone");
		// The notice's text is also spoken, through a live region of its own.
		expect(
			await screen.findAllByText("This webhook endpoint does not exist, or it was deleted."),
		).not.toHaveLength(0);
	});
});
