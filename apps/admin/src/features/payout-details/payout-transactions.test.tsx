/**
 * A payout's own transaction list (spec 2 "Payout details", "Transactions"): the transactions
 * narrowed to the payout, with the transactions table's columns minus the payout columns.
 */
import { getTransactionsSummary, listTransactions } from "@paydesk/contract/transactions";
import { getCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { transactionRow } from "../../components/transactions-table/transaction-fixture.ts";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { PayoutTransactions } from "./payout-transactions.tsx";

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(getTransactionsSummary).reply(() => ({
			count: 1,
			total: 10000,
			fees: 320,
			net: 9680,
			currency: "eur",
			store_currencies: ["eur", "usd"],
			customer_currencies: [],
			sources: [],
		})),
		on(listTransactions).reply(() => ({ data: [transactionRow()], total_count: 1 })),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});

describe("payout transactions", () => {
	it("lists the payout's transactions without the payout columns, with their totals", async () => {
		window.history.replaceState(
			null,
			"",
			"/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=po_1",
		);
		renderWithQueryClient(<PayoutTransactions payoutId="po_1" />);
		const table = await screen.findByRole("table", { name: "Payout transactions" });
		await within(table).findByText("#1042");
		const headings = within(table)
			.getAllByRole("columnheader")
			.map((cell) => cell.textContent ?? "");
		expect(headings.some((heading) => heading.startsWith("Payout"))).toBe(false);
		expect(headings.some((heading) => heading.startsWith("Net"))).toBe(true);
		expect(requests.find((request) => request.route === listTransactions)?.query.deposit_id).toBe("po_1");
		expect(requests.find((request) => request.route === getTransactionsSummary)?.query.deposit_id).toBe(
			"po_1",
		);
		const summary = screen.getByRole("list", { name: "Payout transactions summary" });
		await waitFor(() => expect(within(summary).getAllByRole("listitem")).toHaveLength(4));
	});
});
