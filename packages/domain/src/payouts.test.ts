import { describe, expect, it } from "vitest";
import {
	displayStatus,
	instantBalanceOf,
	isInstantPayoutAvailable,
	payoutFailureMessages,
	payoutFailureReason,
	payoutStatusDisplay,
	payoutStatusFilterOptions,
	payoutStatusLabel,
	payoutSummaryAmounts,
	payoutTypeLabel,
	showNextPayoutNotice,
	showPayoutFailureNotice,
} from "./payouts.ts";
import { englishTranslator as t } from "./translator.ts";

const PAYOUT_FAILURE_MESSAGES = payoutFailureMessages(t);

describe("payout status table (spec 2 §4)", () => {
	it("labels and colours each status as the spec says", () => {
		expect(payoutStatusDisplay("paid", t)).toEqual({ label: "Completed", chip: "success" });
		expect(payoutStatusDisplay("deducted", t).label).toBe("Completed");
		expect(payoutStatusDisplay("pending", t)).toEqual({ label: "Pending", chip: "warning" });
		expect(payoutStatusDisplay("in_transit", t)).toEqual({ label: "In transit", chip: "primary" });
		expect(payoutStatusDisplay("canceled", t)).toEqual({ label: "Canceled", chip: "light" });
		expect(payoutStatusDisplay("failed", t)).toEqual({ label: "Failed", chip: "alert" });
	});

	it("shows a paid withdrawal as deducted, and nothing else", () => {
		expect(displayStatus({ type: "withdrawal", status: "paid" })).toBe("deducted");
		expect(displayStatus({ type: "deposit", status: "paid" })).toBe("paid");
		expect(displayStatus({ type: "withdrawal", status: "pending" })).toBe("pending");
		expect(payoutStatusLabel({ type: "withdrawal", status: "paid" }, t)).toBe("Completed");
	});

	it("offers every status but deducted in the status filter", () => {
		expect(payoutStatusFilterOptions(t).map((o) => o.value)).toEqual([
			"paid",
			"pending",
			"in_transit",
			"canceled",
			"failed",
		]);
	});

	it("names a deposit 'Payout'", () => {
		expect(payoutTypeLabel("deposit", t)).toBe("Payout");
		expect(payoutTypeLabel("withdrawal", t)).toBe("Withdrawal");
	});
});

describe("a failed payout shows 'Failure reason: ' and a message (spec 2 §4, §8)", () => {
	const SPEC_CODES = [
		"insufficient_funds",
		"bank_account_restricted",
		"debit_not_authorized",
		"invalid_card",
		"declined",
		"invalid_transaction",
		"refer_to_card_issuer",
		"unsupported_card",
		"lost_or_stolen_card",
		"invalid_issuer",
		"expired_card",
		"could_not_process",
		"invalid_account_number",
		"incorrect_account_holder_name",
		"account_closed",
		"no_account",
		"exceeds_amount_limit",
		"account_frozen",
		"issuer_unavailable",
		"invalid_currency",
		"incorrect_account_type",
		"incorrect_account_holder_details",
		"bank_ownership_changed",
		"exceeds_count_limit",
		"incorrect_account_holder_address",
		"incorrect_account_holder_tax_id",
		"invalid_account_number_length",
	];

	it("has a readable message for every failure code the spec lists", () => {
		for (const code of SPEC_CODES) {
			expect(PAYOUT_FAILURE_MESSAGES[code], code).toMatch(/^[A-Z].{20,}\.$/);
			expect(payoutFailureReason({ failure_code: code }, t)).toBe(
				`Failure reason: ${PAYOUT_FAILURE_MESSAGES[code]}`,
			);
		}
		expect(Object.keys(PAYOUT_FAILURE_MESSAGES).sort()).toEqual([...SPEC_CODES].sort());
	});

	it("falls back to failure_message, then to 'Unknown'", () => {
		expect(payoutFailureReason({ failure_code: "brand_new", failure_message: "The bank said no." }, t)).toBe(
			"Failure reason: The bank said no.",
		);
		expect(payoutFailureReason({ failure_code: null, failure_message: null }, t)).toBe(
			"Failure reason: Unknown",
		);
	});
});

describe("instant payout (spec 2 §5, spec 3 §9)", () => {
	it("charges a 1.5 % fee rounded to the minor unit; net is what is left", () => {
		expect(instantBalanceOf(10_000, "usd")).toEqual({
			amount: 10_000,
			fee: 150,
			net: 9_850,
			fee_percentage: 1.5,
			currency: "usd",
		});
		expect(instantBalanceOf(12_345, "usd").fee).toBe(185);
		expect(instantBalanceOf(-500, "usd").amount).toBe(0);
	});

	it("the button is unavailable and the card hidden when the instant amount is 0", () => {
		expect(isInstantPayoutAvailable({ amount: 0 })).toBe(false);
		expect(isInstantPayoutAvailable({ amount: 1 })).toBe(true);
		expect(isInstantPayoutAvailable(undefined)).toBe(false);
	});

	it("a non-automatic payout's summary reads amount (gross), fee and net", () => {
		expect(payoutSummaryAmounts({ amount: 9_850, fee: 150 })).toEqual({
			gross: 10_000,
			fee: 150,
			net: 9_850,
		});
	});
});

describe("payout notices (spec 2 §5)", () => {
	const visible = {
		accountLoaded: true,
		restrictions: "deposits_unrestricted",
		completedWaitingPeriod: true,
		dismissed: false,
		interval: "weekly",
		externalAccounts: [{ currency: "usd", status: "verified" }],
	};

	it("shows the next-payout notice only when every condition holds", () => {
		expect(showNextPayoutNotice(visible)).toBe(true);
		expect(showNextPayoutNotice({ ...visible, accountLoaded: false })).toBe(false);
		expect(showNextPayoutNotice({ ...visible, restrictions: "deposits_blocked" })).toBe(false);
		expect(showNextPayoutNotice({ ...visible, completedWaitingPeriod: false })).toBe(false);
		expect(showNextPayoutNotice({ ...visible, dismissed: true })).toBe(false);
		expect(showNextPayoutNotice({ ...visible, interval: "manual" })).toBe(false);
		expect(
			showNextPayoutNotice({ ...visible, externalAccounts: [{ currency: "usd", status: "errored" }] }),
		).toBe(false);
	});

	it("shows the payout-failure notice only with an errored external account and an account link", () => {
		const errored = [{ currency: "eur", status: "errored" }];
		expect(showPayoutFailureNotice({ externalAccounts: errored, accountLink: "/link" })).toBe(true);
		expect(showPayoutFailureNotice({ externalAccounts: errored, accountLink: "" })).toBe(false);
		expect(
			showPayoutFailureNotice({ externalAccounts: [{ status: "verified" }], accountLink: "/link" }),
		).toBe(false);
		expect(
			showPayoutFailureNotice({ externalAccounts: errored, accountLink: "/link", currency: "usd" }),
		).toBe(false);
	});
});
