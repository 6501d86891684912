/**
 * A payout's own transaction list (spec 2 "Payout details", "Transactions"): the transactions
 * narrowed to the payout, with the transactions table's columns minus the payout columns.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import { transactionRow } from "../../components/transactions-table/transaction-fixture.ts";
import { testSettings } from "../../testing/settings.ts";
import { PayoutTransactions } from "./payout-transactions.tsx";

let urls: string[];

function json(body: unknown): Response {
	return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
	testSettings();
	urls = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string) => {
			urls.push(url);
			if (url.startsWith("/wp-json/wc/v3/payments/transactions/summary")) {
				return json({
					count: 1,
					total: 10000,
					fees: 320,
					net: 9680,
					currency: "eur",
					store_currencies: ["eur", "usd"],
					customer_currencies: [],
					sources: [],
				});
			}
			if (url.startsWith("/wp-json/wc/v3/payments/transactions")) {
				return json({ data: [transactionRow()], total_count: 1 });
			}
			return json({ id: 1, meta: {} });
		}),
	);
});
afterEach(() => {
	vi.unstubAllGlobals();
});

describe("payout transactions", () => {
	it("lists the payout's transactions without the payout columns, with their totals", async () => {
		window.history.replaceState(
			null,
			"",
			"/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=po_1",
		);
		render(
			<QueryClientProvider client={createQueryClient()}>
				<PayoutTransactions payoutId="po_1" />
			</QueryClientProvider>,
		);
		const table = await screen.findByRole("table", { name: "Payout transactions" });
		await within(table).findByText("#1042");
		const headings = within(table)
			.getAllByRole("columnheader")
			.map((cell) => cell.textContent ?? "");
		expect(headings.some((heading) => heading.startsWith("Payout"))).toBe(false);
		expect(headings.some((heading) => heading.startsWith("Net"))).toBe(true);
		expect(urls.find((url) => url.startsWith("/wp-json/wc/v3/payments/transactions?"))).toContain(
			"deposit_id=po_1",
		);
		expect(urls.find((url) => url.startsWith("/wp-json/wc/v3/payments/transactions/summary?"))).toContain(
			"deposit_id=po_1",
		);
		const summary = screen.getByRole("list", { name: "Payout transactions summary" });
		await waitFor(() => expect(within(summary).getAllByRole("listitem")).toHaveLength(4));
	});
});
