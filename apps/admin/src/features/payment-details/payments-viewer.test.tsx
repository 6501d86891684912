/**
 * A payments viewer (payments_viewer) reads a payment's details and finds no money action to
 * take: no refund, no capture or cancel of an authorization, no dispute to accept or challenge,
 * and, where the dispute needs a response, a short sentence saying why. A shop manager looking at
 * the same payments finds each action, so the viewer's page lacks them because of its role.
 */
import { getAuthorization } from "@paydesk/contract/authorizations";
import type { Charge } from "@paydesk/contract/charges";
import { getPaymentIntent } from "@paydesk/contract/charges";
import { getDispute } from "@paydesk/contract/disputes";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { getTimeline } from "@paydesk/contract/timeline";
import { recordTracks } from "@paydesk/contract/tracks";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "../../app/paths.ts";
import { adminUrl } from "../../app/router.tsx";
import { disputeFixture } from "../../testing/disputes.ts";
import { on, stubApi } from "../../testing/network.ts";
import {
	CREATED,
	chargeFixture,
	paymentIntentFixture,
	uncapturedChargeFixture,
} from "../../testing/payments.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import PaymentDetailsScreen from "./payment-details-screen.tsx";

const AUTHORIZATION: ResponseInputOf<typeof getAuthorization> = {
	payment_intent_id: "pi_test1",
	charge_id: "ch_test1",
	is_captured: false,
	created: new Date(CREATED * 1000).toISOString(),
	capture_by: new Date((CREATED + 7 * 86_400) * 1000).toISOString(),
	order_id: 1042,
	customer_name: "Jane Doe",
	customer_email: "jane@example.com",
	customer_country: "US",
	risk_level: 0,
	amount: 5_000,
	currency: "usd",
};

const DISPUTED = chargeFixture({
	disputed: true,
	display_status: "disputed_needs_response",
	dispute: {
		id: "du_test",
		status: "needs_response",
		reason: "product_not_received",
		amount: 5_000,
		currency: "usd",
		created: CREATED,
		due_by: CREATED + 10 * 86_400,
		evidence_details: { due_by: CREATED + 10 * 86_400, has_evidence: false },
	},
});

const PAYMENTS: Record<string, Charge> = {
	paid: chargeFixture(),
	authorized: uncapturedChargeFixture(),
	disputed: DISPUTED,
};

/** What a merchant could do to the payment's money, as buttons or as links that look like them. */
const MONEY_ACTION = /refund|capture|cancel|accept|challenge|evidence|respond/i;

function enabledMoneyActions(): string[] {
	const controls = [...document.querySelectorAll<HTMLElement>("button, a")];
	return controls
		.filter((control) => MONEY_ACTION.test(control.textContent ?? ""))
		.filter((control) => !(control as HTMLButtonElement).disabled && control.ariaDisabled !== "true")
		.map((control) => control.textContent ?? "");
}

function signIn(role: "payments_viewer" | "shop_manager") {
	const user = { ...testSettings().user, roles: [role] };
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i", user });
}

async function open(payment: keyof typeof PAYMENTS) {
	const charge = PAYMENTS[payment] ?? chargeFixture();
	stubApi(
		on(getPaymentIntent).reply(() => paymentIntentFixture(charge)),
		on(getTimeline).reply(() => ({ data: [] })),
		on(getAuthorization).reply(() => AUTHORIZATION),
		on(getDispute).reply(() => disputeFixture(CREATED + 5 * 86_400)),
		on(recordTracks).reply(({ body }) => ({ recorded: body.events.length })),
	);
	window.history.replaceState(null, "", `${adminUrl(ADMIN_PATHS.paymentDetails)}&id=pi_test1`);
	renderWithQueryClient(<PaymentDetailsScreen />);
	await screen.findByText("$50.00 USD");
}

describe("a payments viewer finds no enabled money action on a payment's details", () => {
	beforeEach(() => signIn("payments_viewer"));

	it("a paid payment offers no refund, in full or in part", async () => {
		await open("paid");
		expect(screen.queryByRole("button", { name: "Refund in full" })).toBeNull();
		expect(screen.queryByRole("button", { name: "Partial refund" })).toBeNull();
		expect(enabledMoneyActions()).toEqual([]);
	});

	it("an authorization shows when it must be captured by, with neither Capture nor Cancel", async () => {
		await open("authorized");
		const banner = await screen.findByRole("region", { name: "Capture payment" });
		expect(banner.textContent).toContain("2026-11-25");
		expect(screen.queryByRole("button", { name: "Capture" })).toBeNull();
		expect(screen.queryByRole("button", { name: "Cancel authorization" })).toBeNull();
		expect(enabledMoneyActions()).toEqual([]);
	});

	it("a dispute that needs a response can be neither accepted nor challenged, and says why", async () => {
		await open("disputed");
		expect(await screen.findByText("Your role can view payments but not change them.")).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Accept dispute" })).toBeNull();
		expect(screen.queryByRole("link", { name: "Challenge dispute" })).toBeNull();
		expect(enabledMoneyActions()).toEqual([]);
	});
});

describe("a shop manager finds the same payments' actions", () => {
	beforeEach(() => signIn("shop_manager"));

	it.each([
		["paid", "Refund in full"],
		["authorized", "Capture"],
		["disputed", "Accept dispute"],
	] as const)("a %s payment offers %s", async (payment, action) => {
		await open(payment);
		expect(await screen.findByRole("button", { name: action })).toBeTruthy();
		expect(enabledMoneyActions().length).toBeGreaterThan(0);
	});
});
