/**
 * The Developers area's reads. Deliveries page through webhook_deliveries_endpoint (and its
 * status and event-type siblings, migration 0015) newest first; events through their log
 * position; the request log by keyset on its ordered id, one index per filter, so a page deep in
 * a million rows is an index range like the first.
 */
import {
	type ApiKey,
	DELIVERIES_COUNTED,
	type DeliveryListQuery,
	type EventListQuery,
	RECENT_DELIVERIES,
	type RequestLogEntry,
	type RequestLogQuery,
	type WebhookAttempt,
	type WebhookDelivery,
	type WebhookEndpoint,
} from "@paydesk/contract/developers";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type {
	ApiKeysTable,
	Database,
	RequestLogTable,
	StripeEventsTable,
	WebhookAttemptsTable,
	WebhookDeliveriesTable,
	WebhookEndpointsTable,
} from "../../db/schema.ts";
import { combineRules, dateRuleConditions } from "../../lists/list-sql.ts";
import { permissionsOf } from "../../stripe-api/keys.ts";
import { enabledEventsOf } from "../../stripe-api/webhooks/endpoints.ts";

const num = (value: number | null): number | null => (value === null ? null : Number(value));

export function apiKeyOf(row: ApiKeysTable): ApiKey {
	return {
		id: row.id,
		name: row.name,
		kind: row.kind,
		prefix: row.prefix,
		last4: row.last4,
		publishable_key: row.kind === "publishable" ? row.publishable_key : null,
		permissions: permissionsOf(row),
		created: Number(row.created),
		last_used: num(row.last_used),
		expires_at: num(row.expires_at),
	};
}

export function attemptOf(row: WebhookAttemptsTable): WebhookAttempt {
	return {
		attempt: Number(row.attempt),
		created: Number(row.created),
		duration_ms: Number(row.duration_ms),
		status: num(row.status),
		error: row.error,
		response_body: row.response_body,
	};
}

export function deliveryOf(
	delivery: WebhookDeliveriesTable,
	lastAttempt: WebhookAttemptsTable | null,
): WebhookDelivery {
	return {
		id: delivery.id,
		endpoint_id: delivery.endpoint_id,
		event_id: delivery.event_id,
		event_type: delivery.event_type,
		created: Number(delivery.created),
		status: delivery.status,
		attempts: Number(delivery.attempts),
		next_attempt_at: num(delivery.next_attempt_at),
		delivered_at: num(delivery.delivered_at),
		last_attempt: lastAttempt && attemptOf(lastAttempt),
	};
}

/** Deliveries with their latest attempts, read in one query for the whole page. */
async function withLastAttempts(
	db: Kysely<Database>,
	accountId: string,
	deliveries: WebhookDeliveriesTable[],
): Promise<WebhookDelivery[]> {
	const tried = deliveries.filter((delivery) => Number(delivery.attempts) > 0);
	const last = new Map<string, WebhookAttemptsTable>();
	if (tried.length > 0) {
		const attempts = await db
			.selectFrom("webhook_attempts")
			.selectAll()
			.where("account_id", "=", accountId)
			.where((eb) =>
				eb.or(
					tried.map((delivery) =>
						eb.and([eb("delivery_id", "=", delivery.id), eb("attempt", "=", Number(delivery.attempts))]),
					),
				),
			)
			.execute();
		for (const attempt of attempts) last.set(attempt.delivery_id, attempt);
	}
	return deliveries.map((delivery) => deliveryOf(delivery, last.get(delivery.id) ?? null));
}

/** An endpoint with the success rate of its latest tried deliveries. */
export async function endpointOf(db: Kysely<Database>, row: WebhookEndpointsTable): Promise<WebhookEndpoint> {
	const recent = await db
		.selectFrom("webhook_deliveries")
		.select("last_status")
		.where("account_id", "=", row.account_id)
		.where("endpoint_id", "=", row.id)
		.where("attempts", ">", 0)
		.orderBy("created", "desc")
		.orderBy("id", "desc")
		.limit(RECENT_DELIVERIES)
		.execute();
	const ok = recent.filter(
		({ last_status }) => last_status !== null && last_status >= 200 && last_status < 300,
	);
	return {
		id: row.id,
		url: row.url,
		description: row.description,
		enabled_events: enabledEventsOf(row.enabled_events),
		status: row.status,
		created: Number(row.created),
		failing_since: num(row.failing_since),
		success_rate: recent.length === 0 ? null : ok.length / recent.length,
		recent_deliveries: recent.length,
	};
}

export async function listEndpoints(db: Kysely<Database>, accountId: string): Promise<WebhookEndpoint[]> {
	const rows = await db
		.selectFrom("webhook_endpoints")
		.selectAll()
		.where("account_id", "=", accountId)
		.orderBy("created", "desc")
		.orderBy("id", "desc")
		.execute();
	return Promise.all(rows.map((row) => endpointOf(db, row)));
}

export async function listDeliveries(
	db: Kysely<Database>,
	accountId: string,
	endpointId: string,
	query: DeliveryListQuery,
): Promise<{ data: WebhookDelivery[]; total_count: number }> {
	let where = db
		.selectFrom("webhook_deliveries")
		.where("account_id", "=", accountId)
		.where("endpoint_id", "=", endpointId);
	if (query.status_is) where = where.where("status", "=", query.status_is);
	if (query.event_type_is) where = where.where("event_type", "=", query.event_type_is);
	const [rows, count] = await Promise.all([
		where
			.selectAll()
			.orderBy("created", query.direction)
			.orderBy("id", query.direction)
			.limit(query.pagesize)
			.offset((query.page - 1) * query.pagesize)
			.execute(),
		// Counted up to the cap through the index, not over every delivery.
		db
			.selectFrom(where.select(sql.lit(1).as("one")).limit(DELIVERIES_COUNTED).as("counted"))
			.select(sql<number>`count(*)`.as("count"))
			.executeTakeFirstOrThrow(),
	]);
	return { data: await withLastAttempts(db, accountId, rows), total_count: Number(count.count) };
}

export async function deliveriesOfEvent(
	db: Kysely<Database>,
	accountId: string,
	eventId: string,
): Promise<WebhookDelivery[]> {
	const rows = await db
		.selectFrom("webhook_deliveries")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("event_id", "=", eventId)
		.orderBy("created")
		.orderBy("id")
		.execute();
	return withLastAttempts(db, accountId, rows);
}

type EventsBuilder = ExpressionBuilder<Database, "stripe_events">;

function eventConditions(accountId: string, query: EventListQuery, timeZone: string) {
	return (eb: EventsBuilder): Expression<SqlBool> => {
		const parts: Expression<SqlBool>[] = [eb("account_id", "=", accountId)];
		// The type and the payment always narrow the list; the date rules combine by match, as in every list.
		if (query.type_is) parts.push(eb("type", "=", query.type_is));
		if (query.payment_intent_is) parts.push(eb("payment_intent", "=", query.payment_intent_is));
		const dates = combineRules(eb, query.match, dateRuleConditions("created", query, timeZone));
		if (dates) parts.push(dates);
		return eb.and(parts);
	};
}

export const eventOf = (row: Pick<StripeEventsTable, "id" | "type" | "created">) => ({
	id: row.id,
	type: row.type,
	created: Number(row.created),
});

export async function listEvents(
	db: Kysely<Database>,
	accountId: string,
	query: EventListQuery,
	timeZone: string,
): Promise<{ data: ReturnType<typeof eventOf>[]; total_count: number }> {
	const where = eventConditions(accountId, query, timeZone);
	// The log's order is its time order: seq, then the n-th event of one change.
	const [rows, count] = await Promise.all([
		db
			.selectFrom("stripe_events")
			.select(["id", "type", "created"])
			.where(where)
			.orderBy("seq", query.direction)
			.orderBy("idx", query.direction)
			.limit(query.pagesize)
			.offset((query.page - 1) * query.pagesize)
			.execute(),
		db
			.selectFrom("stripe_events")
			.select(sql<number>`count(*)`.as("count"))
			.where(where)
			.executeTakeFirstOrThrow(),
	]);
	return { data: rows.map(eventOf), total_count: Number(count.count) };
}

type RequestLogListed = Omit<
	RequestLogTable,
	"account_id" | "params" | "response" | "status_class" | "key_id"
>;

export function requestEntryOf(row: RequestLogListed): RequestLogEntry {
	return {
		id: row.id,
		request_id: row.request_id,
		created: Number(row.created),
		method: row.method,
		path: row.path,
		route: row.route,
		status: Number(row.status),
		key_name: row.key_name,
		duration_ms: Number(row.duration_ms),
		idempotency_key: row.idempotency_key,
	};
}

const STATUS_CLASS_NUMBER = { "2xx": 2, "4xx": 4, "5xx": 5 } as const;

/** One page of the request log, newest first, after `starting_after`. */
export async function listRequests(
	db: Kysely<Database>,
	accountId: string,
	query: RequestLogQuery,
): Promise<{ data: RequestLogEntry[]; has_more: boolean }> {
	let select = db
		.selectFrom("request_log")
		.select([
			"id",
			"request_id",
			"created",
			"method",
			"path",
			"route",
			"status",
			"key_name",
			"duration_ms",
			"idempotency_key",
		])
		.where("account_id", "=", accountId);
	if (query.status_class) select = select.where("status_class", "=", STATUS_CLASS_NUMBER[query.status_class]);
	// A route names its parameters (/v1/payment_intents/:id); a path is one object's.
	if (query.path) select = select.where(query.path.includes(":") ? "route" : "path", "=", query.path);
	if (query.key_name) select = select.where("key_name", "=", query.key_name);
	if (query.starting_after) select = select.where("id", "<", query.starting_after);
	const rows = await select
		.orderBy("id", "desc")
		.limit(query.pagesize + 1)
		.execute();
	return {
		data: rows.slice(0, query.pagesize).map(requestEntryOf),
		has_more: rows.length > query.pagesize,
	};
}
