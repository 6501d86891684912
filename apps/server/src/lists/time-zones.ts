/**
 * The two time zones of a list (DESIGN §5): filters read dates in the user's time zone
 * (user_timezone, else the store's), and exports show times in the store's.
 */
import { dateRulesOf } from "@paydesk/contract/list";
import { isValidTimeZone } from "@paydesk/domain/dates";
import type { Kysely } from "kysely";
import { storedSettingsOf } from "../accounts/documents.ts";
import type { Database } from "../db/schema.ts";

/** The store's time zone in an account's settings JSON (store_timezone), UTC when unset or unknown. */
export function storeTimeZoneOf(settings: string | null | undefined): string {
	const zone = storedSettingsOf(settings).store_timezone;
	return typeof zone === "string" && isValidTimeZone(zone) ? zone : "UTC";
}

/** The store's time zone, read from its account. */
export async function loadStoreTimeZone(db: Kysely<Database>, accountId: string): Promise<string> {
	const row = await db
		.selectFrom("accounts")
		.select("settings")
		.where("id", "=", accountId)
		.executeTakeFirst();
	return storeTimeZoneOf(row?.settings);
}

/** The zone a list's date filters are read in (the store is only asked when a date rule needs it). */
export async function filterTimeZone(
	db: Kysely<Database>,
	accountId: string,
	query: Parameters<typeof dateRulesOf>[0] & { user_timezone?: string | undefined },
): Promise<string> {
	if (query.user_timezone) return query.user_timezone;
	return dateRulesOf(query).length > 0 ? loadStoreTimeZone(db, accountId) : "UTC";
}
