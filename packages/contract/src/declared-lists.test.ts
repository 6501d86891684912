/**
 * The lists declared in *-list.ts besides transactions (spec 2 "Payouts list", "Uncaptured tab",
 * "Blocked tab", spec 3 §2.2, spec 1 §2.4): the columns, sorts, export columns and filter
 * parameters their contracts parse come from each declaration.
 */
import { describe, expect, it } from "vitest";
import { authorizationList } from "./authorization-list.ts";
import { authorizationListQuery } from "./authorizations.ts";
import { depositQueries } from "./deposits.ts";
import { disputeList } from "./dispute-list.ts";
import { disputeQueries } from "./disputes.ts";
import { documentList } from "./document-list.ts";
import { documentQueries } from "./documents.ts";
import { fraudOutcomeList } from "./fraud-outcome-list.ts";
import { fraudOutcomeListQuery } from "./fraud-outcomes.ts";
import { defineListFields } from "./list-fields.ts";
import { payoutList } from "./payout-list.ts";

describe("the payouts list", () => {
	it("shows date, type, amount, status and the bank's columns, sorting by date and amount", () => {
		expect(payoutList.columns().map(payoutList.columnKey)).toEqual([
			"date",
			"type",
			"amount",
			"status",
			"bankAccount",
			"bankReferenceId",
		]);
		expect(depositQueries.paged.parse({}).sort).toBe("date");
		expect(payoutList.sortColumnKeys).toEqual(["date", "amount"]);
	});

	it("exports the id, fee, currency and failure code besides the table's columns", () => {
		expect(payoutList.exportColumns).toEqual([
			"id",
			"date",
			"type",
			"amount",
			"fee",
			"currency",
			"status",
			"bank_account",
			"bank_reference_key",
			"failure_code",
		]);
	});

	it("parses the status rules it declares, and only those", () => {
		expect(depositQueries.filters.parse({ status_is: "paid", status_is_not: "failed" })).toMatchObject({
			status_is: "paid",
			status_is_not: "failed",
		});
		expect(depositQueries.filters.safeParse({ status_is: "lost" }).success).toBe(false);
		expect(depositQueries.filterParams).toContain("status_is_not");
		expect(depositQueries.filterParams).not.toContain("type_is");
	});
});

describe("the disputes list", () => {
	it("keeps the admin's column keys, and hides currency, e-mail, country and the creation date", () => {
		const columns = disputeList.columns();
		expect(columns.map(disputeList.columnKey)).toEqual([
			"amount",
			"currency",
			"status",
			"reason",
			"source",
			"order",
			"customerName",
			"customerEmail",
			"customerCountry",
			"created",
			"dueBy",
			"action",
		]);
		expect(columns.filter((name) => disputeList.fields[name].column === "hidden")).toEqual([
			"currency",
			"customer_email",
			"customer_country",
			"created",
		]);
	});

	it("sorts by amount, creation and due date, the admin's dueBy being the API's due_by", () => {
		expect(disputeList.sortColumnKeys).toEqual(["amount", "created", "dueBy"]);
		expect(disputeList.sortOfColumnKey("dueBy")).toBe("due_by");
		expect(disputeList.sortOfColumnKey("reason")).toBeUndefined();
		expect(disputeQueries.paged.parse({ sort: "due_by" }).sort).toBe("due_by");
		expect(disputeQueries.paged.safeParse({ sort: "dueBy" }).success).toBe(false);
	});

	it("exports the ids first and every table column but the action", () => {
		expect(disputeList.exportColumns).toEqual([
			"dispute_id",
			"charge_id",
			"amount",
			"currency",
			"status",
			"reason",
			"source",
			"order",
			"customer_name",
			"customer_email",
			"customer_country",
			"created",
			"due_by",
		]);
	});

	it("parses the status rules it declares beside the quick filter", () => {
		expect(
			disputeQueries.filters.parse({ status_is_not: "lost", filter: "awaiting_response" }),
		).toMatchObject({ status_is_not: "lost", filter: "awaiting_response" });
		expect(disputeQueries.filters.safeParse({ status_is: "paid" }).success).toBe(false);
	});
});

describe("the documents list", () => {
	it("shows date, type, description and download, sorting by date only", () => {
		expect(documentList.columns()).toEqual(["date", "type", "description", "download"]);
		expect(documentList.sortColumnKeys).toEqual(["date"]);
		expect(documentList.exportColumns).toEqual([]);
	});

	it("parses the type rules it declares, and no currency filter", () => {
		expect(documentQueries.filters.parse({ type_is_not: "vat_invoice" })).toMatchObject({
			type_is_not: "vat_invoice",
		});
		expect(documentQueries.filters.safeParse({ type_is: "receipt" }).success).toBe(false);
		expect(documentQueries.filterParams).not.toContain("store_currency_is");
	});
});

describe("the uncaptured tab's list", () => {
	it("hides the customer's e-mail and country, and sorts by creation, deadline and amount", () => {
		const columns = authorizationList.columns();
		expect(columns.filter((name) => authorizationList.fields[name].column === "hidden")).toEqual([
			"customer_email",
			"customer_country",
		]);
		expect(authorizationList.sortColumnKeys).toEqual(["created", "capture_by", "amount"]);
	});

	it("reads the capture_by sort as created, oldest first by default", () => {
		expect(authorizationListQuery.parse({ sort: "capture_by" }).sort).toBe("created");
		expect(authorizationListQuery.parse({})).toMatchObject({ sort: "created", direction: "asc" });
		expect(authorizationListQuery.safeParse({ sort: "risk_level" }).success).toBe(false);
	});
});

describe("the blocked tab's list", () => {
	it("shows the payment id only when asked, and sorts by date and amount", () => {
		const columns = fraudOutcomeList.columns();
		expect(columns).toEqual(["date", "amount", "order", "customer_name", "status", "payment_intent"]);
		expect(fraudOutcomeList.fields.payment_intent.column).toBe("hidden");
		expect(fraudOutcomeList.sortColumnKeys).toEqual(["date", "amount"]);
		expect(fraudOutcomeListQuery.parse({ status: "block", sort: "created" }).sort).toBe("created");
	});

	it("exports in an order of its own, with the currency beside the amount", () => {
		expect(fraudOutcomeList.exportColumns).toEqual([
			"payment_intent",
			"date",
			"order",
			"customer_name",
			"amount",
			"currency",
			"status",
		]);
	});
});

describe("a declaration's own orders", () => {
	const label = () => "x";
	it("must name every exported field in its export order, and every filter in its filter order", () => {
		const fields = {
			a: { label, export: true, filter: { kind: "date" } },
			b: { label, export: true },
		} as const;
		expect(() => defineListFields<void>()(fields, ["a"], ["b"])).toThrow(
			"export columns in exportOrder missing: a",
		);
		expect(() => defineListFields<void>()(fields, [])).toThrow("filters in filterOrder missing: a");
		expect(defineListFields<void>()(fields, ["a"], ["b", "a"]).exportColumns).toEqual(["b", "a"]);
	});
});
