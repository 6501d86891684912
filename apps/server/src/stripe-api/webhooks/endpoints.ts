/**
 * A webhook endpoint as stored and as Stripe's API shows it, and its writes, shared by
 * /v1/webhook_endpoints and the Developers area's REST routes (each checks its input its own way).
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { z } from "zod";
import { newId } from "../../db/ids.ts";
import { parseJsonColumn } from "../../db/json.ts";
import type { Database, WebhookEndpointsTable } from "../../db/schema.ts";
import { metadataOf } from "../objects.ts";
import { SUBSCRIBABLE_EVENT_TYPES } from "./event-types.ts";
import { newEndpointSecret } from "./signature.ts";

const storedEvents = z.array(z.string()).describe("webhook_endpoints.enabled_events");

export function enabledEventsOf(json: string): string[] {
	return parseJsonColumn(storedEvents, json, []);
}

/** Whether an endpoint takes events of `type` (`*`: every type). */
export function endpointSubscribes(
	endpoint: Pick<WebhookEndpointsTable, "enabled_events">,
	type: string,
): boolean {
	const events = enabledEventsOf(endpoint.enabled_events);
	return events.includes("*") || events.includes(type);
}

export function webhookEndpointObject(row: WebhookEndpointsTable, livemode: boolean): Stripe.WebhookEndpoint {
	return {
		id: row.id,
		object: "webhook_endpoint",
		api_version: null,
		application: null,
		created: Number(row.created),
		description: row.description,
		enabled_events: enabledEventsOf(row.enabled_events),
		livemode,
		metadata: metadataOf(row.metadata),
		status: row.status,
		url: row.url,
	};
}

/** The first event type of `events` that is not sent (neither `*` nor a subscribable type), with its place. */
export function unsendableEventType(events: readonly string[]): { index: number; type: string } | null {
	for (const [index, type] of events.entries()) {
		if (type !== "*" && !SUBSCRIBABLE_EVENT_TYPES.has(type)) return { index, type };
	}
	return null;
}

export interface NewWebhookEndpoint {
	url: string;
	enabledEvents: readonly string[];
	description: string | null;
	metadata: Record<string, string>;
}

/** Stores a new endpoint (checked already) with a new signing secret. */
export async function insertWebhookEndpoint(
	db: Kysely<Database>,
	accountId: string,
	fields: NewWebhookEndpoint,
	now: number,
): Promise<WebhookEndpointsTable> {
	const row: WebhookEndpointsTable = {
		account_id: accountId,
		id: newId("we"),
		url: fields.url,
		description: fields.description,
		enabled_events: JSON.stringify([...new Set(fields.enabledEvents)]),
		metadata: JSON.stringify(fields.metadata),
		secret: newEndpointSecret(),
		status: "enabled",
		created: now,
		failing_since: null,
		previous_secret: null,
		previous_secret_expires_at: null,
		failed_in_a_row: 0,
	};
	await db.insertInto("webhook_endpoints").values(row).execute();
	return row;
}

export interface WebhookEndpointChanges {
	url?: string | undefined;
	enabledEvents?: readonly string[] | undefined;
	description?: string | null | undefined;
	/** The whole metadata after the change. */
	metadata?: Record<string, string> | undefined;
	disabled?: boolean | undefined;
}

/** Writes the changes (checked already) to an endpoint and answers it as it is now. */
export async function updateWebhookEndpoint(
	db: Kysely<Database>,
	row: WebhookEndpointsTable,
	changes: WebhookEndpointChanges,
): Promise<WebhookEndpointsTable> {
	const status = changes.disabled === undefined ? row.status : changes.disabled ? "disabled" : "enabled";
	const next: WebhookEndpointsTable = {
		...row,
		url: changes.url ?? row.url,
		description: changes.description === undefined ? row.description : changes.description,
		enabled_events:
			changes.enabledEvents === undefined
				? row.enabled_events
				: JSON.stringify([...new Set(changes.enabledEvents)]),
		metadata: changes.metadata ? JSON.stringify(changes.metadata) : row.metadata,
		status,
		// Enabled again, an endpoint starts a fresh count of failing days and failed attempts.
		failing_since: status === "enabled" && row.status === "disabled" ? null : row.failing_since,
		failed_in_a_row: status === "enabled" && row.status === "disabled" ? 0 : row.failed_in_a_row,
	};
	await db
		.updateTable("webhook_endpoints")
		.set({
			url: next.url,
			description: next.description,
			enabled_events: next.enabled_events,
			metadata: next.metadata,
			status: next.status,
			failing_since: next.failing_since,
			failed_in_a_row: next.failed_in_a_row,
		})
		.where("account_id", "=", row.account_id)
		.where("id", "=", row.id)
		.execute();
	return next;
}

/**
 * Gives an endpoint a new secret. The one it replaces signs beside it for `expiresIn` seconds
 * (server time) more, or stops at once (0); a secret rolled before it stops at once either way.
 */
export async function rollEndpointSecret(
	db: Kysely<Database>,
	row: WebhookEndpointsTable,
	expiresIn: number,
	serverNow: number,
): Promise<WebhookEndpointsTable> {
	const next: WebhookEndpointsTable = {
		...row,
		secret: newEndpointSecret(),
		previous_secret: expiresIn > 0 ? row.secret : null,
		previous_secret_expires_at: expiresIn > 0 ? serverNow + expiresIn : null,
	};
	await db
		.updateTable("webhook_endpoints")
		.set({
			secret: next.secret,
			previous_secret: next.previous_secret,
			previous_secret_expires_at: next.previous_secret_expires_at,
		})
		.where("account_id", "=", row.account_id)
		.where("id", "=", row.id)
		.execute();
	return next;
}

/** Removes an endpoint; false when it was not there. */
export async function deleteWebhookEndpoint(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<boolean> {
	// Its deliveries and their attempts go with it: nothing is sent to it any more.
	return db.transaction().execute(async (trx) => {
		await trx
			.deleteFrom("webhook_attempts")
			.where("account_id", "=", accountId)
			.where("delivery_id", "in", (eb) =>
				eb
					.selectFrom("webhook_deliveries")
					.select("id")
					.where("account_id", "=", accountId)
					.where("endpoint_id", "=", id),
			)
			.execute();
		await trx
			.deleteFrom("webhook_deliveries")
			.where("account_id", "=", accountId)
			.where("endpoint_id", "=", id)
			.execute();
		const deleted = await trx
			.deleteFrom("webhook_endpoints")
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.executeTakeFirst();
		return Number(deleted.numDeletedRows) > 0;
	});
}

export function findWebhookEndpoint(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<WebhookEndpointsTable | undefined> {
	return db
		.selectFrom("webhook_endpoints")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}
