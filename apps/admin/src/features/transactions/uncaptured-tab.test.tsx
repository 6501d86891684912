/**
 * The uncaptured tab (spec 2 "Uncaptured tab", §4, §8): authorizations oldest first, the sort
 * key capture_by sent as created, the total only in one currency, and Capture / Cancel from the
 * row sharing one in-progress state, each click with its own Idempotency-Key.
 */
import { getAuthorizationsSummary, listAuthorizations } from "@paydesk/contract/authorizations";
import { type CaptureResponse, cancelAuthorization, captureAuthorization } from "@paydesk/contract/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as notices from "../../app/notices.tsx";
import { deferred, on, type RecordedRequest, restError } from "../../testing/network.ts";
import { testSettings } from "../../testing/settings.ts";
import { authorizationRow, renderScreen, stubScreenApi } from "./screen-fixtures.tsx";

beforeEach(() => {
	testSettings();
});
afterEach(() => {
	vi.restoreAllMocks();
});

const TAB = "&tab=uncaptured-page";
const listRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.route === listAuthorizations);

describe("uncaptured tab", () => {
	it("lists authorizations created ascending by default, with their capture-by deadline", async () => {
		const requests = stubScreenApi();
		renderScreen(TAB);
		const table = await screen.findByRole("table", { name: "Uncaptured transactions" });
		await within(table).findByText("November 27, 2026 / 10:00 am");
		expect(listRequests(requests)[0]?.query.sort).toBe("created");
		expect(listRequests(requests)[0]?.query.direction).toBe("asc");
		const summary = screen.getByRole("list", { name: "Uncaptured transactions summary" });
		await waitFor(() => expect(summary.textContent).toBe("3transactions$300.00total"));
	});

	it("sends the capture_by sort as created", async () => {
		const requests = stubScreenApi();
		renderScreen(`${TAB}&orderby=capture_by&order=desc`);
		await screen.findByRole("table", { name: "Uncaptured transactions" });
		await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(0));
		expect(listRequests(requests)[0]?.query.sort).toBe("created");
		expect(listRequests(requests)[0]?.query.direction).toBe("desc");
	});

	it("shows no total when the authorizations span several currencies", async () => {
		stubScreenApi(
			on(getAuthorizationsSummary).reply(() => ({
				count: 3,
				total: 30000,
				currency: null,
				all_currencies: ["gbp", "usd"],
			})),
		);
		renderScreen(TAB);
		const summary = await screen.findByRole("list", { name: "Uncaptured transactions summary" });
		expect(summary.textContent).toBe("3transactions");
	});

	it("captures from the row with an Idempotency-Key, both actions waiting meanwhile", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		const captured = deferred<CaptureResponse>();
		const requests = stubScreenApi(on(captureAuthorization).reply(() => captured.promise));
		const user = renderScreen(TAB);
		const capture = await screen.findByRole("button", { name: "Capture the payment for order #2768" });
		const cancel = screen.getByRole("button", { name: "Cancel the payment for order #2768" });
		await user.click(capture);
		await waitFor(() => expect(capture.getAttribute("aria-disabled")).toBe("true"));
		expect(cancel.getAttribute("aria-disabled")).toBe("true");
		captured.resolve({ id: "pi_auth_1", status: "succeeded" });
		await waitFor(() =>
			expect(spy).toHaveBeenCalledWith("success", "Payment for order #2768 captured successfully."),
		);
		const post = requests.find((r) => r.route === captureAuthorization);
		expect(post?.params).toEqual({ order: "2768" });
		expect(post?.method).toBe("POST");
		expect(post?.body).toEqual({ payment_intent_id: "pi_auth_1" });
		expect(post?.headers.get("Idempotency-Key")).toMatch(/^capture-/);
		// The lists are refreshed after a capture.
		await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(1));
	});

	it("gives every click its own Idempotency-Key", async () => {
		const requests = stubScreenApi(
			on(captureAuthorization).reply(() => restError(500, "wcpay_server_error")),
		);
		const user = renderScreen(TAB);
		const capture = await screen.findByRole("button", { name: "Capture the payment for order #2768" });
		await user.click(capture);
		await waitFor(() => expect(capture.getAttribute("aria-disabled")).toBeNull());
		await user.click(capture);
		await waitFor(() => expect(requests.filter((r) => r.route === captureAuthorization)).toHaveLength(2));
		const keys = requests
			.filter((r) => r.route === captureAuthorization)
			.map((r) => r.headers.get("Idempotency-Key"));
		expect(keys[0]).not.toBe(keys[1]);
	});

	it("names the reason of a failed capture", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi(
			on(captureAuthorization).reply(() =>
				restError(400, "wcpay_capture_error", "wcpay_capture_error", {
					extra_details: {
						error_type: "amount_too_small",
						minimum_amount: 50,
						minimum_amount_currency: "usd",
					},
				}),
			),
		);
		const user = renderScreen(TAB);
		await user.click(await screen.findByRole("button", { name: "Capture the payment for order #2768" }));
		await waitFor(() =>
			expect(spy).toHaveBeenCalledWith(
				"error",
				"There has been an error capturing the payment for order #2768. The minimum amount that can be processed is 0.50 USD.",
			),
		);
	});

	it("cancels after the merchant confirms", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		const requests = stubScreenApi(
			on(cancelAuthorization).reply(() => ({ id: "pi_auth_1", status: "canceled" })),
		);
		const user = renderScreen(TAB);
		const cancel = await screen.findByRole("button", { name: "Cancel the payment for order #2768" });
		await user.click(cancel);
		let dialog = await screen.findByRole("dialog", { name: "Cancel authorization" });
		expect(dialog.textContent).toContain("Cancel the authorization of order #2768?");
		await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(requests.some((r) => r.route === cancelAuthorization)).toBe(false);
		await user.click(cancel);
		dialog = await screen.findByRole("dialog", { name: "Cancel authorization" });
		await user.click(within(dialog).getByRole("button", { name: "Cancel authorization" }));
		await waitFor(() =>
			expect(spy).toHaveBeenCalledWith("success", "Payment for order #2768 canceled successfully."),
		);
		expect(requests.find((r) => r.route === cancelAuthorization)?.headers.get("Idempotency-Key")).toMatch(
			/^cancel-/,
		);
	});

	it("offers no actions on an authorization without an order", async () => {
		stubScreenApi(
			on(listAuthorizations).reply(() => ({ data: [authorizationRow({ order_id: null })], total_count: 1 })),
		);
		renderScreen(TAB);
		const table = await screen.findByRole("table", { name: "Uncaptured transactions" });
		await within(table).findByText("Sophia Lewis");
		expect(within(table).queryByRole("button", { name: /^Capture the payment/ })).toBeNull();
	});
});
