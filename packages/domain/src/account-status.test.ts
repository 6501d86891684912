import { describe, expect, it } from "vitest";
import {
	type AccountState,
	accountStatusDisplay,
	hidesActionAreas,
	paymentsIndicator,
	payoutsIndicator,
} from "./account-status.ts";
import { englishTranslator as t } from "./translator.ts";

const account = (overrides: Partial<AccountState> = {}): AccountState => ({
	status: "complete",
	paymentsEnabled: true,
	detailsSubmitted: true,
	deposits: { status: "enabled", interval: "daily" },
	progressiveOnboarding: { isEnabled: false, isComplete: true },
	...overrides,
});

describe("account status labels (spec 3 §4.6)", () => {
	it("labels each status, any rejected* as Rejected, otherwise Unknown", () => {
		const label = (status: string) => accountStatusDisplay(account({ status }), t).label;
		expect(label("complete")).toBe("Complete");
		expect(label("enabled")).toBe("Enabled");
		expect(label("restricted_soon")).toBe("Restricted soon");
		expect(label("pending_verification")).toBe("Pending");
		expect(label("restricted_partially")).toBe("Restricted partially");
		expect(label("restricted")).toBe("Restricted");
		expect(label("rejected.fraud")).toBe("Rejected");
		expect(label("rejected.terms_of_service")).toBe("Rejected");
		expect(label("under_review")).toBe("Under review");
		expect(label("something_new")).toBe("Unknown");
	});

	it("shows Pending for a restricted account whose progressive onboarding is incomplete", () => {
		const restricted = account({
			status: "restricted",
			progressiveOnboarding: { isEnabled: true, isComplete: false },
		});
		expect(accountStatusDisplay(restricted, t).label).toBe("Pending");
	});

	it("hides the banner, tasks and inbox for rejected or under-review accounts", () => {
		expect(hidesActionAreas("rejected.other")).toBe(true);
		expect(hidesActionAreas("under_review")).toBe(true);
		expect(hidesActionAreas("restricted")).toBe(false);
	});
});

describe("payments indicator: Enabled, Pending verification or Disabled", () => {
	it("follows whether payments are on and verification is pending", () => {
		expect(paymentsIndicator(account(), t).label).toBe("Enabled");
		expect(
			paymentsIndicator(account({ paymentsEnabled: false, status: "pending_verification" }), t).label,
		).toBe("Pending verification");
		expect(paymentsIndicator(account({ paymentsEnabled: false, status: "restricted" }), t).label).toBe(
			"Disabled",
		);
	});
});

describe("payouts indicator (spec 3 §4.6)", () => {
	it("is Temporarily suspended when payouts are blocked or the account is under review", () => {
		expect(payoutsIndicator(account({ deposits: { status: "blocked", interval: "daily" } }), t)).toBe(
			"Temporarily suspended",
		);
		expect(payoutsIndicator(account({ status: "under_review" }), t)).toBe("Temporarily suspended");
	});

	it("is Pending verification when payouts wait for verification or onboarding is incomplete", () => {
		expect(
			payoutsIndicator(account({ deposits: { status: "pending_verification", interval: "daily" } }), t),
		).toBe("Pending verification");
		expect(
			payoutsIndicator(account({ progressiveOnboarding: { isEnabled: true, isComplete: false } }), t),
		).toBe("Pending verification");
	});

	it("is Disabled, otherwise Automatic with its interval or Manual", () => {
		expect(payoutsIndicator(account({ deposits: { status: "disabled", interval: "daily" } }), t)).toBe(
			"Disabled",
		);
		expect(payoutsIndicator(account({ deposits: { status: "enabled", interval: "weekly" } }), t)).toBe(
			"Automatic (weekly)",
		);
		expect(payoutsIndicator(account({ deposits: { status: "enabled", interval: "manual" } }), t)).toBe(
			"Manual",
		);
	});
});
