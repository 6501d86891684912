/**
 * Hands the usage log on to a receiver, only when USAGE_TRACKING_URL names one: the job runner
 * posts the events not yet forwarded, oldest first within each account, in batches of up to 100,
 * as `{ events: [{ id, account_id, user_id, name, properties, created }] }` (created in ISO 8601),
 * and marks them forwarded once the receiver answers 2xx. A failure (no answer, an error status)
 * leaves the batch for the next pass. Delivery is at least once: an answer lost after the
 * receiver took a batch, or two server processes forwarding at the same moment, can send an
 * event twice, and its id lets the receiver drop the copy.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { Database } from "../db/schema.ts";

export const FORWARD_BATCH_SIZE = 100;
/** Batches one pass sends at most, so a long backlog does not hold up the runner's other work. */
const BATCHES_PER_PASS = 10;
/** How long the receiver has to answer a batch. */
const FORWARD_TIMEOUT_MS = 10_000;

const storedProperties = z
	.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
	.describe("usage_events.properties");

export interface ForwardedEvent {
	id: string;
	account_id: string;
	user_id: number;
	name: string;
	properties: Record<string, string | number | boolean>;
	created: string;
}

/** Sends one batch; resolves once the receiver took it, rejects otherwise. */
export type UsageSender = (events: ForwardedEvent[]) => Promise<void>;

/** POSTs a batch as JSON to `url`; anything but a 2xx answer within the timeout is a failure. */
export function httpUsageSender(url: string): UsageSender {
	return async (events) => {
		const response = await fetch(url, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ events }),
			signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
		});
		// The body is not read: drain it so the connection can be reused.
		await response.arrayBuffer().catch(() => undefined);
		if (!response.ok) throw new Error(`The usage receiver answered ${response.status}`);
	};
}

/**
 * Forwards what is not forwarded yet, a batch at a time, until none is left, a batch fails, or
 * the pass has sent its share; answers how many events were forwarded.
 */
export async function forwardUsageEvents(
	db: Kysely<Database>,
	send: UsageSender,
	now: number,
): Promise<number> {
	let forwarded = 0;
	for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
		const rows = await db
			.selectFrom("usage_events")
			.select(["account_id", "id", "user_id", "name", "properties", "created"])
			.where("forwarded_at", "is", null)
			.orderBy("account_id")
			.orderBy("id")
			.limit(FORWARD_BATCH_SIZE)
			.execute();
		if (rows.length === 0) break;
		await send(
			rows.map((row) => ({
				id: row.id,
				account_id: row.account_id,
				user_id: Number(row.user_id),
				name: row.name,
				properties: parseJsonColumn(storedProperties, row.properties, {}),
				created: new Date(Number(row.created) * 1000).toISOString(),
			})),
		);
		for (const [accountId, ids] of groupByAccount(rows)) {
			await db
				.updateTable("usage_events")
				.set({ forwarded_at: now })
				.where("account_id", "=", accountId)
				.where("id", "in", ids)
				.execute();
		}
		forwarded += rows.length;
		if (rows.length < FORWARD_BATCH_SIZE) break;
	}
	return forwarded;
}

function groupByAccount(rows: readonly { account_id: string; id: string }[]): Map<string, string[]> {
	const groups = new Map<string, string[]>();
	for (const row of rows) {
		const ids = groups.get(row.account_id) ?? [];
		ids.push(row.id);
		groups.set(row.account_id, ids);
	}
	return groups;
}
