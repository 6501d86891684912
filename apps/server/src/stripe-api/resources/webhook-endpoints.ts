/**
 * Webhook endpoints on Stripe's API: where the account's events are sent (webhooks/). Creating
 * one answers its signing secret, once. The secret is stored as issued, not hashed: every
 * delivery is signed with it, so it must be read back.
 */
import type Stripe from "stripe";
import { z } from "zod";
import type { WebhookEndpointsTable } from "../../db/schema.ts";
import { invalidRequest, parameterInvalid, resourceMissing } from "../errors.ts";
import { listOf, pageOf, planPage } from "../lists.ts";
import { metadataOf } from "../objects.ts";
import {
	boolean,
	expand,
	listParams,
	mergeMetadata,
	metadata,
	parseParams,
	retrieveParams,
	text,
	unsettable,
} from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { urlRefusal } from "../webhooks/destination.ts";
import {
	deleteWebhookEndpoint,
	findWebhookEndpoint,
	insertWebhookEndpoint,
	unsendableEventType,
	updateWebhookEndpoint,
	webhookEndpointObject,
} from "../webhooks/endpoints.ts";

const enabledEvents = z
	.array(z.string().max(100))
	.min(1, { error: "must name at least one event type, or *" })
	.max(300);

const fields = {
	url: z.string().max(2048),
	enabled_events: enabledEvents,
	description: unsettable(text(5000)).optional(),
	metadata: metadata.optional(),
	expand: expand.optional(),
};

const createParams = z.strictObject(fields);
const updateParams = z.strictObject({
	...fields,
	url: fields.url.optional(),
	enabled_events: enabledEvents.optional(),
	disabled: boolean.optional(),
});
const deleteParams = z.strictObject({});
const listEndpointsParams = z.strictObject({
	limit: listParams.limit,
	starting_after: listParams.starting_after,
	ending_before: listParams.ending_before,
	expand: listParams.expand,
});

function noExpand(fields: readonly string[] | undefined): void {
	const field = fields?.[0];
	if (field) throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
}

/** The URL, refused as Stripe refuses a bad one (and where this server never delivers). */
function checkUrl(context: V1Context, url: string): string {
	const refusal = urlRefusal(url, context.request.server.deps.config.webhookPublicOnly === true);
	if (refusal) throw parameterInvalid("url", refusal, "url_invalid");
	return url;
}

function checkEvents(events: readonly string[]): readonly string[] {
	const unsendable = unsendableEventType(events);
	if (unsendable) {
		throw parameterInvalid(
			`enabled_events[${unsendable.index}]`,
			`${unsendable.type} is not an event type Paydesk sends.`,
			"parameter_invalid_string",
		);
	}
	return events;
}

function findEndpoint(context: V1Context, id: string): Promise<WebhookEndpointsTable | undefined> {
	return findWebhookEndpoint(context.request.server.deps.db.kysely, context.accountId, id);
}

async function requireEndpoint(context: V1Context): Promise<WebhookEndpointsTable> {
	const id = context.path.id ?? "";
	const row = await findEndpoint(context, id);
	if (!row) throw resourceMissing("webhook endpoint", id);
	return row;
}

export function registerWebhookEndpoints(router: V1Router): void {
	router.post("/webhook_endpoints", async (context) => {
		const params = parseParams(createParams, context.params);
		noExpand(params.expand);
		const row = await insertWebhookEndpoint(
			context.request.server.deps.db.kysely,
			context.accountId,
			{
				url: checkUrl(context, params.url),
				enabledEvents: checkEvents(params.enabled_events),
				description: params.description ?? null,
				metadata: mergeMetadata({}, params.metadata ?? {}),
			},
			context.now,
		);
		return {
			...webhookEndpointObject(row, context.livemode),
			secret: row.secret,
		} satisfies Stripe.WebhookEndpoint;
	});

	router.get("/webhook_endpoints/:id", async (context) => {
		noExpand(parseParams(retrieveParams, context.params).expand);
		return webhookEndpointObject(await requireEndpoint(context), context.livemode);
	});

	router.post("/webhook_endpoints/:id", async (context) => {
		const params = parseParams(updateParams, context.params);
		noExpand(params.expand);
		const row = await requireEndpoint(context);
		const next = await updateWebhookEndpoint(context.request.server.deps.db.kysely, row, {
			url: params.url === undefined ? undefined : checkUrl(context, params.url),
			description: params.description,
			enabledEvents: params.enabled_events === undefined ? undefined : checkEvents(params.enabled_events),
			metadata: params.metadata ? mergeMetadata(metadataOf(row.metadata), params.metadata) : undefined,
			disabled: params.disabled,
		});
		return webhookEndpointObject(next, context.livemode);
	});

	router.delete("/webhook_endpoints/:id", async (context) => {
		parseParams(deleteParams, context.params);
		const row = await requireEndpoint(context);
		if (!(await deleteWebhookEndpoint(context.request.server.deps.db.kysely, context.accountId, row.id))) {
			throw resourceMissing("webhook endpoint", row.id);
		}
		return { id: row.id, object: "webhook_endpoint", deleted: true } satisfies Stripe.DeletedWebhookEndpoint;
	});

	router.get("/webhook_endpoints", async (context) => {
		const params = parseParams(listEndpointsParams, context.params);
		noExpand((params.expand ?? []).map((field) => field.replace(/^data\./, "")));
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(params, { created: "created", id: "id" }, "webhook endpoint", async (id) => {
			const row = await findEndpoint(context, id);
			return row ? Number(row.created) : undefined;
		});
		let query = db.selectFrom("webhook_endpoints").selectAll().where("account_id", "=", context.accountId);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("created", plan.direction)
			.orderBy("id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		return listOf(
			"/v1/webhook_endpoints",
			page.rows.map((row) => webhookEndpointObject(row, context.livemode)),
			page.hasMore,
		);
	});
}
