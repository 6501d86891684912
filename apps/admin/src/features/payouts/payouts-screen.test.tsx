/**
 * Spec 2 "Payouts list": the screen shows, from top to bottom, the feedback prompt, the
 * next-payout notice, the payout-failure warning and the 'Payout history' table. (The prompt's
 * own section calls it the admin footer's; the screen's order is the more specific rule.)
 */
import { getDepositsSummary, listDeposits } from "@paydesk/contract/deposits";
import { getCurrentUser, getOptions } from "@paydesk/contract/wp";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import PayoutsScreen from "./payouts-screen.tsx";

beforeEach(() => {
	testSettings();
	stubApi(
		on(listDeposits).reply(() => ({ data: [], total_count: 0 })),
		on(getDepositsSummary).reply(() => ({ count: 0, total: 0, currency: "usd", store_currencies: ["usd"] })),
		on(getOptions).reply(() => ({ woocommerce_allow_tracking: "yes" })),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});

function renderScreen() {
	window.history.replaceState(null, "", "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts");
	return renderWithQueryClient(<PayoutsScreen />);
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
		stubApi(
			on(listDeposits).reply(() => ({ data: [], total_count: 12_345 })),
			on(getDepositsSummary).reply(() => ({
				count: 12_345,
				total: 123_456_789,
				currency: "chf",
				store_currencies: ["chf"],
			})),
			on(getOptions).reply(() => ({})),
			on(getCurrentUser).reply(() => restError(404, "rest_no_route", "No route.")),
		);
		renderScreen();
		expect(await screen.findByText("12'345")).toBeTruthy();
		expect(screen.getByText("CHF 1'234'567.89")).toBeTruthy();
	});
});
