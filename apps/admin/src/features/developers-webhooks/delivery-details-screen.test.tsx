/**
 * One webhook delivery: its event and endpoint, the request sent (headers, and the body as
 * indented JSON) and each attempt with its time, duration, answer or error and response body.
 * An administrator sends it again: the new attempt is shown with a notice of how the endpoint
 * answered, and a delivery being sent at that moment is refused with the server's message. A
 * shop manager reads it and cannot send it.
 */
import { getWebhookDelivery, resendWebhookDelivery } from "@paydesk/contract/developers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { type Answer, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import DeliveryDetailsScreen from "./delivery-details-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const BODY = '{"id":"evt_a_0","object":"event","type":"charge.refunded","data":{"object":{"id":"ch_1"}}}';

const FIRST = {
	attempt: 1,
	created: NOV_21,
	duration_ms: 1_250,
	status: 500,
	error: null,
	response_body: '{"error":"database down"}',
};
const SECOND = {
	attempt: 2,
	created: NOV_21 + 3_600,
	duration_ms: 30_000,
	status: null,
	error: "connect ECONNREFUSED",
	response_body: null,
};

const DELIVERY: ResponseInputOf<typeof getWebhookDelivery> = {
	id: "whd_1",
	endpoint_id: "we_orders",
	event_id: "evt_a_0",
	event_type: "charge.refunded",
	created: NOV_21,
	status: "pending",
	attempts: 2,
	next_attempt_at: NOV_21 + 7_200,
	delivered_at: null,
	last_attempt: SECOND,
	endpoint_url: "https://shop.example/webhooks/orders",
	request: {
		headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": "t=1,v1=abc" },
		body: BODY,
	},
	attempts_list: [FIRST, SECOND],
};

const THIRD = {
	attempt: 3,
	created: NOV_21 + 4_000,
	duration_ms: 80,
	status: 200,
	error: null,
	response_body: "ok",
};

let requests: RecordedRequest[];
let resendAnswer: () => Answer<typeof resendWebhookDelivery>;
let delivered: boolean;

beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	delivered = false;
	resendAnswer = () => {
		delivered = true;
		const { endpoint_url: _url, request: _request, attempts_list: _list, ...delivery } = DELIVERY;
		return {
			...delivery,
			status: "delivered",
			attempts: 3,
			delivered_at: THIRD.created,
			last_attempt: THIRD,
		};
	};
	requests = stubApi(
		on(getWebhookDelivery).reply(({ params }) =>
			params.id !== "whd_1"
				? restError(404, "wcpay_webhook_delivery_not_found", "No such webhook delivery.")
				: delivered
					? {
							...DELIVERY,
							status: "delivered",
							attempts: 3,
							last_attempt: THIRD,
							attempts_list: [FIRST, SECOND, THIRD],
						}
					: DELIVERY,
		),
		on(resendWebhookDelivery).reply(() => resendAnswer()),
	);
});

function renderScreen(id = "whd_1") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/delivery&id=${id}`,
	);
	renderWithQueryClient(
		<>
			<DeliveryDetailsScreen />
			<NoticeProbe />
		</>,
	);
	return userEvent.setup();
}

const notices = () => screen.getByRole("list", { name: "notices" });

describe("a webhook delivery's screen", () => {
	it("shows its event, endpoint, the request's headers and indented JSON body, and each attempt", async () => {
		renderScreen();
		expect(await screen.findByRole("heading", { name: "charge.refunded" })).toBeTruthy();
		expect(
			screen.getByRole("link", { name: "https://shop.example/webhooks/orders" }).getAttribute("href"),
		).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/developers/webhooks/details&id=we_orders");
		expect(screen.getByRole("link", { name: "evt_a_0" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/events/details&id=evt_a_0",
		);
		expect(screen.getByText("t=1,v1=abc")).toBeTruthy();
		const body = screen.getByRole("region", { name: "Request body" });
		expect(body.textContent).toBe(JSON.stringify(JSON.parse(BODY), null, 2));

		const attempts = screen
			.getByRole("heading", { name: "Attempts" })
			.closest(".components-card") as HTMLElement;
		const items = within(attempts).getAllByRole("listitem");
		expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
			"Attempt 1",
			"Attempt 2",
		]);
		expect(items[0]?.textContent).toContain("2026-11-21 / 10:00");
		expect(items[0]?.textContent).toContain("1,250 ms");
		expect(items[0]?.textContent).toContain("Answer500");
		expect(
			within(items[0] as HTMLElement).getByRole("region", { name: "Response body of attempt 1" }).textContent,
		).toBe('{\n  "error": "database down"\n}');
		expect(items[1]?.textContent).toContain("Errorconnect ECONNREFUSED");
		expect(items[1]?.textContent).toContain("No response body.");
	});

	it("an administrator sends it again: the new attempt shows, with the endpoint's answer in a notice", async () => {
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Resend" }));
		await waitFor(() =>
			expect(notices().textContent).toContain("Delivery sent again: the endpoint answered 200."),
		);
		expect(
			within(notices())
				.getByText(/answered 200/)
				.getAttribute("data-status"),
		).toBe("success");
		expect(await screen.findByRole("heading", { name: "Attempt 3" })).toBeTruthy();
		expect(screen.getByText("Delivered", { selector: ".paydesk-chip" })).toBeTruthy();
		expect(
			requests.filter((request) => request.route === resendWebhookDelivery).map((r) => r.method),
		).toEqual(["POST"]);
	});

	it("an attempt the endpoint refuses is told as an error", async () => {
		resendAnswer = () => {
			const { endpoint_url: _url, request: _request, attempts_list: _list, ...delivery } = DELIVERY;
			return { ...delivery, attempts: 3, last_attempt: { ...THIRD, status: 503, response_body: null } };
		};
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Resend" }));
		const notice = await within(notices()).findByText("Delivery sent again, but the endpoint answered 503.");
		expect(notice.getAttribute("data-status")).toBe("error");
	});

	it("a delivery being sent at that moment is refused with the server's message", async () => {
		resendAnswer = () =>
			restError(
				409,
				"wcpay_webhook_delivery_busy",
				"This delivery is being sent right now. Try again in a few seconds.",
			);
		const user = renderScreen();
		await user.click(await screen.findByRole("button", { name: "Resend" }));
		const notice = await within(notices()).findByText(
			"This delivery is being sent right now. Try again in a few seconds.",
		);
		expect(notice.getAttribute("data-status")).toBe("error");
	});

	it("a shop manager reads the delivery and cannot send it", async () => {
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
		await screen.findByRole("heading", { name: "charge.refunded" });
		expect(screen.queryByRole("button", { name: "Resend" })).toBeNull();
	});

	it("says so when the delivery is not kept", async () => {
		renderScreen("whd_gone");
		// The notice's text is also spoken, through a live region of its own.
		expect(
			await screen.findAllByText("This webhook delivery does not exist, or it is no longer kept."),
		).not.toHaveLength(0);
	});
});
