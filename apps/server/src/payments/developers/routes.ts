/**
 * The Developers area: API keys (stripe-api/keys.ts), webhook endpoints, their deliveries and
 * resending (stripe-api/webhooks/), Stripe's events and the request log of `/v1`
 * (stripe-api/request-log.ts). Keys follow the server's clock, as `/v1` checks them; endpoints
 * and deliveries the account's, as the webhooks do.
 */
import {
	createApiKey,
	createWebhookEndpoint,
	DEVELOPERS_ERRORS,
	deleteApiKey,
	deleteWebhookEndpoint,
	getRequestLogEntry,
	getStripeEvent,
	getWebhookDelivery,
	listApiKeys,
	listRequestLog,
	listStripeEvents,
	listWebhookDeliveries,
	listWebhookEndpoints,
	resendFailedWebhookDeliveries,
	resendWebhookDelivery,
	revealWebhookSecret,
	rollApiKey,
	rollWebhookSecret,
	updateWebhookEndpoint,
} from "@paydesk/contract/developers";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { auditActorOf, recordAudit } from "../../audit/record.ts";
import { changedFields } from "../../audit/redact.ts";
import { parseJsonColumn } from "../../db/json.ts";
import type { Database, WebhookEndpointsTable } from "../../db/schema.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { invalidParams, RestError } from "../../http/rest-error.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import {
	listApiKeys as apiKeysOf,
	type CreatedKeys,
	createApiKeys,
	createRestrictedKey,
	deleteApiKey as removeApiKey,
	rollApiKeys,
} from "../../stripe-api/keys.ts";
import { urlRefusal } from "../../stripe-api/webhooks/destination.ts";
import {
	findWebhookEndpoint,
	insertWebhookEndpoint,
	deleteWebhookEndpoint as removeEndpoint,
	rollEndpointSecret,
	updateWebhookEndpoint as saveEndpoint,
	unsendableEventType,
} from "../../stripe-api/webhooks/endpoints.ts";
import { deliveryView, queueFailedDeliveries, resendDelivery } from "../../stripe-api/webhooks/resend.ts";
import { webhookHeaders } from "../../stripe-api/webhooks/send.ts";
import { signatureHeader, signingSecrets } from "../../stripe-api/webhooks/signature.ts";
import {
	apiKeyOf,
	attemptOf,
	deliveriesOfEvent,
	deliveryOf,
	endpointOf,
	eventOf,
	listDeliveries,
	listEndpoints,
	listEvents,
	listRequests,
	requestEntryOf,
} from "./queries.ts";

const eventBody = z.record(z.string(), z.unknown()).describe("stripe_events.body");
const requestParams = z.record(z.string(), z.unknown()).describe("request_log.params");

const endpointMissing = () =>
	new RestError(DEVELOPERS_ERRORS.endpointNotFound, "No such webhook endpoint.", 404);
const keyMissing = () => new RestError(DEVELOPERS_ERRORS.apiKeyNotFound, "No such API key.", 404);

async function requireEndpoint(
	db: Kysely<Database>,
	accountId: string,
	id: string,
): Promise<WebhookEndpointsTable> {
	const row = await findWebhookEndpoint(db, accountId, id);
	if (!row) throw endpointMissing();
	return row;
}

/** The URL and event types as the webhooks take them, or the parameters named. */
function checkEndpointInput(
	input: { url?: string | undefined; enabled_events?: readonly string[] | undefined },
	publicOnly: boolean,
): void {
	const problems: Record<string, string> = {};
	if (input.url !== undefined) {
		const refusal = urlRefusal(input.url, publicOnly);
		if (refusal) problems.url = `url ${refusal}`;
	}
	const unsendable = input.enabled_events && unsendableEventType(input.enabled_events);
	if (unsendable) {
		const name = `enabled_events.${unsendable.index}`;
		problems[name] = `${name} ${unsendable.type} is not an event type Paydesk sends`;
	}
	if (Object.keys(problems).length > 0) throw invalidParams(problems);
}

export default async function developersRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock, config } = app.deps;
	const publicOnly = config.webhookPublicOnly === true;
	const deps = { db, clock, publicOnly };
	const kysely = db.kysely;

	// API keys.

	contractRoute(app, listApiKeys, async ({ accountId }) => ({
		data: (await apiKeysOf(kysely, accountId)).map(apiKeyOf),
	}));

	const madeKeys = async (accountId: string, name: string, made: CreatedKeys) => ({
		name,
		...made,
		keys: (await apiKeysOf(kysely, accountId)).filter((key) => key.name === name).map(apiKeyOf),
	});

	contractRoute(app, createApiKey, async ({ accountId, body, request }) => {
		const now = clock.seconds();
		const current = (await apiKeysOf(kysely, accountId)).some(
			(key) => key.name === body.name && (key.expires_at === null || Number(key.expires_at) > now),
		);
		if (current) {
			throw new RestError(
				DEVELOPERS_ERRORS.apiKeyNameTaken,
				"A key of this name exists already. Roll it to replace it, or choose another name.",
				409,
			);
		}
		const made = await kysely.transaction().execute(async (trx) => {
			const keys =
				body.kind === "restricted"
					? await createRestrictedKey(trx, accountId, body.name, body.permissions ?? {}, now)
					: await createApiKeys(trx, accountId, body.name, now);
			await recordAudit(trx, {
				accountId,
				action: "api_key.created",
				actor: auditActorOf(request),
				now,
				object: { type: "api_key", id: body.name },
				details: {
					name: body.name,
					kind: body.kind ?? "secret",
					permissions: body.permissions ?? null,
					secret_key: keys.secret,
				},
			});
			return keys;
		});
		return madeKeys(accountId, body.name, made);
	});

	contractRoute(app, rollApiKey, async ({ accountId, params, body, request }) => {
		const key = (await apiKeysOf(kysely, accountId)).find((row) => row.id === params.id);
		if (!key) throw keyMissing();
		const now = clock.seconds();
		const made = await rollApiKeys(kysely, accountId, key.name, now, body.expires_in, (trx, keys) =>
			recordAudit(trx, {
				accountId,
				action: "api_key.rolled",
				actor: auditActorOf(request),
				now,
				object: { type: "api_key", id: key.name },
				details: { name: key.name, expires_in: body.expires_in ?? 0, secret_key: keys.secret },
			}),
		);
		if (!made) {
			throw new RestError(
				DEVELOPERS_ERRORS.apiKeyNotFound,
				"This key was rolled already and has expired.",
				404,
			);
		}
		return madeKeys(accountId, key.name, made);
	});

	contractRoute(app, deleteApiKey, async ({ accountId, params }) => {
		if (!(await removeApiKey(kysely, accountId, params.id))) throw keyMissing();
		return { id: params.id, deleted: true as const };
	});

	// Webhook endpoints.

	contractRoute(app, listWebhookEndpoints, async ({ accountId }) => ({
		data: await listEndpoints(kysely, accountId),
	}));

	contractRoute(app, createWebhookEndpoint, async ({ accountId, body, clock: accountClock }) => {
		checkEndpointInput(body, publicOnly);
		const row = await insertWebhookEndpoint(
			kysely,
			accountId,
			{
				url: body.url,
				enabledEvents: body.enabled_events,
				description: body.description ?? null,
				metadata: {},
			},
			accountClock.seconds(),
		);
		return { ...(await endpointOf(kysely, row)), secret: row.secret };
	});

	contractRoute(app, updateWebhookEndpoint, async ({ accountId, params, body, request }) => {
		const row = await requireEndpoint(kysely, accountId, params.id);
		checkEndpointInput(body, publicOnly);
		const next = await kysely.transaction().execute(async (trx) => {
			const saved = await saveEndpoint(trx, row, {
				url: body.url,
				enabledEvents: body.enabled_events,
				description: body.description,
				disabled: body.disabled,
			});
			const shown = (endpoint: WebhookEndpointsTable) => ({
				url: endpoint.url,
				description: endpoint.description,
				enabled_events: endpoint.enabled_events,
				status: endpoint.status,
			});
			const changes = changedFields(shown(row), shown(saved));
			if (Object.keys(changes.after).length > 0) {
				await recordAudit(trx, {
					accountId,
					action: "webhook_endpoint.updated",
					actor: auditActorOf(request),
					now: clock.seconds(),
					object: { type: "webhook_endpoint", id: row.id },
					details: changes,
				});
			}
			return saved;
		});
		return endpointOf(kysely, next);
	});

	contractRoute(app, deleteWebhookEndpoint, async ({ accountId, params }) => {
		if (!(await removeEndpoint(kysely, accountId, params.id))) throw endpointMissing();
		return { id: params.id, deleted: true as const };
	});

	contractRoute(app, revealWebhookSecret, async ({ accountId, params }) => {
		const row = await requireEndpoint(kysely, accountId, params.id);
		return { id: row.id, secret: row.secret };
	});

	contractRoute(app, rollWebhookSecret, async ({ accountId, params, body }) => {
		const row = await requireEndpoint(kysely, accountId, params.id);
		const next = await rollEndpointSecret(kysely, row, body.expires_in, clock.seconds());
		return {
			id: next.id,
			secret: next.secret,
			previous_secret_expires_at:
				next.previous_secret_expires_at === null ? null : Number(next.previous_secret_expires_at),
		};
	});

	contractRoute(
		app,
		resendFailedWebhookDeliveries,
		async ({ accountId, params, body, clock: accountClock }) => {
			await requireEndpoint(kysely, accountId, params.id);
			return {
				queued: await queueFailedDeliveries(deps, accountId, params.id, body.since, accountClock.seconds()),
			};
		},
	);

	// Deliveries.

	contractRoute(app, listWebhookDeliveries, async ({ accountId, params, query }) => {
		await requireEndpoint(kysely, accountId, params.id);
		return listDeliveries(kysely, accountId, params.id, query);
	});

	contractRoute(app, getWebhookDelivery, async ({ accountId, params }) => {
		const view = await deliveryView(deps, accountId, params.id);
		if (!view) throw new RestError(DEVELOPERS_ERRORS.deliveryNotFound, "No such webhook delivery.", 404);
		const { delivery, lastAttempt } = view;
		const [endpoint, event, attempts] = await Promise.all([
			findWebhookEndpoint(kysely, accountId, delivery.endpoint_id),
			kysely
				.selectFrom("stripe_events")
				.select("body")
				.where("account_id", "=", accountId)
				.where("id", "=", delivery.event_id)
				.executeTakeFirst(),
			kysely
				.selectFrom("webhook_attempts")
				.selectAll()
				.where("account_id", "=", accountId)
				.where("delivery_id", "=", delivery.id)
				.orderBy("attempt")
				.execute(),
		]);
		const body = event?.body ?? "";
		// Signed as the latest attempt was (its t), or as the next send will be.
		const signedAt = lastAttempt ? Number(lastAttempt.signed_at) : clock.seconds();
		return {
			...deliveryOf(delivery, lastAttempt),
			endpoint_url: endpoint?.url ?? null,
			request: {
				headers: endpoint
					? webhookHeaders(body, signatureHeader(body, signingSecrets(endpoint, signedAt), signedAt))
					: {},
				body,
			},
			attempts_list: attempts.map(attemptOf),
		};
	});

	contractRoute(app, resendWebhookDelivery, async ({ accountId, params, request }) => {
		const outcome = await resendDelivery(deps, accountId, params.id, `resend:${request.id}`);
		if (outcome.kind === "missing") {
			throw new RestError(DEVELOPERS_ERRORS.deliveryNotFound, "No such webhook delivery.", 404);
		}
		if (outcome.kind === "busy") {
			throw new RestError(
				DEVELOPERS_ERRORS.deliveryBusy,
				"This delivery is being sent right now. Try again in a few seconds.",
				409,
			);
		}
		return deliveryOf(outcome.view.delivery, outcome.view.lastAttempt);
	});

	// Events.

	contractRoute(app, listStripeEvents, async ({ accountId, query }) =>
		listEvents(kysely, accountId, query, await filterTimeZone(kysely, accountId, query)),
	);

	contractRoute(app, getStripeEvent, async ({ accountId, params }) => {
		const row = await kysely
			.selectFrom("stripe_events")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", params.id)
			.executeTakeFirst();
		if (!row) throw new RestError(DEVELOPERS_ERRORS.eventNotFound, "No such event.", 404);
		return {
			...eventOf(row),
			body: parseJsonColumn(eventBody, row.body, {}),
			deliveries: await deliveriesOfEvent(kysely, accountId, row.id),
		};
	});

	// The request log.

	contractRoute(app, listRequestLog, async ({ accountId, query }) => listRequests(kysely, accountId, query));

	contractRoute(app, getRequestLogEntry, async ({ accountId, params }) => {
		const row = await kysely
			.selectFrom("request_log")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "=", params.id)
			.executeTakeFirst();
		if (!row) throw new RestError(DEVELOPERS_ERRORS.requestNotFound, "No such request in the log.", 404);
		return {
			...requestEntryOf(row),
			params: parseJsonColumn(requestParams, row.params, {}),
			response: row.response,
		};
	});
}
