/**
 * The blocked tab (spec 2 "Blocked tab", §7, §8): blocked outcomes newest first, the total only
 * in one currency, wcpay_fraud_outcome_not_found read as an empty list without a notice, search
 * suggestions filtered here too, and a CSV built in the browser from the blocked download.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as notices from "../../app/notices.tsx";
import { testSettings } from "../../testing/settings.ts";
import { matchingSuggestions } from "./blocked-tab.tsx";
import { blockedRow, renderScreen, stubScreenApi } from "./screen-fixtures.tsx";
import { restError } from "./test-server.ts";

const TAB = "&tab=blocked-page";
let saved: Blob[];

beforeEach(() => {
	testSettings({ timezone: "Europe/Paris" });
	saved = [];
	URL.createObjectURL = (blob: Blob) => {
		saved.push(blob as Blob);
		return "blob:csv";
	};
	URL.revokeObjectURL = () => undefined;
	vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
});
afterEach(() => {
	vi.unstubAllGlobals();
	vi.restoreAllMocks();
});

describe("blocked tab", () => {
	it("lists blocked payments newest first with their total in one currency", async () => {
		const requests = stubScreenApi();
		renderScreen(TAB);
		const table = await screen.findByRole("table", { name: "Blocked transactions" });
		expect(await within(table).findByText("Payment blocked")).toBeTruthy();
		const list = requests.find((r) => r.path === "/transactions/fraud-outcomes");
		expect(list?.params.get("status")).toBe("block");
		expect(list?.params.get("sort")).toBe("date");
		expect(list?.params.get("direction")).toBe("desc");
		const summary = screen.getByRole("list", { name: "Blocked transactions summary" });
		await waitFor(() => expect(summary.textContent).toBe("1transaction$29.57total"));
	});

	it("shows no total when the blocked payments span several currencies", async () => {
		stubScreenApi({
			"/transactions/fraud-outcomes/summary": { count: 2, total: 5000, currencies: ["eur", "usd"] },
		});
		renderScreen(TAB);
		const summary = await screen.findByRole("list", { name: "Blocked transactions summary" });
		await waitFor(() => expect(summary.textContent).toBe("2transactions"));
	});

	it("reads wcpay_fraud_outcome_not_found as an empty list, with no notice", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi({
			"/transactions/fraud-outcomes": () => restError("wcpay_fraud_outcome_not_found", 404),
			"/transactions/fraud-outcomes/summary": () => restError("wcpay_fraud_outcome_not_found", 404),
		});
		renderScreen(TAB);
		expect(await screen.findByText("There are no blocked transactions.")).toBeTruthy();
		expect(spy).not.toHaveBeenCalled();
	});

	it("reads other failures as 'Error retrieving on review transactions.'", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi({ "/transactions/fraud-outcomes": () => restError("rest_forbidden", 403) });
		renderScreen(TAB);
		await waitFor(() =>
			expect(spy).toHaveBeenCalledWith("error", "Error retrieving on review transactions.", {
				id: "blocked-transactions",
			}),
		);
	});

	it("exports a CSV of the blocked and on-review payments matching the search and sort", async () => {
		const rows = [
			blockedRow(),
			blockedRow({
				status: "review",
				created: "2026-11-18T23:30:00.000Z",
				amount: 120050,
				currency: "eur",
				customer_name: "=HYPERLINK(1)",
				order_id: null,
				payment_intent: { id: "pi_review_1" },
			}),
		];
		const requests = stubScreenApi({ "/transactions/fraud-outcomes/download": { data: rows } });
		const user = renderScreen(`${TAB}&search[0]=Henry&orderby=amount&order=asc`);
		await screen.findByRole("table", { name: "Blocked transactions" });
		await user.click(screen.getByRole("button", { name: "Export" }));
		await waitFor(() => expect(saved).toHaveLength(1));
		const download = requests.find((r) => r.path === "/transactions/fraud-outcomes/download");
		expect(download?.params.get("status")).toBe("block");
		expect(download?.params.get("additional_status")).toBe("review");
		expect(download?.params.get("search[0]")).toBe("Henry");
		expect(download?.params.get("sort")).toBe("amount");
		expect(download?.params.get("direction")).toBe("asc");
		const text = await (saved[0] as Blob).text();
		expect(text.split("\r\n")).toEqual([
			"Payment ID,Date / Time,Order #,Customer,Amount,Currency,Status",
			"pi_blocked_1,2026-11-19 02:52:10,2836,Henry White,29.57,USD,Payment blocked",
			"pi_review_1,2026-11-19 00:30:00,,'=HYPERLINK(1),1200.50,EUR,Needs review",
			"",
		]);
		expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
	});
});

describe("blocked search suggestions", () => {
	it("keeps only the suggestions that contain the term", () => {
		const options = [
			{ label: "Order #2836", value: "#2836" },
			{ label: "Henry White", value: "Henry White" },
			{ label: "james@example.com", value: "james@example.com" },
		];
		expect(matchingSuggestions(options, "hen").map((o) => o.value)).toEqual(["Henry White"]);
		expect(matchingSuggestions(options, "283").map((o) => o.value)).toEqual(["#2836"]);
	});
});
