/**
 * Spec 3 §8 "Payout notices (warnings)": every payout notice under the balance is a warning,
 * "first payout held" and "You have no funds available." as much as the others.
 */
import type { DepositsOverview } from "@paydesk/contract/deposits";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { BalanceNotices } from "./balance-notices.tsx";
import { overviewSettings } from "./overview-fixtures.ts";

function overview(balance: { available: number; pending: number }, completedWaitingPeriod: boolean) {
	const value: DepositsOverview = {
		deposit: { last_paid: [], next_scheduled: [], last_manual_deposits: [] },
		balance: {
			available: [{ amount: balance.available, currency: "usd" }],
			pending: [{ amount: balance.pending, currency: "usd" }],
			instant: [],
		},
		account: {
			default_currency: "usd",
			deposits_enabled: true,
			deposits_blocked: false,
			completed_waiting_period: completedWaitingPeriod,
			deposits_schedule: { interval: "daily", delay_days: 2, weekly_anchor: null, monthly_anchor: null },
			default_external_accounts: [{ currency: "usd", status: "verified" }],
		},
	};
	return value;
}

/**
 * The notice holding `text` (WordPress's Notice names its status in a class), not the copy the
 * screen reader's live region holds.
 */
const noticeOf = (text: string | RegExp) =>
	screen.getByText(text, { ignore: ".a11y-speak-region, script, style" }).closest(".components-notice");

describe("payout notices are shown as warnings (spec 3 §8)", () => {
	it("shows 'You have no funds available.' as a warning", () => {
		overviewSettings();
		renderWithQueryClient(
			<BalanceNotices overview={overview({ available: 0, pending: 5_000 }, true)} currency="usd" />,
		);
		expect(noticeOf("You have no funds available.")?.classList.contains("is-warning")).toBe(true);
	});

	it("shows the first payout held as a warning, like a negative balance", () => {
		overviewSettings();
		renderWithQueryClient(
			<BalanceNotices overview={overview({ available: -500, pending: 0 }, false)} currency="usd" />,
		);
		expect(noticeOf(/Your first payout is held for 7 to 14 days/)?.classList.contains("is-warning")).toBe(
			true,
		);
		expect(noticeOf(/Payouts are interrupted/)?.classList.contains("is-warning")).toBe(true);
	});
});
