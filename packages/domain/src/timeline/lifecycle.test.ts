import { describe, expect, it } from "vitest";
import { authorizationExpired, authorizationVoided, authorized, captured, started } from "./authorization.ts";
import { CARD_FAILURE_REASONS, cardFailureReason, failed } from "./failure.ts";
import { financingPaydown, LOANS_URL } from "./financing.ts";
import { lineText, type TimelineContext, type TimelineEntry } from "./types.ts";

const NOW = Date.UTC(2026, 10, 15, 15) / 1000;
const context: TimelineContext = { dateFormat: "F j, Y", timeZone: "UTC", now: NOW };
const body = (entry: TimelineEntry) => entry.body.map(lineText);

describe("authorization events", () => {
	it("says a payment was started and authorized, in the customer's currency", () => {
		expect(
			lineText(started({ type: "started", datetime: 1, amount: 1999, currency: "usd" }, context).headline),
		).toBe("A payment of $19.99 was started.");
		const entry = authorized({ type: "authorized", datetime: 1, amount: 1999, currency: "eur" }, context);
		expect(lineText(entry.headline)).toBe("A payment of €19.99 was authorized.");
	});
	it("says a voided authorization did not charge the customer", () => {
		const entry = authorizationVoided(
			{ type: "authorization_voided", datetime: 1, amount: 500, currency: "usd" },
			context,
		);
		expect(lineText(entry.headline)).toBe("The authorization of $5.00 was canceled.");
		expect(body(entry)).toEqual(["The customer was not charged."]);
	});
	it("says an expired authorization was not captured within the 7-day window", () => {
		const entry = authorizationExpired(
			{ type: "authorization_expired", datetime: 1, amount: 500, currency: "usd" },
			context,
		);
		expect(entry.tone).toBe("warning");
		expect(body(entry)[0]).toContain("within 7 days");
	});
});

describe("captured: the amount, its conversion, the fee with rates as percent, the net and the payout", () => {
	const event = {
		type: "captured",
		datetime: NOW - 86_400,
		amount: 10000,
		amount_captured: 10000,
		currency: "eur",
		fee: 447,
		fee_rates: {
			percentage: 0.039,
			fixed: 25,
			fixed_currency: "usd",
			history: [
				{ type: "base", percentage_rate: 0.029, fixed_rate: 25, currency: "usd" },
				{ type: "fx", percentage_rate: 0.01, fixed_rate: 0, currency: "usd" },
			],
		},
		transaction_details: {
			customer_currency: "eur",
			customer_amount: 10000,
			customer_amount_captured: 10000,
			store_currency: "usd",
			store_amount: 10835,
			store_amount_captured: 10835,
			store_fee: 447,
		},
		deposit: { id: "po_123", arrival_date: NOW - 3600 },
	};

	it("shows every money line", () => {
		const entry = captured(event, context);
		expect(lineText(entry.headline)).toBe("A payment of €100.00 was captured.");
		expect(body(entry)).toEqual([
			"€100.00 EUR → $108.35 USD (1 EUR = 1.0835 USD)",
			"Fee (3.9% + $0.25): -$4.47",
			"Base fee: 2.9% + $0.25",
			"Foreign exchange fee: 1%",
			"Net: $103.88",
			"Included in the payout of November 15, 2026",
		]);
	});
	it("links the payout and says when it is still scheduled", () => {
		const later = captured({ ...event, deposit: { id: "po_123", arrival_date: NOW + 86_400 } }, context);
		const payout = later.body.at(-1) ?? [];
		expect(payout[0]).toBe("Included in the payout scheduled for ");
		expect(payout[1]).toEqual({
			text: "November 16, 2026",
			href: "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=po_123",
		});
	});
	it("leaves out the conversion and the fee components for a same-currency payment", () => {
		const entry = captured(
			{
				type: "captured",
				datetime: 1,
				amount: 5000,
				currency: "usd",
				fee: 175,
				fee_rates: { percentage: 0.029, fixed: 30, fixed_currency: "usd", history: [] },
				transaction_details: { customer_currency: "usd", store_currency: "usd", store_amount: 5000 },
			},
			context,
		);
		expect(body(entry)).toEqual([
			"Fee (2.9% + $0.30): -$1.75",
			"Net: $48.25",
			"This amount will be included in an upcoming payout.",
		]);
	});
	it("uses 6 significant digits for an exchange rate under 1", () => {
		const entry = captured(
			{
				type: "captured",
				datetime: 1,
				amount: 10000,
				currency: "usd",
				fee: 0,
				transaction_details: {
					customer_currency: "usd",
					customer_amount: 10000,
					store_currency: "gbp",
					store_amount: 7912,
				},
			},
			context,
		);
		expect(body(entry)[0]).toBe("$100.00 USD → £79.12 GBP (1 USD = 0.7912 GBP)");
	});
});

describe("failed: the card failure reason, 'The payment was declined' by default", () => {
	it("explains card_declined in the spec's words", () => {
		expect(cardFailureReason("card_declined")).toBe("The card was declined by the bank");
		const entry = failed(
			{ type: "failed", datetime: 1, amount: 2500, currency: "usd", failure_reason: "card_declined" },
			context,
		);
		expect(lineText(entry.headline)).toBe("A payment of $25.00 failed.");
		expect(body(entry)).toEqual(["The card was declined by the bank."]);
	});
	it("has a text for every card failure reason of the spec", () => {
		for (const code of [
			"expired_card",
			"incorrect_cvc",
			"incorrect_number",
			"incorrect_zip",
			"invalid_cvc",
			"invalid_expiry_month",
			"invalid_expiry_year",
			"invalid_number",
			"processing_error",
			"authentication_required",
			"insufficient_funds",
		]) {
			expect(CARD_FAILURE_REASONS[code]).toBeTruthy();
		}
		expect(cardFailureReason("do_not_honor")).toBe("The payment was declined");
		expect(cardFailureReason(null)).toBe("The payment was declined");
	});
});

describe("financing_paydown", () => {
	it("names the loan with a link to the loans page", () => {
		const entry = financingPaydown(
			{ type: "financing_paydown", datetime: 1, amount: -300, currency: "usd", loan_id: "flxln_1" },
			context,
		);
		expect(lineText(entry.headline)).toBe("A loan repayment of $3.00 was withheld from this payment.");
		expect(entry.body[0]).toEqual(["Repays loan ", { text: "flxln_1", href: LOANS_URL }]);
	});
});
