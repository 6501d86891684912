/**
 * "Use my Stripe account" on the connect page: the key in a password field, the permissions the
 * server checks listed, progress while the server checks the key, its refusal shown in the form,
 * and once connected the account id and the key's last four with "Disconnect".
 */
import {
	connectStripeAccount,
	disconnectStripeAccount,
	getStripeConnection,
	getStripeSync,
	STRIPE_KEY_PERMISSIONS,
	STRIPE_SYNC_KINDS,
	type StripeConnection,
} from "@paydesk/contract/stripe-account";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import { StripeAccountPanel } from "./stripe-account.tsx";

const KEY = "rk_test_51HxYzAbCdEfGh1234";

const CONNECTED: StripeConnection = {
	connected: true,
	stripe_account_id: "acct_1Hs",
	stripe_account_name: "Rosen Goods",
	livemode: false,
	key_kind: "restricted",
	key_last4: "1234",
	webhook_endpoint_id: "we_1",
	status: "importing",
	connected_at: 1_700_000_000,
	last_error: null,
};

const SYNC = {
	status: "importing" as const,
	counts: {
		customers: 0,
		payment_intents: 0,
		charges: 0,
		refunds: 0,
		disputes: 0,
		balance_transactions: 0,
		payouts: 0,
	},
	kinds_done: [],
	rate_per_second: null,
	import_started_at: null,
	import_finished_at: null,
	last_error: null,
	last_event_at: null,
	lag_seconds: null,
};

let requests: RecordedRequest[];

beforeEach(() => {
	testSettings();
});

async function openPanel() {
	renderWithQueryClient(<StripeAccountPanel />);
	fireEvent.click(screen.getByRole("button", { name: "Use my Stripe account" }));
}

const keyField = () => screen.getByLabelText("Secret key") as HTMLInputElement;

describe("not connected", () => {
	it("asks for the key in a password field and lists every permission the server checks", async () => {
		requests = stubApi(on(getStripeConnection).reply(() => ({ connected: false })));
		await openPanel();
		expect((await screen.findByLabelText("Secret key")).getAttribute("type")).toBe("password");
		const list = screen.getByRole("list");
		expect(within(list).getAllByRole("listitem")).toHaveLength(STRIPE_KEY_PERMISSIONS.length);
		expect(list.textContent).toContain("Charges: Write");
		expect(list.textContent).toContain("Balance transactions: Read");
		expect(list.textContent).toContain("Customers: Read");
		expect(screen.getByText(/A restricted key \(rk_…\) is recommended/)).toBeTruthy();
		expect(screen.getByRole("button", { name: "Connect" }).getAttribute("aria-disabled")).toBe("true");
	});

	it("sends the key on Enter, shows progress while the server checks, then the connected account", async () => {
		const answer = deferred<StripeConnection>();
		requests = stubApi(
			on(getStripeConnection).reply(() => ({ connected: false })),
			on(connectStripeAccount).reply(() => answer.promise),
			on(getStripeSync).reply(() => SYNC),
		);
		await openPanel();
		fireEvent.change(await screen.findByLabelText("Secret key"), { target: { value: KEY } });
		fireEvent.submit(keyField().closest("form") as HTMLFormElement);

		expect((await screen.findByRole("status")).textContent).toContain(
			"Checking the key's access to your Stripe account…",
		);
		expect(screen.getByRole("button", { name: "Checking the key…" }).getAttribute("aria-disabled")).toBe(
			"true",
		);
		expect(keyField().disabled).toBe(true);
		const sent = requests.filter((request) => request.route === connectStripeAccount);
		expect(sent.map((request) => request.body)).toEqual([{ secret_key: KEY }]);

		await act(async () => answer.resolve(CONNECTED));
		expect(await screen.findByText(/Connected to the Stripe account acct_1Hs\./)).toBeTruthy();
		expect(screen.getByText(/Restricted key ending in 1234\./)).toBeTruthy();
		expect(screen.queryByLabelText("Secret key")).toBeNull();
		expect(document.body.textContent).not.toContain(KEY);
	});

	it("shows the server's refusal, Stripe's reason included, in the form, and keeps the key to correct", async () => {
		const message =
			"The key lacks a permission Paydesk needs: Disputes (write). Stripe said: Having the 'rak_dispute_read' permission would allow this request to continue.";
		stubApi(
			on(getStripeConnection).reply(() => ({ connected: false })),
			on(connectStripeAccount).reply(() => restError(400, "wcpay_stripe_key_invalid", message)),
		);
		await openPanel();
		fireEvent.change(await screen.findByLabelText("Secret key"), { target: { value: KEY } });
		fireEvent.click(screen.getByRole("button", { name: "Connect" }));
		expect((await screen.findByRole("alert")).textContent).toContain(message);
		expect(keyField().value).toBe(KEY);
		expect(keyField().disabled).toBe(false);
	});

	it("names the field in a parameter refusal", async () => {
		stubApi(
			on(getStripeConnection).reply(() => ({ connected: false })),
			on(connectStripeAccount).reply(() =>
				restError(400, "rest_invalid_param", "Invalid parameter(s): secret_key", {
					params: { secret_key: "secret_key must be a Stripe secret key (sk_…) or restricted key (rk_…)" },
				}),
			),
		);
		await openPanel();
		fireEvent.change(await screen.findByLabelText("Secret key"), { target: { value: "sk_nope" } });
		fireEvent.click(screen.getByRole("button", { name: "Connect" }));
		expect((await screen.findByRole("alert")).textContent).toContain(
			"Secret key must be a Stripe secret key (sk_…) or restricted key (rk_…)",
		);
	});

	it("tells a shop manager that only an administrator connects, with no form", async () => {
		testSettings({ user: { ...testSettings().user, roles: ["shop_manager"] } });
		stubApi(on(getStripeConnection).reply(() => ({ connected: false })));
		await openPanel();
		expect(await screen.findByText("Only an administrator can connect a Stripe account.")).toBeTruthy();
		expect(screen.queryByLabelText("Secret key")).toBeNull();
	});
});

describe("connected", () => {
	it("shows the account and the key's last four, and Disconnect brings the form back", async () => {
		requests = stubApi(
			on(getStripeConnection).reply(() => CONNECTED),
			on(getStripeSync).reply(() => SYNC),
			on(disconnectStripeAccount).reply(() => ({ connected: false, webhook_endpoint_removed: true })),
		);
		await openPanel();
		expect(await screen.findByText(/Connected to the Stripe account acct_1Hs\./)).toBeTruthy();
		expect(await screen.findByText("No event has come from Stripe yet.")).toBeTruthy();
		expect(screen.getByText("Rosen Goods")).toBeTruthy();
		expect(screen.getByText("Importing your Stripe history…")).toBeTruthy();
		expect(screen.getByRole("link", { name: "Go to Payments" }).getAttribute("href")).toContain(
			"path=/payments/overview",
		);
		fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
		expect(await screen.findByLabelText("Secret key")).toBeTruthy();
		expect(requests.filter((request) => request.route === disconnectStripeAccount)).toHaveLength(1);
	});

	it("shows a failed disconnect's reason", async () => {
		stubApi(
			on(getStripeConnection).reply(() => CONNECTED),
			on(getStripeSync).reply(() => SYNC),
			on(disconnectStripeAccount).reply(() =>
				restError(
					502,
					"wcpay_stripe_unreachable",
					"Stripe could not be reached or failed to answer: timeout",
				),
			),
		);
		await openPanel();
		fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }));
		expect((await screen.findByRole("alert")).textContent).toContain("Stripe could not be reached");
		expect(screen.getByText(/Connected to the Stripe account acct_1Hs\./)).toBeTruthy();
	});

	it("while the history is imported, shows a progress bar over the kinds, the counts and the rate", async () => {
		stubApi(
			on(getStripeConnection).reply(() => CONNECTED),
			on(getStripeSync).reply(() => ({
				...SYNC,
				counts: {
					...SYNC.counts,
					customers: 12,
					payment_intents: 1240,
					charges: 1234,
					refunds: 56,
					disputes: 7,
				},
				kinds_done: ["customers", "payment_intents", "charges", "refunds"],
				rate_per_second: 12.5,
				import_started_at: 1_764_320_000,
				last_error: "Stripe could not be reached or failed to answer: timeout",
			})),
		);
		await openPanel();
		const bar = await screen.findByRole("progressbar");
		expect(bar.getAttribute("aria-valuenow") ?? bar.getAttribute("value")).toBe("57");
		const counts = screen.getAllByRole("listitem").map((item) => item.textContent);
		expect(counts).toEqual([
			"Customers: 12 (done)",
			"Payment intents: 1,240 (done)",
			"Charges: 1,234 (done)",
			"Refunds: 56 (done)",
			"Disputes: 7",
			"Balance transactions: 0",
			"Payouts: 0",
		]);
		expect(screen.getByText("12.5 records a second.")).toBeTruthy();
		expect(
			screen.getAllByText("Stripe could not be reached or failed to answer: timeout").length,
		).toBeGreaterThan(0);
	});

	it("once imported, says the history is kept up to date, with no progress bar", async () => {
		stubApi(
			on(getStripeConnection).reply(() => CONNECTED),
			on(getStripeSync).reply(() => ({
				...SYNC,
				status: "live" as const,
				kinds_done: [...STRIPE_SYNC_KINDS],
			})),
		);
		await openPanel();
		expect(await screen.findByText("Your Stripe history is imported, and kept up to date.")).toBeTruthy();
		expect(screen.queryByRole("progressbar")).toBeNull();
	});

	it("says when the newest event from Stripe came, in the store's date format", async () => {
		stubApi(
			on(getStripeConnection).reply(() => CONNECTED),
			on(getStripeSync).reply(() => ({ ...SYNC, last_event_at: 1_764_320_400, lag_seconds: 30 })),
		);
		await openPanel();
		const freshness = await screen.findByText(/^Newest event from Stripe: /);
		expect(freshness.textContent).toMatch(/2025/);
	});
});
