/**
 * The blocked tab (spec 2 "Blocked tab", §7, §8): blocked outcomes newest first, the total only
 * in one currency, wcpay_fraud_outcome_not_found read as an empty list without a notice, search
 * suggestions filtered here too, and a CSV built in the browser from the blocked download.
 */
import {
	downloadFraudOutcomes,
	FRAUD_OUTCOME_ERRORS,
	getFraudOutcomesSummary,
	listFraudOutcomes,
} from "@paydesk/contract/fraud-outcomes";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as notices from "../../app/notices.tsx";
import { on, restError } from "../../testing/network.ts";
import { testSettings } from "../../testing/settings.ts";
import { matchingSuggestions } from "./blocked-tab.tsx";
import { blockedRow, renderScreen, stubScreenApi } from "./screen-fixtures.tsx";

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
	vi.restoreAllMocks();
});

describe("blocked tab", () => {
	it("lists blocked payments newest first with their total in one currency", async () => {
		const requests = stubScreenApi();
		renderScreen(TAB);
		const table = await screen.findByRole("table", { name: "Blocked transactions" });
		expect(await within(table).findByText("Payment blocked")).toBeTruthy();
		const list = requests.find((r) => r.route === listFraudOutcomes);
		expect(list?.query.status).toBe("block");
		expect(list?.query.sort).toBe("date");
		expect(list?.query.direction).toBe("desc");
		const summary = screen.getByRole("list", { name: "Blocked transactions summary" });
		await waitFor(() => expect(summary.textContent).toBe("1transaction$29.57total"));
	});

	it("shows no total when the blocked payments span several currencies", async () => {
		stubScreenApi(
			on(getFraudOutcomesSummary).reply(() => ({ count: 2, total: 5000, currencies: ["eur", "usd"] })),
		);
		renderScreen(TAB);
		const summary = await screen.findByRole("list", { name: "Blocked transactions summary" });
		await waitFor(() => expect(summary.textContent).toBe("2transactions"));
	});

	it("reads wcpay_fraud_outcome_not_found as an empty list, with no notice", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi(
			on(listFraudOutcomes).reply(() => restError(404, FRAUD_OUTCOME_ERRORS.notFound)),
			on(getFraudOutcomesSummary).reply(() => restError(404, FRAUD_OUTCOME_ERRORS.notFound)),
		);
		renderScreen(TAB);
		expect(await screen.findByText("There are no blocked transactions.")).toBeTruthy();
		expect(spy).not.toHaveBeenCalled();
	});

	it("reads other failures as 'Error retrieving on review transactions.'", async () => {
		const spy = vi.spyOn(notices, "createNotice");
		stubScreenApi(on(listFraudOutcomes).reply(() => restError(403, "rest_forbidden")));
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
		const requests = stubScreenApi(on(downloadFraudOutcomes).reply(() => ({ data: rows })));
		const user = renderScreen(`${TAB}&search[0]=Henry&orderby=amount&order=asc`);
		await screen.findByRole("table", { name: "Blocked transactions" });
		await user.click(screen.getByRole("button", { name: "Export" }));
		await waitFor(() => expect(saved).toHaveLength(1));
		const download = requests.find((r) => r.route === downloadFraudOutcomes);
		expect(download?.query.status).toBe("block");
		expect(download?.query.additional_status).toBe("review");
		expect(download?.query.search).toEqual(["Henry"]);
		expect(download?.query.sort).toBe("amount");
		expect(download?.query.direction).toBe("asc");
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
