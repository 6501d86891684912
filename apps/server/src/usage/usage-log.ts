/**
 * The store's usage log (contract/tracks): the admin's usage events, kept only when the store
 * allows usage tracking, for 90 days. Nothing here leaves the machine; forwarding.ts
 * hands the events on when USAGE_TRACKING_URL names a receiver.
 */
import { type TrackEvent, USAGE_RETENTION_SECONDS } from "@paydesk/contract/tracks";
import { TRACKING_OPTION } from "@paydesk/domain/feedback-prompt";
import type { Kysely } from "kysely";
import { z } from "zod";
import { newOrderedId } from "../db/ids.ts";
import type { Database } from "../db/schema.ts";
import { readOption } from "../wp/queries.ts";

/** Whether the store allows usage tracking: WooCommerce's own option is "yes". */
export async function usageTrackingAllowed(db: Kysely<Database>, accountId: string): Promise<boolean> {
	return (await readOption(db, accountId, TRACKING_OPTION, z.string(), "no")) === "yes";
}

/**
 * Records the events of one user, in the order given, at `created` (epoch seconds); answers
 * how many were recorded. The caller has checked that tracking is allowed.
 */
export async function recordUsageEvents(
	db: Kysely<Database>,
	by: { accountId: string; userId: number; created: number },
	events: readonly TrackEvent[],
): Promise<number> {
	if (events.length === 0) return 0;
	await db
		.insertInto("usage_events")
		.values(
			events.map((event) => ({
				account_id: by.accountId,
				id: newOrderedId("use"),
				user_id: by.userId,
				name: event.name,
				properties: JSON.stringify(event.properties),
				created: by.created,
				forwarded_at: null,
			})),
		)
		.execute();
	return events.length;
}

/**
 * Removes events older than the log keeps them (USAGE_RETENTION_SECONDS before `now`), account
 * by account through (account_id, created); answers how many went.
 */
export async function purgeUsageEvents(db: Kysely<Database>, now: number): Promise<number> {
	const before = now - USAGE_RETENTION_SECONDS;
	const accounts = await db.selectFrom("accounts").select("id").execute();
	let removed = 0;
	for (const account of accounts) {
		const result = await db
			.deleteFrom("usage_events")
			.where("account_id", "=", account.id)
			.where("created", "<", before)
			.executeTakeFirst();
		removed += Number(result.numDeletedRows);
	}
	return removed;
}
