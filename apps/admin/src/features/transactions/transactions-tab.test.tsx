/**
 * The all-transactions tab (spec 2 "Transactions", §8): the list asks with the URL's filters in
 * the user's time zone, the summary shows total, fees and net only with at most one store
 * currency or a currency filter, the search follows the custom-search flag, and a failure reads
 * 'Error retrieving transactions.'.
 */
import { getTransactionsSummary, listTransactions } from "@paydesk/contract/transactions";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as notices from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { on, restError } from "../../testing/network.ts";
import { testSettings } from "../../testing/settings.ts";
import { renderScreen, stubScreenApi, summaryOf } from "./screen-fixtures.tsx";

beforeEach(() => {
	testSettings();
});
afterEach(() => {
	vi.restoreAllMocks();
});

const summaryList = () => screen.findByRole("list", { name: "Transactions summary" });

describe("all transactions tab", () => {
	it("asks for the URL's filters, sort and page, in the user's time zone", async () => {
		const requests = stubScreenApi();
		renderScreen(
			"&filter=advanced&type_is=refund&date_between[0]=2026-10-31&date_between[1]=2026-10-01&store_currency_is=eur&paged=2&orderby=amount&order=asc",
		);
		await screen.findByRole("table", { name: "Transactions" });
		const list = requests.find((request) => request.route === listTransactions);
		expect(list?.query.type_is).toBe("refund");
		expect(list?.query.store_currency_is).toBe("eur");
		expect(list?.query.date_between).toEqual(["2026-10-01", "2026-10-31"]);
		expect(list?.query.page).toBe("2");
		expect(list?.query.sort).toBe("amount");
		expect(list?.query.direction).toBe("asc");
		expect(list?.query.user_timezone).toBeTruthy();
		const summary = requests.find((request) => request.route === getTransactionsSummary);
		expect(summary?.query.type_is).toBe("refund");
		expect(summary?.query).not.toHaveProperty("page");
	});

	it("shows count, total, fees and net with a single store currency", async () => {
		stubScreenApi();
		renderScreen();
		const summary = await summaryList();
		await waitFor(() => expect(within(summary).getAllByRole("listitem")).toHaveLength(4));
		expect(summary.textContent).toContain("€150.00total");
		expect(summary.textContent).toContain("-€4.50fees");
		expect(summary.textContent).toContain("€145.50net");
	});

	it("shows only the count with several store currencies, and the sums again with a currency filter", async () => {
		stubScreenApi(
			on(getTransactionsSummary).reply(() => summaryOf({ currency: null, store_currencies: ["eur", "usd"] })),
		);
		renderScreen();
		const summary = await summaryList();
		await waitFor(() => expect(summary.textContent).toBe("2transactions"));
		// Two store currencies bring the payout currency selector.
		expect(screen.getByRole("combobox", { name: "Payout currency" })).toBeTruthy();
	});

	it("shows the sums with several store currencies once a store currency filter is set", async () => {
		stubScreenApi(on(getTransactionsSummary).reply(() => summaryOf({ store_currencies: ["eur", "usd"] })));
		renderScreen("&store_currency_is=eur");
		const summary = await summaryList();
		await waitFor(() => expect(within(summary).getAllByRole("listitem")).toHaveLength(4));
	});

	it("with the custom-search flag, searches by order number, customer name or e-mail", async () => {
		stubScreenApi();
		renderScreen();
		const search = await screen.findByRole("combobox", { name: "Search transactions" });
		expect(search.getAttribute("placeholder")).toBe(
			"Search by order number, customer name, or billing email",
		);
	});

	it("searches by customer name when the custom-search flag is off", async () => {
		testSettings({ featureFlags: { ...getSettings().featureFlags, customSearch: false } });
		stubScreenApi();
		renderScreen();
		const search = await screen.findByRole("combobox", { name: "Search transactions" });
		expect(search.getAttribute("placeholder")).toBe("Search by customer name");
	});

	it("reads 'Error retrieving transactions.' when the list fails", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi(on(listTransactions).reply(() => restError(500, "wcpay_server_error")));
		renderScreen();
		// A server error is retried once before the notice.
		await waitFor(
			() =>
				expect(spy).toHaveBeenCalledWith("error", "Error retrieving transactions.", {
					id: "transactions-list",
				}),
			{ timeout: 4000 },
		);
	});
});
