/**
 * The onboarding wizard (spec 1 §2.3, §4.6, §7, §8): payout eligibility before the embedded
 * step, the session it starts, the partner component, finalize and where the merchant lands.
 */
import {
	checkPoEligibility,
	createKycSession,
	type FinalizeAnswer,
	finalizeOnboarding,
	type PartnerSession,
} from "@paydesk/contract/onboarding";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { onboardingSettings } from "./onboarding-fixtures.ts";
import OnboardingKycScreen from "./onboarding-kyc-screen.tsx";
import OnboardingScreen from "./onboarding-screen.tsx";
import type { PartnerError, SandboxPartner } from "./partner-connect.ts";
import { redirectTo } from "./redirect.ts";

vi.mock("./redirect.ts", () => ({ redirectTo: vi.fn() }));

let calls: RecordedRequest[];
let session: PartnerSession;
let finalizeAnswer: FinalizeAnswer;
let partner: {
	exit: () => void;
	fail: (error: PartnerError) => void;
	options: Record<string, unknown> | null;
};

function stubPartner(): SandboxPartner {
	return {
		initConnect(options) {
			partner.options = options as unknown as Record<string, unknown>;
			return {
				create() {
					const element = document.createElement("div") as unknown as ReturnType<
						ReturnType<SandboxPartner["initConnect"]>["create"]
					>;
					element.textContent = "Partner verification form";
					element.setOnExit = (handler) => {
						partner.exit = handler;
					};
					element.setOnLoadError = (handler) => {
						partner.fail = (error) => handler({ error });
					};
					element.setOnLoaderStart = (handler) => handler();
					return element;
				},
			};
		},
	};
}

beforeEach(() => {
	vi.mocked(redirectTo).mockReset();
	partner = { exit: () => undefined, fail: () => undefined, options: null };
	session = { clientSecret: "pss_secret", publishableKey: "pk_live_sandbox", locale: "en-US" };
	finalizeAnswer = {
		success: true,
		details_submitted: true,
		account_id: "acct_1",
		mode: "live",
		params: { source: "wcadmin-payment-task" },
	};
	window.PaydeskSandboxPartner = stubPartner();
	onboardingSettings();
	calls = stubApi(
		on(checkPoEligibility).reply(() => ({ result: "eligible" })),
		on(createKycSession).reply(() => session),
		on(finalizeOnboarding).reply(() => finalizeAnswer),
	);
});
afterEach(() => {
	delete window.PaydeskSandboxPartner;
});

function open(Screen: () => React.JSX.Element, search: string) {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/onboarding${search}`,
	);
	render(<Screen />);
	return userEvent.setup();
}

async function fillBusinessStep(user: ReturnType<typeof userEvent.setup>) {
	await user.selectOptions(screen.getByLabelText("What kind of business are you?"), "individual");
	await user.click(screen.getByRole("button", { name: /What do you sell/ }));
	await user.click(screen.getByRole("button", { name: "Retail" }));
	await user.click(screen.getByRole("button", { name: "Books" }));
	await user.selectOptions(
		screen.getByLabelText("What is your estimated annual online revenue?"),
		"less_than_250k",
	);
	await user.selectOptions(
		screen.getByLabelText("When do you plan to start selling online?"),
		"within_1month",
	);
	await user.click(screen.getByRole("button", { name: "Continue" }));
}

describe("the normal variant: business, then embedded", () => {
	it("checks payout eligibility, starts a progressive session with the self assessment and capabilities, and shows the partner's step", async () => {
		const user = open(
			OnboardingScreen,
			"&source=wcadmin-payment-task&from=WCPAY_CONNECT&capabilities=card_payments,transfers",
		);
		expect(screen.getByText("Business details")).toBeTruthy();
		await fillBusinessStep(user);
		expect(await screen.findByText("Partner verification form")).toBeTruthy();
		expect(calls.map((call) => call.url.replace("/wp-json/wc/v3/payments", ""))).toEqual([
			"/onboarding/router/po_eligible",
			"/onboarding/kyc/session",
		]);
		expect(calls[0]?.body).toEqual({
			business: { country: "US", type: "individual", mcc: "5942" },
			store: { annual_revenue: "less_than_250k", go_live_timeframe: "within_1month" },
		});
		expect(calls[1]?.body).toEqual({
			self_assessment: {
				country: "US",
				business_type: "individual",
				mcc: "5942",
				annual_revenue: "less_than_250k",
				go_live_timeframe: "within_1month",
				business_name: "Test Store",
				site: window.location.origin,
			},
			capabilities: ["card_payments", "transfers"],
			progressive: true,
			collect_payout_requirements: false,
		});
		expect(partner.options).toMatchObject({ publishableKey: "pk_live_sandbox", locale: "en-US" });
	});

	it("finalizes when the merchant leaves the partner's step and lands on the overview with wcpay-connection-success=1", async () => {
		const user = open(OnboardingScreen, "&source=wcadmin-payment-task&from=WCPAY_CONNECT");
		await fillBusinessStep(user);
		await screen.findByText("Partner verification form");
		partner.exit();
		await waitFor(() => expect(redirectTo).toHaveBeenCalled());
		expect(calls.at(-1)).toMatchObject({
			url: "/wp-json/wc/v3/payments/onboarding/kyc/finalize",
			body: { source: "wcadmin-payment-task", from: "WCPAY_CONNECT" },
		});
		expect(redirectTo).toHaveBeenCalledWith(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/overview&source=wcadmin-payment-task&wcpay-connection-success=1",
		);
	});

	it("goes to the settings page after onboarding when redirect_to_settings_page is set", async () => {
		const user = open(OnboardingScreen, "&redirect_to_settings_page=true");
		await fillBusinessStep(user);
		await screen.findByText("Partner verification form");
		partner.exit();
		await waitFor(() => expect(redirectTo).toHaveBeenCalled());
		expect(vi.mocked(redirectTo).mock.calls[0]?.[0]).toMatch(/page=wc-settings.*wcpay-connection-success=1/);
	});

	it("returns to the connect page with wcpay-connection-error=1 when finalize fails", async () => {
		finalizeAnswer = { ...finalizeAnswer, success: false, details_submitted: false, params: {} };
		const user = open(OnboardingScreen, "");
		await fillBusinessStep(user);
		await screen.findByText("Partner verification form");
		partner.exit();
		await waitFor(() => expect(redirectTo).toHaveBeenCalled());
		expect(redirectTo).toHaveBeenCalledWith(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/connect&source=unknown&wcpay-connection-error=1",
		);
	});
});

describe("embedded step errors (spec 1 §8)", () => {
	it("says 'Missing publishable key in session response' when the session has none", async () => {
		session = { ...session, publishableKey: "" };
		open(OnboardingKycScreen, "");
		expect(
			(await screen.findAllByText("Missing publishable key in session response")).length,
		).toBeGreaterThan(0);
	});

	it("explains that HTTPS is required for invalid_request_error, and Cancel returns with wcpay-connection-error=1", async () => {
		const user = open(OnboardingKycScreen, "&source=wcpay-connect-page");
		await screen.findByText("Partner verification form");
		partner.fail({ type: "invalid_request_error", message: "Live accounts need HTTPS." });
		const text = "Payment activation through our financial partner requires HTTPS and cannot be completed.";
		expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
		expect(screen.getByRole("link", { name: "Learn more" })).toBeTruthy();
		await user.click(screen.getByRole("button", { name: "Cancel" }));
		expect(redirectTo).toHaveBeenCalledWith(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/connect&source=wcpay-connect-page&wcpay-connection-error=1",
		);
	});

	it("shows any other error's own message", async () => {
		open(OnboardingKycScreen, "");
		await screen.findByText("Partner verification form");
		partner.fail({ type: "authentication_error", message: "This verification session has expired." });
		expect((await screen.findAllByText("This verification session has expired.")).length).toBeGreaterThan(0);
	});
});

describe("the continue-verification variant (/payments/onboarding/kyc)", () => {
	it("finishes a first verification, progressive when the partner allows it", async () => {
		open(OnboardingKycScreen, "");
		await screen.findByText("Partner verification form");
		expect(calls[0]?.body).toEqual({
			self_assessment: {},
			capabilities: [],
			progressive: true,
			collect_payout_requirements: false,
		});
	});

	it("shows only the embedded step and asks the session to collect payout requirements", async () => {
		open(OnboardingKycScreen, "&collect_payout_requirements=true");
		expect(await screen.findByText("Partner verification form")).toBeTruthy();
		expect(screen.queryByText("Business details")).toBeNull();
		expect(calls[0]?.body).toEqual({
			self_assessment: {},
			capabilities: [],
			progressive: false,
			collect_payout_requirements: true,
		});
	});
});
