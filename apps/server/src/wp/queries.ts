import type { Kysely } from "kysely";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { Database } from "../db/schema.ts";

function parse(value: string): unknown {
	try {
		return JSON.parse(value);
	} catch {
		return value;
	}
}

/** Options by name; a missing option reads as false, as get_option() answers. */
export async function readOptions(
	db: Kysely<Database>,
	accountId: string,
	names: readonly string[],
): Promise<Record<string, unknown>> {
	const rows = await db
		.selectFrom("options")
		.select(["name", "value"])
		.where("account_id", "=", accountId)
		.where("name", "in", names)
		.execute();
	const found = new Map(rows.map((row) => [row.name, parse(row.value)]));
	return Object.fromEntries(names.map((name) => [name, found.has(name) ? found.get(name) : false]));
}

/**
 * One option, checked against the schema of what its writers store (db/json.ts); `fallback`
 * when it is missing or false, as get_option() answers.
 */
export async function readOption<T>(
	db: Kysely<Database>,
	accountId: string,
	name: string,
	schema: z.ZodType<T, T>,
	fallback: T,
): Promise<T> {
	const row = await db
		.selectFrom("options")
		.select("value")
		.where("account_id", "=", accountId)
		.where("name", "=", name)
		.executeTakeFirst();
	const value = parseJsonColumn(
		z.union([z.literal(false), schema]).describe(`options.${name}`),
		row?.value,
		false,
	);
	return value === false ? fallback : value;
}

export async function writeOptions(
	db: Kysely<Database>,
	accountId: string,
	values: Record<string, unknown>,
): Promise<void> {
	const write = async (trx: Kysely<Database>) => {
		for (const [name, value] of Object.entries(values)) {
			const json = JSON.stringify(value ?? null);
			await trx
				.insertInto("options")
				.values({ account_id: accountId, name, value: json })
				.onConflict((oc) => oc.columns(["account_id", "name"]).doUpdateSet({ value: json }))
				.execute();
		}
	};
	// Part of the caller's transaction when given one, else a transaction of its own.
	if (db.isTransaction) await write(db);
	else await db.transaction().execute(write);
}

export async function readUserMeta(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
): Promise<Record<string, unknown>> {
	const rows = await db
		.selectFrom("user_meta")
		.select(["meta_key", "meta_value"])
		.where("account_id", "=", accountId)
		.where("user_id", "=", userId)
		.execute();
	return Object.fromEntries(rows.map((row) => [row.meta_key, parse(row.meta_value)]));
}

export async function writeUserMeta(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	values: Record<string, unknown>,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		for (const [key, value] of Object.entries(values)) {
			if (value === null) {
				await trx
					.deleteFrom("user_meta")
					.where("account_id", "=", accountId)
					.where("user_id", "=", userId)
					.where("meta_key", "=", key)
					.execute();
				continue;
			}
			const json = JSON.stringify(value);
			await trx
				.insertInto("user_meta")
				.values({ account_id: accountId, user_id: userId, meta_key: key, meta_value: json })
				.onConflict((oc) =>
					oc.columns(["account_id", "user_id", "meta_key"]).doUpdateSet({ meta_value: json }),
				)
				.execute();
		}
	});
}
