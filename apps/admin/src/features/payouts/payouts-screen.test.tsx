/**
 * Spec 2 "Payouts list": the screen shows its notices, then the 'Payout history' table. The
 * feedback prompt sits in the admin footer of every payments page (spec 2 §2 "Feedback prompt"),
 * not in the screen.
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
	it("shows the 'Payout history' table, and leaves the feedback prompt to the admin footer", async () => {
		renderScreen();
		expect(await screen.findByRole("table", { name: "Payout history" })).toBeTruthy();
		expect(screen.queryByRole("region", { name: "Feedback" })).toBeNull();
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
