import { describe, expect, it } from "vitest";
import {
	authorizationSortKey,
	channelLabel,
	customerPaymentsUrl,
	fraudOutcomeStatusLabel,
	riskLevelLabel,
	SOURCE_DEVICE_LABELS,
	singleCurrencyTotalShown,
	TRANSACTION_TYPES,
	tabSwitchQuery,
	transactionDetailsLink,
	transactionSource,
	transactionTotalsShown,
	transactionTypeLabel,
} from "./transactions.ts";
import { englishTranslator as t } from "./translator.ts";

describe("transaction value lists (spec 2 §4)", () => {
	it("knows the eleven transaction types, loans named as disbursement and repayment", () => {
		expect(TRANSACTION_TYPES).toHaveLength(11);
		expect(transactionTypeLabel("financing_payout", t)).toBe("Loan disbursement");
		expect(transactionTypeLabel("financing_paydown", t)).toBe("Loan repayment");
		expect(transactionTypeLabel("card_reader_fee", t)).toBe("Card reader fee");
	});

	it("an unknown transaction type reads 'Unknown transactions'", () => {
		expect(transactionTypeLabel("adjustment_of_sorts", t)).toBe("Unknown transactions");
	});

	it("channels are online, in_person and in_person_pos; devices android and ios", () => {
		expect(channelLabel("online", t)).toBe("Online");
		expect(channelLabel("in_person", t)).toBe("In-Person");
		expect(channelLabel("in_person_pos", t)).toBe("In-Person (POS)");
		expect(channelLabel(null, t)).toBe("");
		expect(SOURCE_DEVICE_LABELS).toEqual({ android: "Android", ios: "iOS" });
	});

	it("risk level: 0 normal, 1 elevated, 2 highest, otherwise not assessed", () => {
		expect([0, 1, 2].map((level) => riskLevelLabel(level, t))).toEqual(["Normal", "Elevated", "Highest"]);
		expect(riskLevelLabel(null, t)).toBe("Not assessed");
		expect(riskLevelLabel(7, t)).toBe("Not assessed");
	});

	it("a card payment's source (the payment method filter's value) is its brand; other methods their type", () => {
		for (const brand of ["visa", "mastercard", "amex", "discover", "jcb", "diners", "unionpay"]) {
			expect(transactionSource("card", brand)).toBe(brand);
		}
		expect(transactionSource("sepa_debit", undefined)).toBe("sepa_debit");
		expect(transactionSource("klarna", "visa")).toBe("klarna");
		// In-person cards have fees of their own, whatever the brand.
		expect(transactionSource("card_present", "visa")).toBe("card_present");
		// A brand the filter does not offer stays a card.
		expect(transactionSource("card", "unknown")).toBe("card");
		expect(transactionSource("card", undefined)).toBe("card");
	});

	it("fraud outcome statuses: allow Succeeded, review Needs review, block Payment blocked", () => {
		expect(fraudOutcomeStatusLabel("allow", t)).toBe("Succeeded");
		expect(fraudOutcomeStatusLabel("review", t)).toBe("Needs review");
		expect(fraudOutcomeStatusLabel("block", t)).toBe("Payment blocked");
	});
});

describe("authorizations (spec 2 §2, §4, §9)", () => {
	it("the sort key 'capture_by' is sent to the server as created, and created is the default", () => {
		expect(authorizationSortKey("capture_by")).toBe("created");
		expect(authorizationSortKey(undefined)).toBe("created");
		expect(authorizationSortKey("amount")).toBe("amount");
	});
});

describe("summaries (spec 2 §2)", () => {
	it("shows total, fees and net only with at most one store currency or a store currency filter", () => {
		expect(transactionTotalsShown({ storeCurrencies: ["usd"] })).toBe(true);
		expect(transactionTotalsShown({ storeCurrencies: [] })).toBe(true);
		expect(transactionTotalsShown({ storeCurrencies: ["usd", "eur"] })).toBe(false);
		expect(transactionTotalsShown({ storeCurrencies: ["usd", "eur"], storeCurrencyFilter: "eur" })).toBe(
			true,
		);
	});

	it("the uncaptured and blocked totals show only when all amounts share one currency", () => {
		expect(singleCurrencyTotalShown(["usd", "USD"])).toBe(true);
		expect(singleCurrencyTotalShown(["usd", "eur"])).toBe(false);
		expect(singleCurrencyTotalShown([])).toBe(false);
	});
});

describe("tabs (spec 2 §2)", () => {
	it("switching tabs resets paged to 1 and per_page to 25 and clears order and orderby", () => {
		expect(tabSwitchQuery("blocked-page")).toEqual({
			tab: "blocked-page",
			paged: 1,
			per_page: 25,
			order: null,
			orderby: null,
		});
	});
});

describe("transaction detail link (spec 2 §2)", () => {
	const row = {
		transaction_id: "txn_1",
		type: "refund",
		charge_id: "ch_1",
		payment_intent_id: "pi_1",
		metadata: { charge_type: null },
	};

	it("links the payment details with transaction_id and transaction_type added", () => {
		expect(transactionDetailsLink(row)).toEqual({
			path: "/payments/transactions/details",
			query: { id: "pi_1", transaction_id: "txn_1", transaction_type: "refund" },
		});
	});

	it("card reader fees use the charge type (and open by charge)", () => {
		const fee = { ...row, type: "card_reader_fee", metadata: { charge_type: "card_reader_fee" } };
		expect(transactionDetailsLink(fee)?.query).toEqual({
			id: "ch_1",
			transaction_id: "txn_1",
			transaction_type: "card_reader_fee",
		});
	});

	it("a transaction with no payment behind it has no link", () => {
		expect(transactionDetailsLink({ ...row, charge_id: null, payment_intent_id: null })).toBeNull();
	});
});

describe("customer link", () => {
	it("leads to the customer's payments: the transactions list searched by their e-mail", () => {
		expect(customerPaymentsUrl("jane+shop@example.com")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/transactions&search=jane%2Bshop%40example.com",
		);
	});
});
