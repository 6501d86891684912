/**
 * Filters are declared once, in the contract, so the UI and the API cannot drift: every parameter a list's query
 * declares is one the admin can express — a rule of its filter UI, or a control of its own —
 * and the URL state carries it to the API; no rule of the UI is one the API would refuse.
 */
import { describe, expect, it } from "vitest";
import {
	DISPUTE_FILTER_FIELDS,
	DISPUTE_FILTER_PARAMS,
	DISPUTE_OWN_CONTROLS,
} from "../../features/disputes/disputes-list-state.ts";
import {
	DOCUMENT_FILTER_FIELDS,
	DOCUMENT_FILTER_PARAMS,
	DOCUMENT_OWN_CONTROLS,
} from "../../features/documents/documents-list-state.ts";
import {
	PAYOUT_FILTER_FIELDS,
	PAYOUT_FILTER_PARAMS,
	PAYOUT_OWN_CONTROLS,
} from "../../features/payouts/payouts-list-state.ts";
import { transactionFilterFields } from "../../features/transactions/transaction-filters.ts";
import {
	TRANSACTION_FILTER_PARAMS,
	TRANSACTION_OWN_CONTROLS,
} from "../../features/transactions/transactions-list-state.ts";
import { filtersQuery } from "./api-query.ts";
import { type FilterField, paramOf, readRules, rulesToQuery } from "./list-query.ts";

const LISTS: [
	name: string,
	fields: readonly FilterField[],
	params: readonly string[],
	own: readonly string[],
][] = [
	["transactions", transactionFilterFields(), TRANSACTION_FILTER_PARAMS, TRANSACTION_OWN_CONTROLS],
	["disputes", DISPUTE_FILTER_FIELDS, DISPUTE_FILTER_PARAMS, DISPUTE_OWN_CONTROLS],
	["payouts", PAYOUT_FILTER_FIELDS, PAYOUT_FILTER_PARAMS, PAYOUT_OWN_CONTROLS],
	["documents", DOCUMENT_FILTER_FIELDS, DOCUMENT_FILTER_PARAMS, DOCUMENT_OWN_CONTROLS],
];

/** Every URL parameter the filter UI writes, with a value it could hold. */
function uiParams(fields: readonly FilterField[]): [param: string, value: string | string[]][] {
	return fields.flatMap((field) =>
		field.kind === "date"
			? ([
					[paramOf(field, "before"), "2026-01-01"],
					[paramOf(field, "after"), "2026-01-01"],
					[paramOf(field, "between"), ["2026-01-01", "2026-01-31"]],
				] as [string, string | string[]][])
			: (field.rules ?? ["is", "is_not"]).map(
					(rule) => [paramOf(field, rule), field.options[0]?.value ?? "x"] as [string, string],
				),
	);
}

describe.each(LISTS)("the %s list", (_name, fields, params, own) => {
	it("can express every filter its contract declares", () => {
		const expressible = new Set([...uiParams(fields).map(([param]) => param), ...own]);
		expect(params.filter((param) => !expressible.has(param))).toEqual([]);
	});

	it("writes no rule the contract does not declare", () => {
		const declared = new Set(params);
		expect(uiParams(fields).filter(([param]) => !declared.has(param))).toEqual([]);
		expect(own.filter((param) => !declared.has(param))).toEqual([]);
	});

	it("carries each rule from the filter UI through the URL to the API query", () => {
		for (const [param, value] of uiParams(fields)) {
			const field = fields.find((candidate) => param.startsWith(`${candidate.key}_`));
			const rule = param.slice((field?.key.length ?? 0) + 1) as "is";
			const url = rulesToQuery(fields, [{ key: field?.key ?? "", rule, value: [value].flat() }], "all");
			const query = Object.fromEntries(Object.entries(url).filter(([, v]) => v !== undefined)) as Record<
				string,
				string | string[]
			>;
			expect(readRules(query, fields), param).toHaveLength(1);
			expect(filtersQuery(query, params)[param], param).toEqual(value);
		}
	});
});
