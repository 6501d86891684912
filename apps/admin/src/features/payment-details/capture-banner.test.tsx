/**
 * Spec 2 "Summary card actions", §4 "Authorization" and §8: the capture banner of an
 * uncaptured authorization (auth-and-capture on, not failed, no refund) with its 7-day
 * deadline; Capture and Cancel share one in-progress state. The reason of each failure code is
 * in data/authorizations.test.ts.
 */
import { getAuthorization } from "@paydesk/contract/authorizations";
import type { Charge } from "@paydesk/contract/charges";
import { cancelAuthorization, captureAuthorization } from "@paydesk/contract/orders";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import {
	type Answer,
	deferred,
	on,
	type RecordedRequest,
	restError,
	stubApi,
} from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { CREATED, uncapturedChargeFixture } from "../../testing/payments.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { CaptureSection } from "./capture-banner.tsx";

const AUTHORIZATION: ResponseInputOf<typeof getAuthorization> = {
	payment_intent_id: "pi_test1",
	charge_id: "ch_test1",
	is_captured: false,
	created: new Date(CREATED * 1000).toISOString(),
	capture_by: new Date((CREATED + 7 * 86_400) * 1000).toISOString(),
	order_id: 1042,
	customer_name: "Jane Doe",
	customer_email: "jane@example.com",
	customer_country: "US",
	risk_level: 0,
	amount: 5_000,
	currency: "usd",
};

type Settled = Answer<typeof captureAuthorization>;

let requests: RecordedRequest[];
let authorization: () => Answer<typeof getAuthorization>;
let settle: (action: "capture" | "cancel") => Settled | Promise<Settled>;
beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	authorization = () => AUTHORIZATION;
	settle = (action) => ({ id: "pi_test1", status: action === "capture" ? "succeeded" : "canceled" });
	requests = stubApi(
		on(getAuthorization).reply(({ params }) =>
			params.id === "pi_test1" ? authorization() : restError(404, "authorization_missing"),
		),
		on(captureAuthorization).reply(() => settle("capture")),
		on(cancelAuthorization).reply(() => settle("cancel")),
	);
});

const renderSection = (charge: Charge = uncapturedChargeFixture(), now = CREATED + 86_400) =>
	renderWithQueryClient(
		<>
			<CaptureSection charge={charge} now={now} />
			<NoticeProbe />
		</>,
	);

const banner = () => screen.findByRole("region", { name: "Capture payment" });

describe("capture banner visibility", () => {
	it("shows for an uncaptured authorization with the deadline 7 days after creation", async () => {
		renderSection();
		expect((await banner()).textContent).toContain("Capture it by 2026-11-25 / 11:06");
	});

	it("says when the 7-day window is over", async () => {
		renderSection(uncapturedChargeFixture(), CREATED + 8 * 86_400);
		expect((await banner()).textContent).toContain(
			"The 7-day capture window of this authorization ended on 2026-11-25 / 11:06.",
		);
	});

	it("is not shown when auth-and-capture is off, the charge failed, or anything was refunded", async () => {
		const settings = testSettings();
		testSettings({ featureFlags: { ...settings.featureFlags, isAuthAndCaptureEnabled: false } });
		const off = renderSection();
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(screen.queryByRole("region", { name: "Capture payment" })).toBeNull();
		off.unmount();
		testSettings();
		for (const charge of [
			uncapturedChargeFixture({ status: "failed" }),
			uncapturedChargeFixture({ refunded: true, amount_refunded: 5_000 }),
		]) {
			const { unmount } = renderSection(charge);
			await new Promise((resolve) => setTimeout(resolve, 20));
			expect(screen.queryByRole("region", { name: "Capture payment" })).toBeNull();
			unmount();
		}
		expect(requests).toHaveLength(0);
	});

	it("is not shown once the authorization says it is captured", async () => {
		authorization = () => ({ ...AUTHORIZATION, is_captured: true });
		renderSection();
		await waitFor(() => expect(requests).toHaveLength(1));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(screen.queryByRole("region", { name: "Capture payment" })).toBeNull();
	});

	it("stays silent for authorization_missing and shows no banner", async () => {
		authorization = () => restError(404, "authorization_missing", "No");
		renderSection();
		await waitFor(() => expect(requests).toHaveLength(1));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(screen.queryByRole("region", { name: "Capture payment" })).toBeNull();
		expect(screen.getByRole("list", { name: "notices" }).textContent).toBe("");
	});

	it("says 'Error retrieving authorization.' for any other failure", async () => {
		authorization = () => restError(500, "internal_error", "No");
		renderSection();
		// One retry first (a second later), as for every read that is not a 404.
		await screen.findByText("Error retrieving authorization.", {}, { timeout: 3000 });
	});
});

describe("capture and cancel", () => {
	it("capture posts the payment intent to the order with an Idempotency-Key and reports success", async () => {
		renderSection();
		await userEvent.setup().click(await screen.findByRole("button", { name: "Capture" }));
		await screen.findByText("Payment for order #1042 captured successfully.");
		const post = requests.find((request) => request.method === "POST");
		expect(post?.url).toBe("/wp-json/wc/v3/payments/orders/1042/capture_authorization");
		expect(post?.body).toEqual({ payment_intent_id: "pi_test1" });
		expect(post?.headers.get("Idempotency-Key")).toMatch(/^capture-/);
	});

	it("cancel reports 'canceled successfully'", async () => {
		renderSection();
		await userEvent.setup().click(await screen.findByRole("button", { name: "Cancel authorization" }));
		await screen.findByText("Payment for order #1042 canceled successfully.");
		expect(requests.some((request) => request.url.endsWith("/orders/1042/cancel_authorization"))).toBe(true);
	});

	it("share one in-progress state: while one runs, both are disabled and nothing else is sent", async () => {
		const captured = deferred<Settled>();
		settle = () => captured.promise;
		const user = userEvent.setup();
		renderSection();
		const capture = await screen.findByRole("button", { name: "Capture" });
		await user.click(capture);
		const cancel = screen.getByRole("button", { name: "Cancel authorization" });
		await waitFor(() => expect(capture.getAttribute("aria-disabled")).toBe("true"));
		expect(cancel.getAttribute("aria-disabled")).toBe("true");
		await user.click(cancel);
		await user.click(capture);
		expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
		captured.resolve({ id: "pi_test1", status: "succeeded" });
		await screen.findByText("Payment for order #1042 captured successfully.");
	});

	it("shows the table's reason when the capture fails", async () => {
		settle = () =>
			restError(400, "wcpay_capture_error", "Too small", {
				extra_details: {
					error_type: "amount_too_small",
					minimum_amount: 50,
					minimum_amount_currency: "usd",
				},
			});
		renderSection();
		await userEvent.setup().click(await screen.findByRole("button", { name: "Capture" }));
		await screen.findByText(
			"There has been an error capturing the payment for order #1042. The minimum amount that can be processed is 0.50 USD.",
		);
	});
});
