/** The connect page (spec 1 §2.1, §4.1, §4.3, §5, §8) as a merchant sees and uses it. */
import { activatePromo, CONNECT_ERRORS } from "@paydesk/contract/connect";
import type { PageSettings } from "@paydesk/contract/page-settings";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type Answer, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import ConnectScreen from "./connect-screen.tsx";
import { redirectTo } from "./redirect.ts";

vi.mock("./redirect.ts", () => ({ redirectTo: vi.fn() }));

const CONNECT_URL = "/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=abc";
let promoAnswer: Answer<typeof activatePromo>;
let requests: RecordedRequest[];

function unconnected(overrides: Partial<PageSettings> = {}): PageSettings {
	return testSettings({
		connectUrl: CONNECT_URL,
		isAccountConnected: false,
		isAccountValid: false,
		accountStatus: null,
		...overrides,
	});
}

function renderScreen(search = "") {
	window.history.replaceState(null, "", `/wp-admin/admin.php?page=wc-admin&path=/payments/connect${search}`);
	renderWithQueryClient(<ConnectScreen />);
	return userEvent.setup();
}

const redirected = () => vi.mocked(redirectTo).mock.calls.map(([url]) => url);
const sent = () => requests.map((request) => `${request.method} ${request.url}`);

beforeEach(() => {
	vi.mocked(redirectTo).mockReset();
	promoAnswer = { success: true };
	requests = stubApi(on(activatePromo).reply(() => promoAnswer));
});

describe("connect page contents", () => {
	it("replaces everything with the paused message while onboarding is disabled", () => {
		unconnected({ onBoardingDisabled: true });
		renderScreen();
		expect(
			screen.getByText("We've temporarily paused new account creation. We'll notify you when we resume!"),
		).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Verify business details" })).toBeNull();
	});

	it("greets the user by first name, lists logos and the three terms, and offers the sandbox option", () => {
		unconnected();
		renderScreen();
		expect(screen.getByRole("heading", { name: /Hi Alex/ })).toBeTruthy();
		expect(screen.getByRole("list", { name: "Accepted payment methods" })).toBeTruthy();
		expect(screen.getByText("Automatic, every day")).toBeTruthy();
		expect(screen.getByText("When the order is placed")).toBeTruthy();
		expect(screen.getByRole("button", { name: "I'm setting up a store for someone else" })).toBeTruthy();
	});

	it("shows the error banner, the unsupported-country banner and the sandbox notice", () => {
		unconnected({
			errorMessage: "The partner is unavailable.",
			testModeOnboarding: true,
			connect: { country: "BR", availableCountries: { US: "United States (US)" } },
		});
		renderScreen("&test_drive_error=true");
		// Notices are also spoken, so each text may appear twice (the notice and a live region).
		expect(screen.getAllByText("The partner is unavailable.").length).toBeGreaterThan(0);
		expect(
			screen.getAllByText("An error occurred while setting up your sandbox account. Please try again!")
				.length,
		).toBeGreaterThan(0);
		expect(screen.getAllByText(/Your store's country \(BR\) is not supported/).length).toBeGreaterThan(0);
		expect(screen.getAllByText(/Sandbox mode is on/).length).toBeGreaterThan(0);
	});

	it("opens the identity-verification info modal", async () => {
		unconnected();
		const user = renderScreen();
		await user.click(screen.getByRole("button", { name: "Learn more about verification" }));
		expect(screen.getByRole("dialog", { name: "Why we verify your identity" })).toBeTruthy();
	});
});

describe("the primary button (spec 1 §4.1)", () => {
	it("goes to the connect URL with the effective source and from", async () => {
		unconnected();
		const user = renderScreen("&from=WCADMIN_PAYMENT_TASK");
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		expect(redirected()).toEqual([`${CONNECT_URL}&source=wcadmin-payment-task&from=WCPAY_CONNECT`]);
	});

	it("reads 'Connect your store' without the content-platform connection", () => {
		unconnected({ isJetpackConnected: false });
		renderScreen();
		expect(screen.getByRole("button", { name: "Connect your store" })).toBeTruthy();
	});

	it("reads 'Finish business details verifications' with the setup error for a partly onboarded account", () => {
		const settings = testSettings();
		unconnected({
			isAccountConnected: true,
			isAccountValid: false,
			accountStatus: { ...(settings.accountStatus ?? fakeStatus()), detailsSubmitted: false },
		});
		renderScreen();
		expect(screen.getByRole("button", { name: "Finish business details verifications" })).toBeTruthy();
		expect(screen.getAllByText("Please complete your setup to process payments.").length).toBeGreaterThan(0);
		expect(screen.getByRole("button", { name: "Reset account" })).toBeTruthy();
	});

	it("is disabled while the error message speaks of an account setup session", () => {
		unconnected({ errorMessage: "Too many account setup sessions were started." });
		renderScreen();
		expect(
			screen.getByRole("button", { name: "Verify business details" }).getAttribute("aria-disabled"),
		).toBe("true");
	});

	it("asks first when the store's country is not supported: Cancel aborts, Continue proceeds", async () => {
		unconnected({
			connect: { country: "BR", availableCountries: { US: "United States (US)", FR: "France" } },
		});
		const user = renderScreen();
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		const dialog = await screen.findByRole("dialog", { name: "Your store's country is not supported" });
		expect(dialog.textContent).toContain("France");
		await user.click(screen.getByRole("button", { name: "Cancel" }));
		expect(redirected()).toEqual([]);
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		await user.click(screen.getByRole("button", { name: "Continue" }));
		await waitFor(() => expect(redirected()).toHaveLength(1));
	});
});

describe("the incentive (spec 1 §4.6, §5, §8)", () => {
	const incentive = {
		id: "promo_1",
		description: "<p>No fees for <strong>90 days</strong></p>",
		tc_url: "https://example.com/tc",
	};

	it("activates the promotion before going on", async () => {
		unconnected({ connectIncentive: incentive });
		const user = renderScreen();
		expect(screen.getByText("90 days").tagName).toBe("STRONG");
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		await waitFor(() => expect(redirected()).toHaveLength(1));
		expect(sent()).toEqual(["POST /wp-json/wc-analytics/admin/notes/experimental-activate-promo/promo_1"]);
	});

	it("shows the promotion error, and the next click continues without it", async () => {
		promoAnswer = restError(404, CONNECT_ERRORS.incentiveNotFound, "Gone");
		unconnected({ connectIncentive: incentive });
		const user = renderScreen();
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		const message =
			"There was an error applying the promotion. Please contact support for assistance if the problem persists";
		expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
		expect(redirected()).toEqual([]);
		await user.click(screen.getByRole("button", { name: "Verify business details" }));
		expect(redirected()).toHaveLength(1);
		expect(sent()).toHaveLength(1);
	});
});

describe("reset and live activation (spec 1 §4.3)", () => {
	it("hides reset without an account", () => {
		unconnected();
		renderScreen();
		expect(screen.queryByRole("button", { name: "Reset account" })).toBeNull();
	});

	it("resets a test account through the connect URL with wcpay-reset-account=true and source", async () => {
		unconnected({
			isAccountConnected: true,
			isAccountValid: false,
			testModeOnboarding: true,
			accountStatus: { ...fakeStatus(), detailsSubmitted: true },
		});
		const user = renderScreen("&source=wcpay-connect-page");
		await user.click(screen.getByRole("button", { name: "Reset account" }));
		const dialog = await screen.findByRole("dialog", { name: "Reset account" });
		await user.click(within(dialog).getByRole("button", { name: "Reset account" }));
		expect(redirected()).toEqual([`${CONNECT_URL}&wcpay-reset-account=true&source=wcpayconnectpage`]);
	});

	it("activates live payments from the test-account banner", async () => {
		unconnected({
			isAccountConnected: true,
			isAccountValid: false,
			testModeOnboarding: true,
			accountStatus: fakeStatus(),
		});
		const user = renderScreen();
		await user.click(screen.getByRole("button", { name: "Activate live payments" }));
		await user.click(await screen.findByRole("button", { name: "Activate payments" }));
		expect(redirected()).toEqual([
			`${CONNECT_URL}&wcpay-disable-onboarding-test-mode=true&source=wcpay-connect-page`,
		]);
	});
});

function fakeStatus(): NonNullable<PageSettings["accountStatus"]> {
	return {
		id: "acct_test",
		status: "pending",
		isLive: false,
		testMode: true,
		paymentsEnabled: false,
		detailsSubmitted: false,
		deposits: {
			status: "disabled",
			interval: "daily",
			completed_waiting_period: false,
			restrictions: "deposits_unrestricted",
		},
		depositsSchedule: { interval: "daily", delay_days: 2, weekly_anchor: null, monthly_anchor: null },
		depositsBlocked: false,
		defaultExternalAccounts: [],
		currentDeadline: null,
		pastDue: false,
		accountLink: "/sandbox-partner/account",
		requirements: { errors: [] },
		created: "2026-11-01T00:00:00.000Z",
		country: "US",
		defaultCurrency: "usd",
		hasSubmittedVatData: false,
		progressiveOnboarding: { isEnabled: false, isComplete: false, tpv: 0, firstTransactionDate: null },
		fraudProtection: { declineOnAVSFailure: false, declineOnCVCFailure: true },
		safeMode: false,
		campaigns: { wporg_review_2025: true },
	};
}
