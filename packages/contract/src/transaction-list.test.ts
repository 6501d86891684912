/**
 * The transactions list's declaration (spec 2 "Transactions"): the columns, their visibility, the
 * sorts, the export's columns and the filter parameters the contract parses all come from it.
 */
import { describe, expect, it } from "vitest";
import { transactionList } from "./transaction-list.ts";
import { transactionQueries } from "./transactions.ts";

const visibility = (kind: string) =>
	transactionList
		.columns({ subscriptionsActive: true, inPayout: false })
		.filter((name) => transactionList.fields[name].column === kind);

describe("the transactions table's columns (spec 2 §2)", () => {
	it("date, type, channel, net and order are always visible", () => {
		expect(visibility("required")).toEqual(["date", "type", "channel", "net", "order"]);
	});

	it("starts with the id, currencies, amount paid, e-mail, country, risk level and payout id hidden", () => {
		expect(visibility("hidden")).toEqual([
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

	it("subscriptions only when subscriptions are active; no deposit columns in a payout's list", () => {
		const all = transactionList.columns({ subscriptionsActive: true, inPayout: false });
		expect(all).toContain("subscriptions");
		expect(all).toContain("deposit_status");
		const inPayout = transactionList.columns({ subscriptionsActive: false, inPayout: true });
		expect(inPayout).not.toContain("subscriptions");
		expect(inPayout).not.toContain("deposit");
		expect(inPayout).not.toContain("deposit_id");
	});

	it("sorts by date, amount, fees and net, newest first by default", () => {
		expect(transactionList.sorts).toEqual(["date", "amount", "fees", "net"]);
		expect(transactionQueries.defaultOrder).toEqual({ orderby: "date", order: "desc" });
	});
});

describe("the transactions filters (spec 2 §2, spec 1 §9)", () => {
	it("parses each declared rule's parameter, and only those", () => {
		const query = transactionQueries.filters.parse({
			customer_currency_is_not: "EUR",
			type_is_in: "charge",
			customer_country_is: "fr",
			risk_level_is_not: "2",
			loan_id_is: "flxln_1",
			unknown_is: "x",
		});
		expect(query).toMatchObject({
			customer_currency_is_not: "eur",
			type_is_in: ["charge"],
			customer_country_is: "FR",
			risk_level_is_not: 2,
			loan_id_is: "flxln_1",
		});
		expect(query).not.toHaveProperty("unknown_is");
	});

	it("parses the Loan filter's is and is not rules (spec 2: each filter with is / is not)", () => {
		expect(transactionQueries.filters.parse({ loan_id_is_not: "flxln_1" })).toMatchObject({
			loan_id_is_not: "flxln_1",
		});
		expect(transactionQueries.filterParams).toEqual(expect.arrayContaining(["loan_id_is", "loan_id_is_not"]));
		expect(transactionQueries.filters.safeParse({ loan_id_is_not: "not a loan id" }).success).toBe(false);
	});

	it("refuses a value outside a rule's value list", () => {
		expect(transactionQueries.filters.safeParse({ channel_is: "mail" }).success).toBe(false);
		expect(transactionQueries.filters.safeParse({ risk_level_is: "3" }).success).toBe(false);
	});

	it("offers the filters in the spec's order, every declared one", () => {
		expect(transactionList.filterOrder).toEqual([
			"date",
			"customer_currency",
			"source",
			"type",
			"loan_id",
			"source_device",
			"channel",
			"customer_country",
			"risk_level",
		]);
	});

	it("keys the rollups by the store currency and every field a value rule filters", () => {
		const filtered = transactionList.ruleParams.map((rule) => rule.field);
		expect(new Set(transactionList.dimensions)).toEqual(new Set(["currency", ...filtered]));
	});
});
