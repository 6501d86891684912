/**
 * Spec 2 "Payment details": how the screen reads its id (payment intent, charge ch_/py_, order
 * digits), the card reader fee view, the fraud-protection link's status_is and type_is it tracks
 * and drops from the URL (both, never one alone), the cards it shows in order, and 'Payment
 * details not loaded' / 'Error while loading timeline'.
 */
import { listAuditLog } from "@paydesk/contract/audit-log";
import { getCharge, getChargeByOrder, getPaymentIntent } from "@paydesk/contract/charges";
import { getDispute } from "@paydesk/contract/disputes";
import { getReaderChargeStats } from "@paydesk/contract/readers";
import type { ResponseInputOf } from "@paydesk/contract/route";
import { getTimeline } from "@paydesk/contract/timeline";
import { recordTracks } from "@paydesk/contract/tracks";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PATHS } from "../../app/paths.ts";
import { adminUrl } from "../../app/router.tsx";
import { TRACKS_GATHER_MS } from "../../app/tracks.ts";
import { type Answer, on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { clearNotices, NoticeProbe } from "../../testing/notice-probe.tsx";
import { CREATED, chargeFixture, paymentIntentFixture } from "../../testing/payments.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import PaymentDetailsScreen from "./payment-details-screen.tsx";

const BASE = "/wp-json/wc/v3/payments";
const notFound = (code: string) => restError(404, code, "Not found");

const TIMELINE: ResponseInputOf<typeof getTimeline> = {
	data: [
		{ type: "authorized", datetime: CREATED, amount: 5_000, currency: "usd" },
		{
			type: "captured",
			datetime: CREATED + 60,
			amount: 5_000,
			amount_captured: 5_000,
			currency: "usd",
			fee: 175,
			fee_rates: { percentage: 0.029, fixed: 30, fixed_currency: "usd" },
			deposit: { id: "po_1", arrival_date: CREATED + 3 * 86_400 },
		},
	],
};

/** What the routes answer, by the id in their path; any other id is not found. */
let intents: Record<string, () => Answer<typeof getPaymentIntent>>;
let timelines: Record<string, () => Answer<typeof getTimeline>>;
let readerStats: Record<string, () => Answer<typeof getReaderChargeStats>>;
let requests: RecordedRequest[];
beforeEach(() => {
	clearNotices();
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	const intent = paymentIntentFixture();
	intents = { pi_test1: () => intent };
	timelines = { pi_test1: () => TIMELINE };
	readerStats = {};
	requests = stubApi(
		on(getPaymentIntent).reply(({ params }) => intents[params.id]?.() ?? notFound("rest_no_route")),
		on(getCharge).reply(({ params }) =>
			params.id === "ch_test1" ? intent.charge : notFound("rest_no_route"),
		),
		on(getChargeByOrder).reply(({ params }) =>
			params.id === "1042" ? intent.charge : notFound("rest_no_route"),
		),
		on(getTimeline).reply(({ params }) => timelines[params.id]?.() ?? notFound("rest_no_route")),
		on(getReaderChargeStats).reply(({ params }) => readerStats[params.id]?.() ?? notFound("rest_no_route")),
		// A disputed payment's dispute, which these tests do not look at.
		on(getDispute).reply(() => notFound("rest_no_route")),
		on(recordTracks).reply(({ body }) => ({ recorded: body.events.length })),
		// The administrator's Activity card (payment-activity.test.tsx looks at it).
		on(listAuditLog).reply(() => ({ data: [], total_count: 0 })),
	);
});
afterEach(() => vi.useRealTimers());

function open(query: string) {
	window.history.replaceState(null, "", `${adminUrl(ADMIN_PATHS.paymentDetails)}&${query}`);
	return renderWithQueryClient(
		<>
			<PaymentDetailsScreen />
			<NoticeProbe />
		</>,
	);
}

const currentQuery = () => new URLSearchParams(window.location.search);

describe("the id of the payment details", () => {
	it("a payment intent id shows the payment", async () => {
		open("id=pi_test1");
		expect(await screen.findByText("$50.00 USD")).toBeTruthy();
		expect(screen.getByText("Paid")).toBeTruthy();
	});

	it("a charge id is replaced by the payment-intent route, keeping the transaction parameters", async () => {
		const replace = vi.spyOn(window.history, "replaceState");
		const push = vi.spyOn(window.history, "pushState");
		open("id=ch_test1&transaction_id=txn_1&transaction_type=charge");
		await waitFor(() => expect(currentQuery().get("id")).toBe("pi_test1"));
		expect(currentQuery().get("transaction_id")).toBe("txn_1");
		expect(currentQuery().get("transaction_type")).toBe("charge");
		expect(replace).toHaveBeenCalled();
		expect(push).not.toHaveBeenCalled();
		push.mockRestore();
		replace.mockRestore();
	});

	it("an all-digit id is an order: its charge is loaded and the browser goes to the payment-intent route", async () => {
		open("id=1042");
		await waitFor(() => expect(currentQuery().get("id")).toBe("pi_test1"));
		expect(requests.some((request) => request.url === `${BASE}/charges/order/1042`)).toBe(true);
	});

	it("says 'Payment details not loaded' when the payment cannot be loaded", async () => {
		open("id=pi_missing");
		// The notice is also spoken, so its text is on the page twice.
		expect((await screen.findAllByText("Payment details not loaded")).length).toBeGreaterThan(0);
		// A missing payment is not a failure to load one.
		expect(screen.queryByText("Error retrieving transaction.")).toBeNull();
	});

	it("reads 'Error retrieving transaction.' when the payment fails to load (spec 2 §8)", async () => {
		intents.pi_broken = () => restError(500, "internal_server_error", "Boom");
		open("id=pi_broken");
		// Tried once more after a second, then reported.
		expect(
			(await screen.findAllByText("Error retrieving transaction.", {}, { timeout: 5_000 })).length,
		).toBeGreaterThan(0);
	});

	it("says 'Payment details not loaded' for an order without a payment", async () => {
		open("id=999");
		expect((await screen.findAllByText("Payment details not loaded")).length).toBeGreaterThan(0);
		expect(currentQuery().get("id")).toBe("999");
	});

	it.each([
		["a payment intent", "pi_bad%2Fid"],
		["a charge", "ch_bad-id"],
	])(
		"says 'Payment details not loaded' for %s id with characters outside \\w, without a request",
		async (_kind, id) => {
			open(`id=${id}`);
			expect((await screen.findAllByText("Payment details not loaded")).length).toBeGreaterThan(0);
			expect(screen.queryByText("Loading payment details…")).toBeNull();
			expect(requests).toEqual([]);
		},
	);

	it("drops status_is and type_is from the URL when the query carries both (the fraud-protection link)", async () => {
		open("id=pi_test1&status_is=block&type_is=review");
		await waitFor(() => expect(currentQuery().has("status_is")).toBe(false));
		expect(currentQuery().has("type_is")).toBe(false);
		expect(currentQuery().get("id")).toBe("pi_test1");
	});

	it("records the fraud-protection link click with its status and type, when the store allows tracking", async () => {
		testSettings({ tracksEnabled: true });
		vi.useFakeTimers({ shouldAdvanceTime: true });
		open("id=pi_test1&status_is=block&type_is=review");
		await waitFor(() => expect(currentQuery().has("status_is")).toBe(false));
		vi.advanceTimersByTime(TRACKS_GATHER_MS);
		await waitFor(() =>
			expect(requests.find((request) => request.route === recordTracks)?.body).toEqual({
				events: [
					{ name: "wcpay_fraud_protection_link_click", properties: { status: "block", type: "review" } },
				],
			}),
		);
	});

	it.each([
		["status_is", "status_is=block"],
		["type_is", "type_is=review"],
	])("leaves %s alone in the URL: only both make the fraud-protection link", async (name, parameter) => {
		open(`id=pi_test1&${parameter}`);
		expect(await screen.findByText("$50.00 USD")).toBeTruthy();
		expect(currentQuery().has(name)).toBe(true);
	});

	it("transaction_type=card_reader_fee opens the card reader fee view of the charge", async () => {
		readerStats.ch_fee = () => ({
			charge_id: "ch_fee",
			created: "2026-11-01T00:00:00.000Z",
			data: [{ reader_id: "tmr_a", status: "active", count: 4, fee: { amount: 40, currency: "usd" } }],
		});
		open("id=ch_fee&transaction_id=txn_fee&transaction_type=card_reader_fee");
		await screen.findByText("tmr_a");
		expect(screen.getByRole("table", { name: "Card readers" })).toBeTruthy();
		expect(currentQuery().get("id")).toBe("ch_fee");
	});
});

describe("the cards", () => {
	it("summary, then timeline, then payment method, in that order", async () => {
		const { container } = open("id=pi_test1");
		await screen.findByText("A payment of $50.00 was captured.");
		const order = [
			...container.querySelectorAll(".paydesk-payment-summary, .paydesk-timeline, .paydesk-payment-method"),
		];
		expect(
			order.map((card) => card.className.match(/paydesk-(payment-summary|timeline|payment-method)/)?.[1]),
		).toEqual(["payment-summary", "timeline", "payment-method"]);
	});

	it("the summary shows amount, fee, net, customer, order link, payment method and risk", async () => {
		open("id=pi_test1");
		const summary = (await screen.findByText("$50.00 USD")).closest(
			".paydesk-payment-summary",
		) as HTMLElement;
		expect(summary.textContent).toContain("Fees:-$1.75");
		expect(summary.textContent).toContain("Net:$48.25");
		expect(summary.textContent).toContain("Jane Doe");
		expect(within(summary).getByRole("link", { name: "#1042" }).getAttribute("href")).toBe(
			"/wp-admin/post.php?post=1042&action=edit",
		);
		expect(summary.textContent).toContain("Visa •••• 4242");
		expect(summary.textContent).toContain("Risk evaluationNormal");
	});

	it("links to the payment's events: the Developers event log narrowed to its PaymentIntent", async () => {
		open("id=pi_test1");
		const summary = (await screen.findByText("$50.00 USD")).closest(
			".paydesk-payment-summary",
		) as HTMLElement;
		expect(within(summary).getByRole("link", { name: "View events" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/developers/events&payment_intent_is=pi_test1",
		);
	});

	it("a disputed payment shows its dispute status and due date", async () => {
		const charge = chargeFixture({
			disputed: true,
			display_status: "disputed_needs_response",
			refundable_amount: 0,
			dispute: {
				id: "du_1",
				status: "needs_response",
				reason: "fraudulent",
				amount: 5_000,
				currency: "usd",
				created: CREATED,
				due_by: CREATED + 10 * 86_400,
				evidence_details: { due_by: CREATED + 10 * 86_400, has_evidence: false },
			},
		});
		intents.pi_test1 = () => paymentIntentFixture(charge);
		open("id=pi_test1");
		const summary = (await screen.findByText("$50.00 USD")).closest(
			".paydesk-payment-summary",
		) as HTMLElement;
		expect(within(summary).getByText("Disputed: Needs response")).toBeTruthy();
		expect(summary.textContent).toContain("Dispute statusNeeds response");
		expect(summary.textContent).toContain("Evidence due by2026-11-28 / 11:06");
	});

	it("the timeline lists the events newest first with fee rates and the payout link", async () => {
		open("id=pi_test1");
		const list = await screen.findByRole("list", { name: "Payment timeline" });
		const headlines = [...list.querySelectorAll(".paydesk-timeline__headline")].map(
			(line) => line.textContent,
		);
		expect(headlines).toEqual(["A payment of $50.00 was captured.", "A payment of $50.00 was authorized."]);
		expect(list.textContent).toContain("Fee (2.9% + $0.30): -$1.75");
		expect(within(list).getByRole("link", { name: "2026-11-21" }).getAttribute("href")).toContain("id=po_1");
	});

	it("the timeline is left out when the paymentTimeline flag is off", async () => {
		const settings = testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
		testSettings({ ...settings, featureFlags: { ...settings.featureFlags, paymentTimeline: false } });
		open("id=pi_test1");
		await screen.findByText("$50.00 USD");
		expect(screen.queryByText("Timeline")).toBeNull();
		expect(requests.some((request) => request.url.includes("/timeline/"))).toBe(false);
	});

	it("says 'Error while loading timeline' when the timeline cannot be read", async () => {
		timelines.pi_test1 = () => notFound("wcpay_payment_intent_not_found");
		open("id=pi_test1");
		expect((await screen.findAllByText("Error while loading timeline")).length).toBeGreaterThan(0);
		expect(screen.getByText("$50.00 USD")).toBeTruthy();
	});

	it("the payment method card shows card type labels and check results", async () => {
		open("id=pi_test1");
		const card = (await screen.findByRole("heading", { name: "Payment method" })).closest(
			".paydesk-payment-method",
		) as HTMLElement;
		expect(card.textContent).toContain("TypeCredit");
		expect(card.textContent).toContain("CVC checkPassed");
		expect(card.textContent).toContain("Street checkFailed");
		expect(card.textContent).toContain("Zip checkNot checked");
	});

	it("the payment method card names p24 banks by their display names", async () => {
		const charge = chargeFixture({
			payment_method_details: { type: "p24", p24: { bank: "santander_przelew24", reference: "P24-1" } },
		});
		intents.pi_test1 = () => paymentIntentFixture(charge);
		open("id=pi_test1");
		const card = (await screen.findByRole("heading", { name: "Payment method" })).closest(
			".paydesk-payment-method",
		) as HTMLElement;
		expect(card.textContent).toContain("Przelewy24 (P24)");
		expect(card.textContent).toContain("BankSantander Bank Polska");
	});
});
