/**
 * Spec 2 "Payouts list": the screen shows, from top to bottom, the feedback prompt, the
 * next-payout notice, the payout-failure warning and the 'Payout history' table. (The prompt's
 * own section calls it the admin footer's; the screen's order is the more specific rule.)
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import { jsonResponse, stubFetch } from "../../testing/payments.ts";
import { testSettings } from "../../testing/settings.ts";
import PayoutsScreen from "./payouts-screen.tsx";

const BASE = "/wp-json/wc/v3/payments";

beforeEach(() => {
	testSettings();
	stubFetch((_method, path) => {
		if (path === `${BASE}/deposits`) return jsonResponse(200, { data: [], total_count: 0 });
		if (path === `${BASE}/deposits/summary`) {
			return jsonResponse(200, { count: 0, total: 0, currency: "usd", store_currencies: ["usd"] });
		}
		if (path === "/wp-json/wc-admin/options") return jsonResponse(200, { woocommerce_allow_tracking: "yes" });
		return jsonResponse(200, {
			id: 1,
			username: "admin",
			name: "Alex",
			first_name: "Alex",
			last_name: "",
			email: "alex@example.com",
			roles: ["administrator"],
			capabilities: {},
			meta: {},
		});
	});
});

function renderScreen() {
	window.history.replaceState(null, "", "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts");
	return render(
		<QueryClientProvider client={createQueryClient()}>
			<PayoutsScreen />
		</QueryClientProvider>,
	);
}

describe("payouts list (spec 2)", () => {
	it("shows the feedback prompt first, above the 'Payout history' table", async () => {
		const { container } = renderScreen();
		const prompt = await screen.findByRole("region", { name: "Feedback" });
		const table = screen.getByRole("table", { name: "Payout history" });
		expect(prompt.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		expect(container.querySelector(".paydesk-payouts")?.firstElementChild).toBe(prompt);
	});
});

describe("payouts list in the page language (spec 1 §1)", () => {
	it("groups the count and the total with an apostrophe in Swiss German", async () => {
		testSettings({ locale: { code: "de_CH", language: "de" }, storeCurrency: "chf" });
		stubFetch((_method, path) => {
			if (path === `${BASE}/deposits`) return jsonResponse(200, { data: [], total_count: 12_345 });
			if (path === `${BASE}/deposits/summary`)
				return jsonResponse(200, {
					count: 12_345,
					total: 123_456_789,
					currency: "chf",
					store_currencies: ["chf"],
				});
			if (path === "/wp-json/wc-admin/options") return jsonResponse(200, {});
			return jsonResponse(404, { code: "rest_no_route", message: "No route.", data: { status: 404 } });
		});
		renderScreen();
		expect(await screen.findByText("12'345")).toBeTruthy();
		expect(screen.getByText("CHF 1'234'567.89")).toBeTruthy();
	});
});
