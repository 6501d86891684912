/**
 * The transactions screen's tabs (spec 2 "Transactions"): switching tabs resets paged to 1 and
 * per_page to 25 and clears order and orderby; the uncaptured tab shows only when
 * auth-and-capture is enabled and there are uncaptured authorizations or the account qualifies,
 * and its title carries the count.
 */
import { getAuthorizationsSummary } from "@paydesk/contract/authorizations";
import { getPaymentSettings } from "@paydesk/contract/settings";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { getSettings } from "../../app/settings.ts";
import { on } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { testSettings } from "../../testing/settings.ts";
import { currentQuery, renderScreen, stubScreenApi } from "./screen-fixtures.tsx";

beforeEach(() => {
	testSettings();
});

const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

describe("transactions tabs", () => {
	it("opens on all transactions and titles the uncaptured tab with its count", async () => {
		stubScreenApi();
		renderScreen();
		expect(await screen.findByRole("tab", { name: "Uncaptured (3)" })).toBeTruthy();
		expect(tabNames()).toEqual(["All transactions", "Uncaptured (3)", "Blocked"]);
		expect(screen.getByRole("tab", { name: "All transactions" }).getAttribute("aria-selected")).toBe("true");
		expect(await screen.findByRole("table", { name: "Transactions" })).toBeTruthy();
	});

	it("switching tabs resets paged to 1 and per_page to 25, clears order and orderby, and keeps the filters", async () => {
		stubScreenApi();
		const user = renderScreen("&paged=3&per_page=50&orderby=amount&order=asc&type_is=refund");
		await user.click(await screen.findByRole("tab", { name: "Uncaptured (3)" }));
		const query = currentQuery();
		expect(query.get("tab")).toBe("uncaptured-page");
		expect(query.get("paged")).toBe("1");
		expect(query.get("per_page")).toBe("25");
		expect(query.has("orderby")).toBe(false);
		expect(query.has("order")).toBe(false);
		expect(query.get("type_is")).toBe("refund");
		expect(await screen.findByRole("table", { name: "Uncaptured transactions" })).toBeTruthy();
		expect(screen.getByRole("tab", { name: "Uncaptured (3)" }).getAttribute("aria-selected")).toBe("true");

		await user.click(screen.getByRole("tab", { name: "Blocked" }));
		expect(currentQuery().get("tab")).toBe("blocked-page");
		expect(await screen.findByRole("table", { name: "Blocked transactions" })).toBeTruthy();
	});

	it("has no uncaptured tab when auth-and-capture is disabled, even with authorizations", async () => {
		testSettings({ featureFlags: { ...getSettings().featureFlags, isAuthAndCaptureEnabled: false } });
		stubScreenApi();
		renderScreen("&tab=uncaptured-page");
		expect(await screen.findByRole("table", { name: "Transactions" })).toBeTruthy();
		expect(tabNames()).toEqual(["All transactions", "Blocked"]);
	});

	it("has no uncaptured tab without authorizations unless the account qualifies (manual capture on)", async () => {
		const none = { count: 0, total: 0, currency: "usd", all_currencies: [] };
		stubScreenApi(on(getAuthorizationsSummary).reply(() => none));
		renderScreen();
		await waitFor(() => expect(tabNames()).toEqual(["All transactions", "Blocked"]));
		cleanup();

		stubScreenApi(
			on(getAuthorizationsSummary).reply(() => none),
			on(getPaymentSettings).reply(() => settingsFixture({ is_manual_capture_enabled: true })),
		);
		renderScreen();
		expect(await screen.findByRole("tab", { name: "Uncaptured (0)" })).toBeTruthy();
	});

	it("moves between tabs with the arrow keys", async () => {
		stubScreenApi();
		const user = renderScreen();
		const first = await screen.findByRole("tab", { name: "All transactions" });
		await screen.findByRole("tab", { name: "Uncaptured (3)" });
		first.focus();
		await user.keyboard("{ArrowLeft}");
		expect(document.activeElement?.textContent).toBe("Blocked");
		await user.keyboard("{Enter}");
		expect(currentQuery().get("tab")).toBe("blocked-page");
	});
});
