import { describe, expect, it } from "vitest";
import {
	connectButtonLabel,
	connectingProgress,
	connectPageLogos,
	effectiveSource,
	hasSetupError,
	isConnectButtonDisabled,
	isCountrySupported,
	isSandboxSetupFinished,
	pollingProgress,
	SANDBOX_PROGRESS,
	sanitiseConnectParam,
	showResetButton,
	showSandboxNotice,
	showsConnectPage,
	showTestAccountBanner,
	visibleLogoCount,
	withQueryArgs,
} from "./connect.ts";

describe("connect page source and from: non-word characters are removed", () => {
	it("removes dashes, spaces and punctuation", () => {
		expect(sanitiseConnectParam("wcadmin-payment-task")).toBe("wcadminpaymenttask");
		expect(sanitiseConnectParam("WCADMIN_PAYMENT_TASK<script>")).toBe("WCADMIN_PAYMENT_TASKscript");
		expect(sanitiseConnectParam(undefined)).toBe("");
	});
});

describe("effective source: the source parameter, else the connect URL's, else by from, else wcpay-connect-page", () => {
	const connectUrl = "/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1";
	it("prefers the source parameter, sanitised", () => {
		expect(effectiveSource({ source: "my-source!", connectUrl, from: "WCADMIN_PAYMENT_TASK" })).toBe(
			"mysource",
		);
	});
	it("then the source embedded in the connect URL", () => {
		expect(
			effectiveSource({ connectUrl: `${connectUrl}&source=embedded`, from: "WCADMIN_PAYMENT_TASK" }),
		).toBe("embedded");
	});
	it("then maps the first three from values", () => {
		expect(effectiveSource({ connectUrl, from: "WCADMIN_PAYMENT_TASK" })).toBe("wcadmin-payment-task");
		expect(effectiveSource({ connectUrl, from: "WCADMIN_PAYMENT_SETTINGS" })).toBe("wcadmin-settings-page");
		expect(effectiveSource({ connectUrl, from: "WCADMIN_PAYMENT_INCENTIVE" })).toBe("wcadmin-incentive-page");
	});
	it("otherwise wcpay-connect-page (WCPAY_CONNECT and unknown from values too)", () => {
		expect(effectiveSource({ connectUrl, from: "WCPAY_CONNECT" })).toBe("wcpay-connect-page");
		expect(effectiveSource({ connectUrl, from: "elsewhere" })).toBe("wcpay-connect-page");
		expect(effectiveSource({})).toBe("wcpay-connect-page");
	});
});

describe("connect button (spec 1 §4.1)", () => {
	it("labels by connection situation", () => {
		expect(
			connectButtonLabel({ isJetpackConnected: false, isAccountConnected: false, isAccountValid: false }),
		).toBe("Connect your store");
		expect(
			connectButtonLabel({ isJetpackConnected: true, isAccountConnected: false, isAccountValid: false }),
		).toBe("Verify business details");
		expect(
			connectButtonLabel({ isJetpackConnected: true, isAccountConnected: true, isAccountValid: false }),
		).toBe("Finish business details verifications");
	});
	it("is disabled while busy or when the error message mentions an account setup session", () => {
		expect(isConnectButtonDisabled({ busy: true, errorMessage: "" })).toBe(true);
		expect(
			isConnectButtonDisabled({ busy: false, errorMessage: "Too many account setup session attempts." }),
		).toBe(true);
		expect(isConnectButtonDisabled({ busy: false, errorMessage: "Something else went wrong." })).toBe(false);
	});
	it("shows the setup error when an account exists but its connection or validity is wrong", () => {
		const base = { isJetpackConnected: true, accountExists: true };
		expect(hasSetupError({ ...base, isAccountConnected: true, isAccountValid: false })).toBe(true);
		expect(hasSetupError({ ...base, isAccountConnected: false, isAccountValid: false })).toBe(true);
		expect(hasSetupError({ ...base, isAccountConnected: true, isAccountValid: true })).toBe(false);
		expect(
			hasSetupError({ ...base, accountExists: false, isAccountConnected: false, isAccountValid: false }),
		).toBe(false);
	});
});

describe("the connect page: while no valid account exists, and for a test-drive account (spec 1 §4.3)", () => {
	it("shows for a store without an account, or with one not yet valid", () => {
		expect(
			showsConnectPage({ isAccountConnected: false, isAccountValid: false, testModeOnboarding: false }),
		).toBe(true);
		expect(
			showsConnectPage({ isAccountConnected: true, isAccountValid: false, testModeOnboarding: false }),
		).toBe(true);
	});

	it("shows for a valid test-drive account, whose banner, activate-live modal and reset live there", () => {
		expect(
			showsConnectPage({ isAccountConnected: true, isAccountValid: true, testModeOnboarding: true }),
		).toBe(true);
	});

	it("does not show for a valid live account", () => {
		expect(
			showsConnectPage({ isAccountConnected: true, isAccountValid: true, testModeOnboarding: false }),
		).toBe(false);
	});
});

describe("reset button: only if connected and either details are not submitted or test onboarding is on", () => {
	it("follows the rule", () => {
		expect(
			showResetButton({ isAccountConnected: false, detailsSubmitted: false, testModeOnboarding: true }),
		).toBe(false);
		expect(
			showResetButton({ isAccountConnected: true, detailsSubmitted: false, testModeOnboarding: false }),
		).toBe(true);
		expect(
			showResetButton({ isAccountConnected: true, detailsSubmitted: true, testModeOnboarding: true }),
		).toBe(true);
		expect(
			showResetButton({ isAccountConnected: true, detailsSubmitted: true, testModeOnboarding: false }),
		).toBe(false);
	});
	it("shows the sandbox notice without an account, the test-account banner with one", () => {
		expect(showSandboxNotice({ isAccountConnected: false, testModeOnboarding: true })).toBe(true);
		expect(showSandboxNotice({ isAccountConnected: true, testModeOnboarding: true })).toBe(false);
		expect(showTestAccountBanner({ isAccountConnected: true, testModeOnboarding: true })).toBe(true);
		expect(showTestAccountBanner({ isAccountConnected: true, testModeOnboarding: false })).toBe(false);
	});
});

describe("sandbox progress: starts at 5, +5 up to 40, +6 up to 100, complete above 95", () => {
	it("rises by 5 while connecting and stops at 40", () => {
		const steps = [SANDBOX_PROGRESS.start as number];
		for (let i = 0; i < 9; i++) steps.push(connectingProgress(steps[steps.length - 1] ?? 0));
		expect(steps).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 40, 40]);
	});
	it("rises by 6 while polling and stops at 100", () => {
		let progress = 40;
		const steps: number[] = [];
		while (progress < 100) {
			progress = pollingProgress(progress);
			steps.push(progress);
		}
		expect(steps).toEqual([46, 52, 58, 64, 70, 76, 82, 88, 94, 100]);
	});
	it("finishes when the status has no 'pending', progress passed 95, or 40 s went by", () => {
		expect(isSandboxSetupFinished({ status: "complete", progress: 46, elapsedMs: 1000 })).toBe(true);
		expect(isSandboxSetupFinished({ status: "pending_verification", progress: 94, elapsedMs: 1000 })).toBe(
			false,
		);
		expect(isSandboxSetupFinished({ status: "pending", progress: 96, elapsedMs: 1000 })).toBe(true);
		expect(isSandboxSetupFinished({ status: "pending", progress: 52, elapsedMs: 40_000 })).toBe(true);
	});
});

describe("payment-method logos (spec 1 §1, §9)", () => {
	it("has 19 logos, or 20 with the wallet", () => {
		expect(connectPageLogos(false)).toHaveLength(19);
		expect(connectPageLogos(true)).toHaveLength(20);
	});
	it("shows 10 by default, 7 at width 768 or less, 5 at 480 or less", () => {
		expect(visibleLogoCount(1366)).toBe(10);
		expect(visibleLogoCount(769)).toBe(10);
		expect(visibleLogoCount(768)).toBe(7);
		expect(visibleLogoCount(481)).toBe(7);
		expect(visibleLogoCount(480)).toBe(5);
	});
});

describe("helpers", () => {
	it("checks the store country against the available countries", () => {
		expect(isCountrySupported("us", { US: "United States (US)" })).toBe(true);
		expect(isCountrySupported("BR", { US: "United States (US)" })).toBe(false);
	});
	it("adds query values to a connect URL, leaving empty ones out", () => {
		expect(withQueryArgs("/a?x=1", { test_drive: "true", source: "", from: undefined })).toBe(
			"/a?x=1&test_drive=true",
		);
		expect(withQueryArgs("/a", { capabilities: "card_payments,transfers" })).toBe(
			"/a?capabilities=card_payments%2Ctransfers",
		);
	});
});
