import { describe, expect, it } from "vitest";
import { type PayoutNoticeState, payoutNotices, payoutNoticeText } from "./payout-notices.ts";
import { englishTranslator as t } from "./translator.ts";

const state = (overrides: Partial<PayoutNoticeState> = {}): PayoutNoticeState => ({
	currency: "usd",
	available: 50_000,
	pending: 10_000,
	depositsBlocked: false,
	depositsStatus: "enabled",
	completedWaitingPeriod: true,
	externalAccounts: [{ currency: "usd", status: "verified" }],
	accountLink: "/sandbox-partner/account",
	...overrides,
});

describe("payout notice selection (spec 3 §8)", () => {
	it("shows nothing for a healthy balance", () => {
		expect(payoutNotices(state())).toEqual([]);
	});

	it("temporarily suspended, alone, while payouts are blocked", () => {
		expect(payoutNotices(state({ depositsBlocked: true, available: 0 }))).toEqual(["suspended"]);
		expect(payoutNotices(state({ depositsStatus: "blocked" }))).toEqual(["suspended"]);
	});

	it("first payout held 7 to 14 days while the waiting period runs", () => {
		expect(payoutNotices(state({ completedWaitingPeriod: false, available: 0 }))).toEqual([
			"first_payout_held",
		]);
		expect(payoutNoticeText("first_payout_held", "usd", t)).toContain("7 to 14 days");
	});

	it("payouts interrupted while the balance is negative", () => {
		expect(payoutNotices(state({ available: -2_000 }))).toEqual(["negative_balance"]);
	});

	it("paused while available funds are below the currency's minimum scheduled payout", () => {
		expect(payoutNotices(state({ available: 300 }))).toEqual(["below_minimum"]);
		expect(payoutNoticeText("below_minimum", "usd", t)).toContain("$5.00");
	});

	it("'You have no funds available.' when the waiting period is complete, available 0 and pending above 0", () => {
		expect(payoutNotices(state({ available: 0, pending: 1 }))).toEqual(["no_funds"]);
		expect(payoutNotices(state({ available: 0, pending: 0 }))).toEqual([]);
		expect(payoutNoticeText("no_funds", "usd", t)).toBe("You have no funds available.");
	});

	it("payout failed when an external account of the selected currency is errored", () => {
		const errored = { externalAccounts: [{ currency: "eur", status: "errored" }] };
		expect(payoutNotices(state({ ...errored, currency: "eur" }))).toEqual(["payout_failed"]);
		expect(payoutNotices(state({ ...errored, currency: "usd" }))).toEqual([]);
		expect(payoutNotices(state({ ...errored, currency: "eur", depositsBlocked: true }))).toEqual([
			"suspended",
			"payout_failed",
		]);
	});
});
