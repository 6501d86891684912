import {
	getPaymentSettings,
	type PaymentSettings,
	savePaymentSettings,
	settingsUpdate,
} from "@paydesk/contract/settings";
import { getStripeConnection, getStripeSync, STRIPE_SYNC_KINDS } from "@paydesk/contract/stripe-account";
import { renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NoticeArea, removeNotice, useNotices } from "../../app/notices.tsx";
import { type ErrorReply, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import SettingsScreen from "./settings-screen.tsx";

let requests: RecordedRequest[];
let stored: PaymentSettings;
let failWith: ErrorReply | null;

const SNACKBAR = ".components-snackbar__content";

beforeEach(() => {
	testSettings();
	failWith = null;
	stored = settingsFixture();
	requests = stubApi(
		on(getPaymentSettings).reply(() => stored),
		on(savePaymentSettings).reply(({ body }) => {
			if (failWith) return failWith;
			stored = { ...stored, ...settingsUpdate.parse(body) };
			return { data: stored };
		}),
	);
});
afterEach(() => {
	const { result, unmount } = renderHook(() => useNotices());
	for (const notice of result.current) removeNotice(notice.id);
	unmount();
});

function renderScreen() {
	renderWithQueryClient(
		<>
			<SettingsScreen />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

/** The bodies of the saves, as sent. */
const posted = () =>
	requests
		.filter((request) => request.route === savePaymentSettings)
		.map((request) => request.body as Record<string, unknown>);
const saveButton = () => screen.getByRole("button", { name: "Save Changes" });
const payouts = () => within(document.getElementById("payout-schedule") as HTMLElement);

describe("payments settings page (spec 2 'Settings entity', 'Settings state')", () => {
	it("starts clean; an edit makes it dirty; saving sends the whole entity and says 'Settings saved.'", async () => {
		const user = renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		expect(saveButton().getAttribute("aria-disabled")).toBe("true");
		await user.selectOptions(payouts().getByLabelText("Payout frequency"), "weekly");
		await user.selectOptions(payouts().getByLabelText("Payout day"), "friday");
		expect(saveButton().getAttribute("aria-disabled")).toBeNull();
		await user.click(saveButton());
		await waitFor(() => expect(posted()).toHaveLength(1));
		expect(posted()[0]).toMatchObject({
			deposit_schedule_interval: "weekly",
			deposit_schedule_weekly_anchor: "friday",
			deposit_schedule_monthly_anchor: null,
			account_statement_descriptor: "PAYDESK DEMO STORE",
			payment_request_button_border_radius: 4,
		});
		expect(await screen.findByText("Settings saved.", { selector: SNACKBAR })).toBeTruthy();
		await waitFor(() => expect(saveButton().getAttribute("aria-disabled")).toBe("true"));
	});

	it("a monthly schedule needs its day: 'Last day of the month' is 31, no day is null and blocks saving", async () => {
		const user = renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		await user.selectOptions(payouts().getByLabelText("Payout frequency"), "monthly");
		const day = payouts().getByLabelText("Day of the month");
		expect(within(day).getByRole("option", { name: "Last day of the month" }).getAttribute("value")).toBe(
			"31",
		);
		expect(screen.getByText("Day of the month is required for a monthly schedule.")).toBeTruthy();
		expect(saveButton().getAttribute("aria-disabled")).toBe("true");
		await user.selectOptions(day, "31");
		await user.click(saveButton());
		await waitFor(() => expect(posted()[0]).toMatchObject({ deposit_schedule_monthly_anchor: 31 }));
	});

	it("checks the statement descriptor and support e-mail with the contract's rules before saving", async () => {
		const user = renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		const descriptor = screen.getByLabelText("Customer bank statement");
		await user.clear(descriptor);
		await user.type(descriptor, "AB*");
		expect(screen.getByText("Customer bank statement must be at least 5 characters")).toBeTruthy();
		await user.clear(descriptor);
		await user.type(descriptor, "BEST*SHOP");
		expect(screen.getByText(/Customer bank statement must not contain/)).toBeTruthy();
		await user.clear(descriptor);
		await user.type(descriptor, "BEST SHOP");
		await user.clear(screen.getByLabelText("Support email"));
		await user.type(screen.getByLabelText("Support email"), "nope");
		expect(screen.getByText("Support email must be a valid e-mail address")).toBeTruthy();
		expect(saveButton().getAttribute("aria-disabled")).toBe("true");
	});

	it("links 'Make a test payment' to the test checkout beside the test mode setting", async () => {
		renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		const general = within(document.getElementById("general") as HTMLElement);
		expect(general.getByRole("checkbox", { name: "Enable test mode" })).toBeTruthy();
		expect(general.getByRole("link", { name: "Make a test payment" }).getAttribute("href")).toBe(
			"/paydesk/test-checkout",
		);
	});

	it("toggling a payment method adds its id; the card stays on", async () => {
		const user = renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		expect(screen.getByRole("checkbox", { name: "Card" })).toMatchObject({ checked: true, disabled: true });
		await user.click(screen.getByRole("checkbox", { name: "EPS" }));
		await user.click(saveButton());
		await waitFor(() => expect(posted()[0]?.enabled_payment_method_ids).toEqual(["card", "link", "eps"]));
	});

	it("a refused save says 'Error saving settings.' with the server's reason and stays dirty", async () => {
		failWith = restError(400, "rest_invalid_param", "Invalid parameter(s): account_business_support_phone", {
			params: { account_business_support_phone: "account_business_support_phone must be a phone number" },
		});
		const user = renderScreen();
		await screen.findByRole("heading", { name: "Payments settings" });
		await user.click(screen.getByRole("checkbox", { name: "Enable test mode" }));
		await user.click(saveButton());
		expect(
			await screen.findByText(
				"Error saving settings. account_business_support_phone must be a phone number",
				{
					selector: SNACKBAR,
				},
			),
		).toBeTruthy();
		expect(saveButton().getAttribute("aria-disabled")).toBeNull();
	});
});

describe("an account connected to its own Stripe account", () => {
	it("shows the Stripe account behind it, open: the key's last four and how far the copy has come", async () => {
		testSettings({ processor: "stripe" });
		stubApi(
			on(getPaymentSettings).reply(() => stored),
			on(getStripeConnection).reply(() => ({
				connected: true as const,
				stripe_account_id: "acct_1Hs",
				stripe_account_name: "Rosen Goods",
				livemode: false,
				key_kind: "restricted" as const,
				key_last4: "1234",
				webhook_endpoint_id: "we_1",
				status: "live" as const,
				connected_at: 1_764_000_000,
				last_error: null,
			})),
			on(getStripeSync).reply(() => ({
				status: "live" as const,
				counts: {
					customers: 1,
					payment_intents: 3,
					charges: 3,
					refunds: 1,
					disputes: 0,
					balance_transactions: 4,
					payouts: 1,
				},
				kinds_done: [...STRIPE_SYNC_KINDS],
				rate_per_second: 2,
				import_started_at: 1_764_000_000,
				import_finished_at: 1_764_000_002,
				last_error: null,
				last_event_at: null,
				lag_seconds: null,
			})),
		);
		renderScreen();
		expect(await screen.findByText(/Connected to the Stripe account acct_1Hs\./)).toBeTruthy();
		expect(screen.getByText(/Restricted key ending in 1234\./)).toBeTruthy();
		expect(await screen.findByText("Your Stripe history is imported, and kept up to date.")).toBeTruthy();
	});

	it("a sandbox account's settings have no Stripe account panel", async () => {
		renderScreen();
		await screen.findByRole("button", { name: "Save Changes" });
		expect(screen.queryByText("Use my Stripe account")).toBeNull();
	});
});
