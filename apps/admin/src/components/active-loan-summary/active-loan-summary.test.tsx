/** Spec 3 §9: the loan progress bar's label sits inside the bar when progress exceeds 0.5. */
import type { ActiveLoanSummary } from "@paydesk/contract/capital";
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { testSettings } from "../../testing/settings.ts";
import { ActiveLoanDetails } from "./active-loan-summary.tsx";

function details(paid: number): ActiveLoanSummary["details"] {
	return {
		paid_amount: paid,
		advance_amount: 10_000,
		fee_amount: 0,
		current_repayment_interval: { due_at: "2026-12-01", paid_amount: 500, remaining_amount: 1_000 },
		advance_paid_out_at: "2026-06-01",
		withhold_rate: 0.1,
		repayments_begin_at: "2026-06-08",
		currency: "usd",
	};
}

beforeEach(() => void testSettings());

describe("loan progress bar (spec 3 §9)", () => {
	it("puts its label inside the bar when progress exceeds 0.5", () => {
		render(<ActiveLoanDetails details={details(6_000)} />);
		const label = screen.getByText("60%");
		expect(label.closest(".paydesk-active-loan__fill")).not.toBeNull();
		expect(screen.getByRole("progressbar", { name: "Repaid so far" }).getAttribute("aria-valuenow")).toBe(
			"60",
		);
	});

	it("puts its label outside the bar's filled part at 0.5 and below", () => {
		render(<ActiveLoanDetails details={details(5_000)} />);
		const label = screen.getByText("50%");
		expect(label.closest(".paydesk-active-loan__fill")).toBeNull();
		expect(label.closest(".paydesk-active-loan__bar")).not.toBeNull();
	});
});
