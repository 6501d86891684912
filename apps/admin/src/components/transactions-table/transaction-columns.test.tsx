/**
 * The transactions table's column declarations (spec 2 "Transactions"): every column of the
 * spec in order, the required ones always shown, the hidden-by-default ones, subscriptions only
 * with subscriptions active, no payout columns in a payout's own list, and each row linking to
 * its payment details.
 */
import type { Transaction } from "@paydesk/contract/transactions";
import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { testSettings } from "../../testing/settings.ts";
import { defaultHiddenColumns } from "../list/list-screen.tsx";
import { transactionTableColumns } from "./transaction-columns.tsx";
import { transactionRow } from "./transaction-fixture.ts";
import { transactionSummaryItems } from "./transaction-summary.ts";

const keys = (context: { subscriptionsActive: boolean; inPayout: boolean }) =>
	transactionTableColumns(context).map((column) => column.key);

function renderCell(key: string, row: Transaction) {
	const column = transactionTableColumns({ subscriptionsActive: true, inPayout: false }).find(
		(c) => c.key === key,
	);
	return render(<div>{column?.cell(row)}</div>).container;
}

beforeEach(() => {
	testSettings();
});

describe("transaction columns", () => {
	it("has every column of the spec, in its order, after the details link", () => {
		expect(keys({ subscriptionsActive: true, inPayout: false })).toEqual([
			"details",
			"transaction_id",
			"date",
			"type",
			"channel",
			"customer_currency",
			"customer_amount",
			"currency",
			"amount",
			"fees",
			"net",
			"order",
			"subscriptions",
			"source",
			"customer_name",
			"customer_email",
			"customer_country",
			"risk_level",
			"deposit_id",
			"deposit",
			"deposit_status",
		]);
	});

	it("requires date, type, channel, net and order (they cannot be hidden)", () => {
		const required = transactionTableColumns({ subscriptionsActive: true, inPayout: false })
			.filter((column) => column.required && !column.labelHidden)
			.map((column) => column.key);
		expect(required).toEqual(["date", "type", "channel", "net", "order"]);
	});

	it("hides transaction id, customer currency and amount, currency, email, country, risk level and payout id by default", () => {
		expect(
			defaultHiddenColumns(transactionTableColumns({ subscriptionsActive: true, inPayout: false })),
		).toEqual([
			"transaction_id",
			"customer_currency",
			"customer_amount",
			"currency",
			"customer_email",
			"customer_country",
			"risk_level",
			"deposit_id",
		]);
	});

	it("has a subscriptions column only when subscriptions are active", () => {
		expect(keys({ subscriptionsActive: false, inPayout: false })).not.toContain("subscriptions");
		expect(keys({ subscriptionsActive: true, inPayout: false })).toContain("subscriptions");
	});

	it("has no payout columns in a payout's own transaction list", () => {
		const inPayout = keys({ subscriptionsActive: true, inPayout: true });
		for (const key of ["deposit_id", "deposit", "deposit_status"]) expect(inPayout).not.toContain(key);
		expect(inPayout).toContain("net");
	});

	it("links the date to the payment details with transaction_id and transaction_type", () => {
		const link = renderCell("date", transactionRow()).querySelector("a");
		expect(link?.getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=pi_1&transaction_id=txn_1&transaction_type=charge",
		);
	});

	it("links a card reader fee by its charge, with the charge type", () => {
		const row = transactionRow({
			type: "card_reader_fee",
			charge_id: "ch_fee",
			payment_intent_id: null,
			metadata: { charge_type: "card_reader_fee" },
		});
		const href = renderCell("date", row).querySelector("a")?.getAttribute("href") ?? "";
		expect(href).toContain("id=ch_fee");
		expect(href).toContain("transaction_type=card_reader_fee");
	});

	it("reads an unknown type as 'Unknown transactions'", () => {
		expect(renderCell("type", transactionRow({ type: "adjustment_x" })).textContent).toBe(
			"Unknown transactions",
		);
	});

	it("shows fees as money leaving the balance, and the card with its last digits", () => {
		expect(renderCell("fees", transactionRow()).textContent).toBe("-€3.20");
		expect(renderCell("source", transactionRow()).textContent).toBe("Visa •••• 4242");
	});
});

describe("transactions summary", () => {
	const summary = {
		count: 3,
		total: 30000,
		fees: 900,
		net: 29100,
		currency: "eur",
		store_currencies: ["eur"],
		customer_currencies: ["eur"],
		sources: ["card"],
	};
	const labels = (items: ReturnType<typeof transactionSummaryItems>) => items.map((item) => item.label);

	it("shows count, total, fees and net with one store currency", () => {
		const items = transactionSummaryItems(summary, undefined);
		expect(labels(items)).toEqual(["transactions", "total", "fees", "net"]);
		expect(items.map((item) => item.value)).toEqual(["3", "€300.00", "-€9.00", "€291.00"]);
	});

	it("shows the count only with several store currencies and no currency filter", () => {
		const several = { ...summary, currency: null, store_currencies: ["eur", "usd"] };
		expect(labels(transactionSummaryItems(several, undefined))).toEqual(["transactions"]);
	});

	it("shows the sums again once a store currency filter is set", () => {
		const filtered = { ...summary, store_currencies: ["eur", "usd"] };
		expect(labels(transactionSummaryItems(filtered, "eur"))).toEqual([
			"transactions",
			"total",
			"fees",
			"net",
		]);
	});
});
