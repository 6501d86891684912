/**
 * The Loan filter of the transactions tab (spec 2 "Transactions": each filter with is / is not
 * rules): a merchant can keep a loan's transactions, or leave them out, and the list asks for
 * what they chose.
 */
import { type Loan, listLoans } from "@paydesk/contract/capital";
import { listTransactions } from "@paydesk/contract/transactions";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { on } from "../../testing/network.ts";
import { testSettings } from "../../testing/settings.ts";
import { currentQuery, renderScreen, stubScreenApi } from "./screen-fixtures.tsx";

const LOAN: Loan = {
	id: "flxln_1",
	stripe_loan_id: "flxln_stripe_1",
	paid_out_at: "2026-09-01T10:00:00.000Z",
	fully_paid_at: null,
	amount: 500000,
	fee_amount: 50000,
	withhold_rate: 0.1,
	first_paydown_at: "2026-09-02T10:00:00.000Z",
	currency: "eur",
};

beforeEach(() => {
	testSettings();
});

describe("the Loan filter", () => {
	// Several clicks through the screen: more than the default five seconds on a busy machine.
	it("offers is and is not, and leaves out the loan's transactions with is not", {
		timeout: 15_000,
	}, async () => {
		const requests = stubScreenApi(on(listLoans).reply(() => ({ data: [LOAN] })));
		const user = renderScreen("&filter=advanced");
		const addFilter = await screen.findByRole("combobox", { name: "Add a filter" });
		await waitFor(() => expect(within(addFilter).getByRole("option", { name: "Loan" })).toBeTruthy());
		await user.selectOptions(addFilter, "Loan");

		const rule = screen.getByRole("combobox", { name: "Loan rule" });
		const rules = within(rule)
			.getAllByRole("option")
			.map((option) => option.textContent);
		expect(rules).toEqual(["Is", "Is not"]);
		await user.selectOptions(rule, "Is not");
		const value = screen.getByRole("combobox", { name: "Loan value" });
		await waitFor(() => expect(within(value).getAllByRole("option")).toHaveLength(2));
		await user.selectOptions(value, LOAN.id);
		await user.click(screen.getByRole("button", { name: "Filter" }));

		expect(currentQuery().get("loan_id_is_not")).toBe(LOAN.id);
		await waitFor(() =>
			expect(
				requests.some(
					(request) => request.route === listTransactions && request.query.loan_id_is_not === LOAN.id,
				),
			).toBe(true),
		);
	});
});
