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
