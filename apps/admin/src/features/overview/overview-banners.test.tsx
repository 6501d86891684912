/**
 * The overview's banners (spec 1 §2.2, §4.6, §8; spec 3 §8): one per query flag with the spec's
 * texts, the sandbox and Safe Mode notices, 'Error determining the connection status.', and the
 * partner's notifications banner in its three states and its HTTPS warning.
 */
import {
	getAccountSession,
	PARTNER_NOTIFICATIONS_PATH,
	type PartnerNotification,
} from "@paydesk/contract/account-session";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePartnerNotifications } from "../../data/partner-notifications.ts";
import { on, onUrl, type RawReply, rawJson, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { NotificationsBanner } from "./notifications-banner.tsx";
import { Greeting, OverviewBanners } from "./overview-banners.tsx";
import { overviewSettings } from "./overview-fixtures.ts";

/** Whether the banner's partner query is still loading, has succeeded or failed. */
function PartnerQueryStatus() {
	return <output>{usePartnerNotifications(true).notifications.status}</output>;
}

function renderAt(query: string, ui = <OverviewBanners />) {
	window.history.replaceState(null, "", `/wp-admin/admin.php?page=wc-admin&path=/payments/overview${query}`);
	return renderWithQueryClient(ui);
}

describe("the greeting (spec 1 §2.2)", () => {
	afterEach(() => vi.useRealTimers());

	it("greets by first name with the part of the day, and ends with a wave", () => {
		vi.useFakeTimers({ toFake: ["Date"] });
		vi.setSystemTime(new Date(2026, 10, 23, 9, 30));
		testSettings();
		render(<Greeting />);
		expect(screen.getByRole("heading", { name: "Good morning, Alex 👋" })).toBeTruthy();
	});

	it("leaves the name out when the user has none", () => {
		vi.useFakeTimers({ toFake: ["Date"] });
		vi.setSystemTime(new Date(2026, 10, 23, 20, 0));
		const settings = testSettings();
		testSettings({ user: { ...settings.user, firstName: "" } });
		render(<Greeting />);
		expect(screen.getByRole("heading", { name: "Good evening 👋" })).toBeTruthy();
	});
});

describe("overview banners from query flags", () => {
	it.each([
		["&wcpay-sandbox-success=true", "Success! You can start using Paydesk in sandbox mode."],
		[
			"&wcpay-loan-offer-error=1",
			"There was a problem redirecting you to the loan offer. Please check that it is not expired and try again.",
		],
		[
			"&wcpay-server-link-error=1",
			"There was a problem redirecting you to the requested link. Please check that it is valid and try again.",
		],
		[
			"&wcpay-reset-account-error=1",
			"There was a problem resetting your account. Please wait a few seconds and try again.",
		],
		[
			"&wcpay-login-error=1",
			"There was a problem redirecting you to the account dashboard. Please try again.",
		],
	])("%s shows its text", (query, text) => {
		overviewSettings();
		renderAt(query);
		expect(screen.getAllByText(text).length).toBeGreaterThan(0);
	});

	it("shows the settings' errorMessage for a login error when there is one", () => {
		overviewSettings({}, { errorMessage: "Your session with the partner expired." });
		renderAt("&wcpay-login-error=1");
		expect(screen.getAllByText("Your session with the partner expired.").length).toBeGreaterThan(0);
	});

	it("shows nothing without flags for a healthy account", () => {
		overviewSettings();
		const { container } = renderAt("");
		expect(container.textContent).toBe("");
	});

	it("shows the sandbox notice in test-mode onboarding and the Safe Mode notice", () => {
		overviewSettings({ safeMode: true }, { testModeOnboarding: true });
		renderAt("");
		expect(screen.getAllByText("You are using a sandbox test account.").length).toBeGreaterThan(0);
		expect(screen.getByRole("link", { name: "Make a test payment" }).getAttribute("href")).toBe(
			"/paydesk/test-checkout",
		);
		expect(screen.getAllByText("Your site is currently in Safe Mode.").length).toBeGreaterThan(0);
		expect(screen.getByRole("link", { name: "Please take action" })).toBeTruthy();
	});

	it("says 'Error determining the connection status.' when a connected account cannot be read", () => {
		testSettings({ accountStatus: null, isAccountConnected: true });
		renderAt("");
		expect(screen.getAllByText("Error determining the connection status.").length).toBeGreaterThan(0);
	});
});

describe("notifications banner", () => {
	/**
	 * The session, then the partner's notifications (outside the contract: the partner's own API),
	 * as the list, or an answer that is not one.
	 */
	const stub = (notifications: () => { data: PartnerNotification[] } | RawReply) =>
		stubApi(
			on(getAccountSession).reply(() => ({ clientSecret: "as_x", publishableKey: "pk", locale: "en-US" })),
			onUrl("GET", PARTNER_NOTIFICATIONS_PATH, notifications),
		);
	const item = (severity: PartnerNotification["severity"]): PartnerNotification => ({
		id: severity,
		severity,
		title: "Update your business information",
		description: "The street address is invalid.",
		action_url: "/sandbox-partner/account",
	});

	it("asks to resolve the notifications while action is required", async () => {
		overviewSettings();
		stub(() => ({ data: [item("action_required"), item("in_review")] }));
		renderAt("", <NotificationsBanner enabled />);
		expect(
			(await screen.findAllByText("You must resolve the notifications on this page before proceeding."))
				.length,
		).toBeGreaterThan(0);
		expect(screen.getAllByText("The street address is invalid.")).toHaveLength(2);
	});

	it("says the items are in review when only in-review items exist", async () => {
		overviewSettings();
		stub(() => ({ data: [item("in_review")] }));
		renderAt("", <NotificationsBanner enabled />);
		expect((await screen.findAllByText("The items below are in review.")).length).toBeGreaterThan(0);
	});

	it("warns that notifications need HTTPS on invalid_request_error", async () => {
		overviewSettings();
		stub(() => rawJson({ error: { type: "invalid_request_error", message: "HTTPS" } }, 400));
		renderAt("", <NotificationsBanner enabled />);
		expect((await screen.findAllByText(/require HTTPS and cannot be displayed/)).length).toBeGreaterThan(0);
	});

	it("shows the refresh notice once every earlier item is cleared", async () => {
		overviewSettings();
		let items = [item("action_required")];
		stub(() => ({ data: items }));
		renderAt("", <NotificationsBanner enabled />);
		await screen.findAllByText("You must resolve the notifications on this page before proceeding.");
		items = [];
		window.dispatchEvent(new Event("visibilitychange"));
		window.dispatchEvent(new Event("focus"));
		const cleared = await screen.findAllByText(
			"Updates take a moment to appear. Please refresh the page in a minute.",
		);
		expect(cleared.length).toBeGreaterThan(0);
		expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
	});

	it("shows no notification from an answer that is not the partner's list", async () => {
		const malformed = [
			{ data: [{ ...item("in_review"), severity: "urgent" }] },
			{ data: [{ ...item("in_review"), title: 7 }] },
			{ data: [{ ...item("in_review"), action_url: undefined }] },
			{ data: "none" },
			{},
		];
		for (const body of malformed) {
			overviewSettings();
			stub(() => rawJson(body));
			const view = renderAt(
				"",
				<>
					<NotificationsBanner enabled />
					<PartnerQueryStatus />
				</>,
			);
			await screen.findByText("error");
			expect(screen.queryByText("The street address is invalid.")).toBeNull();
			expect(screen.queryByRole("region", { name: "Account notifications" })).toBeNull();
			view.unmount();
		}
	});
});
