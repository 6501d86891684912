/**
 * The payment activity card (spec 1 §2.2, §3; spec 3 §4.7): last_7_days by default, a chosen
 * preset kept in session storage, figures linking to the transactions behind them, the variant
 * for a store without volume, the error text, and the survey.
 */
import { getDepositsOverview } from "@paydesk/contract/deposits";
import { getPaymentActivity } from "@paydesk/contract/reporting";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { submitOverviewSurvey } from "@paydesk/contract/survey";
import { getCurrentUser } from "@paydesk/contract/wp";
import { PERIOD_STORAGE_KEY } from "@paydesk/domain/periods";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { NoticeArea } from "../../app/notices.tsx";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { overviewSettings } from "./overview-fixtures.ts";
import { PaymentActivityCard } from "./payment-activity-card.tsx";

const REPORT = {
	total_payment_volume: 105_000,
	charges: 120_000,
	refunds: 10_000,
	disputes: 5_000,
	fees: 4_800,
};
let requests: RecordedRequest[];
let reportFails: boolean;
let meta: Record<string, unknown>;

/** The queries of the payment activity reports asked for. */
const reports = () =>
	requests.filter((request) => request.route === getPaymentActivity).map(({ query }) => query);

const overviewAll: ResponseInputOf<typeof getDepositsOverview> = {
	deposit: { last_paid: [], next_scheduled: [], last_manual_deposits: [] },
	balance: {
		pending: [{ amount: 0, currency: "usd" }],
		available: [{ amount: 0, currency: "usd" }],
		instant: [],
	},
	account: {
		default_currency: "usd",
		deposits_enabled: true,
		deposits_blocked: false,
		completed_waiting_period: true,
		deposits_schedule: { interval: "daily", delay_days: 2, weekly_anchor: null, monthly_anchor: null },
		default_external_accounts: [],
	},
};

beforeEach(() => {
	window.sessionStorage.clear();
	reportFails = false;
	meta = {};
	requests = stubApi(
		on(getDepositsOverview).reply(() => overviewAll),
		on(getPaymentActivity).reply(() =>
			reportFails
				? restError(500, "internal_server_error", "x")
				: { ...REPORT, currency: "usd", date_start: "", date_end: "", timezone: "" },
		),
		on(getCurrentUser).reply(() => currentUserFixture({ meta, roles: [] })),
		on(submitOverviewSurvey).reply(() => ({ success: true })),
	);
});

function renderCard() {
	renderWithQueryClient(
		<>
			<PaymentActivityCard />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

describe("payment activity card", () => {
	it("asks for the last 7 days of the selected currency, sending preset_name with the dates, and links each figure to its transactions", async () => {
		overviewSettings({}, { lifetimeTPV: 500_000 });
		renderCard();
		expect((await screen.findByTestId("activity-total_payment_volume")).textContent).toBe("$1,050.00");
		const query = reports()[0];
		expect(query?.currency).toBe("usd");
		expect(query?.preset_name).toBe("last_7_days");
		expect(query?.date_start).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
		expect(query?.date_end).toMatch(/T23:59:59$/);
		expect(query?.timezone).toMatch(/^[+-]\d{2}:\d{2}$/);
		const days = (Date.parse(String(query?.date_end)) - Date.parse(String(query?.date_start))) / 86_400_000;
		expect(Math.round(days)).toBe(7);
		const refunds = screen.getByTestId("activity-refunds");
		expect(refunds.textContent).toBe("$100.00");
		const href = decodeURIComponent(refunds.getAttribute("href") ?? "");
		expect(href).toContain("path=/payments/transactions");
		expect(href).toContain("store_currency_is=usd");
		expect(href).toContain("type_is_in[0]=refund");
		expect(href).toContain("date_between[1]=");
	});

	it("keeps the chosen period in session storage, so a reload shows it again", async () => {
		overviewSettings({}, { lifetimeTPV: 500_000 });
		const user = renderCard();
		await screen.findByTestId("activity-total_payment_volume");
		await user.selectOptions(screen.getByRole("combobox", { name: "Period" }), "year_to_date");
		expect(window.sessionStorage.getItem(PERIOD_STORAGE_KEY)).toBe("year_to_date");
		await waitFor(() => expect(reports().at(-1)?.date_start).toMatch(/-01-01T00:00:00$/));
		expect(reports().at(-1)?.preset_name).toBe("year_to_date");
	});

	it("shows the variant for a store with no volume yet, without asking for the report", async () => {
		overviewSettings({}, { lifetimeTPV: 0 });
		renderCard();
		expect(await screen.findByText(/No payments yet\./)).toBeTruthy();
		expect(reports()).toEqual([]);
		expect(screen.queryByRole("combobox", { name: "Period" })).toBeNull();
	});

	it("says 'Error retrieving payment activity data.' when the report fails", async () => {
		overviewSettings({}, { lifetimeTPV: 500_000 });
		reportFails = true;
		renderCard();
		// A server error is retried once before the card gives up.
		const errors = await screen.findAllByText(
			"Error retrieving payment activity data.",
			{},
			{ timeout: 5000 },
		);
		expect(errors.length).toBeGreaterThan(0);
	});

	it("submits a happy rating at once and asks a comment for a low one", async () => {
		overviewSettings({}, { lifetimeTPV: 500_000 });
		const user = renderCard();
		await user.click(await screen.findByRole("button", { name: "Unhappy" }));
		await user.type(screen.getByRole("textbox"), "More detail per day");
		await user.click(screen.getByRole("button", { name: "Send" }));
		expect((await screen.findAllByText("Thank you for your feedback!")).length).toBeGreaterThan(0);
		expect(requests.find((request) => request.route === submitOverviewSurvey)?.body).toEqual({
			rating: "unhappy",
			comments: "More detail per day",
		});
	});

	it("does not ask a merchant who already answered", async () => {
		overviewSettings({}, { lifetimeTPV: 500_000 });
		meta = { wc_payments_overview_survey: { rating: "happy" } };
		renderCard();
		await screen.findByTestId("activity-total_payment_volume");
		await waitFor(() => expect(requests.some((request) => request.route === getCurrentUser)).toBe(true));
		expect(screen.queryByRole("button", { name: "Happy" })).toBeNull();
	});
});
