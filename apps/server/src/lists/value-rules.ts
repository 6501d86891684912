/**
 * The value rules a list declares (`<field>_is`, `<field>_is_not`, `<field>_is_in`), as SQL on
 * the column each field is stored in. The list gives that column per field through a `Record`
 * over its declared value filters, so a filter declared without its column fails the type check.
 * "Is not" keeps the rows where the column is empty, as the transactions list reads it.
 */
import type { ValueRule } from "@paydesk/contract/list-fields";
import { type Expression, type SqlBool, sql } from "kysely";

export interface DeclaredRule<Field extends string> {
	param: string;
	field: Field;
	rule: ValueRule;
}

export function valueRuleConditions<Field extends string>(
	rules: readonly DeclaredRule<Field>[],
	columns: Readonly<Record<Field, string>>,
	filters: object,
): Expression<SqlBool>[] {
	const conditions: Expression<SqlBool>[] = [];
	const values = filters as Record<string, unknown>;
	for (const { param, field, rule } of rules) {
		const value = values[param] as string | number | readonly (string | number)[] | undefined;
		if (value === undefined) continue;
		const column = sql.ref(columns[field]);
		if (rule === "is_in") {
			const list = [value].flat();
			if (list.length > 0) conditions.push(sql<SqlBool>`${column} in (${sql.join(list)})`);
		} else if (rule === "is") conditions.push(sql<SqlBool>`${column} = ${value}`);
		else conditions.push(sql<SqlBool>`(${column} is null or ${column} <> ${value})`);
	}
	return conditions;
}
