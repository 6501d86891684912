/**
 * The Developers area's REST routes, over what Stripe's API (`/v1`, the server's stripe-api/)
 * keeps: API keys, webhook endpoints and their deliveries, Stripe's events and the request log.
 * Administrators, shop managers and payments viewers read (view_woocommerce_reports), except
 * the API keys, which only those who manage the store list (manage_woocommerce); only
 * administrators change anything or see a webhook secret (manage_options): keys and endpoints
 * send the account's data out.
 *
 * - API keys: a key's secret is answered once, when it is made (created or rolled); afterwards
 *   only its prefix and last four characters. A publishable key is public and shown whole.
 *   Rolling makes a new pair under the same name; the old pair works `expires_in` seconds more
 *   (0: stops at once). A deleted key stops working at once. A restricted key (rk_) comes alone,
 *   with a permission per resource; rolling it keeps its permissions.
 * - Webhook endpoints: `success_rate` is the share of the endpoint's latest deliveries
 *   (RECENT_DELIVERIES, those tried at least once) whose last attempt was answered 2xx; null
 *   before any was tried.
 * - Resending sends one delivery again now, whatever its state, and answers it with the new
 *   attempt; the automatic retries of a pending delivery stay as they were.
 * - Deliveries and events are lists of the list toolkit (page, pagesize, total_count), newest
 *   first. The request log is read by keyset instead (`starting_after`, `has_more`): it may hold
 *   a million rows, and a deep page or a count would scan them.
 */
import { z } from "zod";
import { queryInt } from "./common.ts";
import {
	DEFAULT_PAGE_SIZE,
	defineListQuery,
	listResponse,
	MAX_PAGE_SIZE,
	sharedFilterFields,
} from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const DEVELOPERS_ERRORS = {
	deliveryNotFound: "wcpay_webhook_delivery_not_found",
	/** The delivery is being sent right now (by the job runner or another resend). */
	deliveryBusy: "wcpay_webhook_delivery_busy",
	apiKeyNotFound: "wcpay_api_key_not_found",
	/** A current key already has that name (rolling it makes its new pair). */
	apiKeyNameTaken: "wcpay_api_key_name_taken",
	endpointNotFound: "wcpay_webhook_endpoint_not_found",
	eventNotFound: "wcpay_stripe_event_not_found",
	requestNotFound: "wcpay_request_log_entry_not_found",
} as const;

const DEVELOPERS = `${REST_BASE}/developers`;

/**
 * The ids the Developers area's routes take, as patterns (plain text, so the admin's build keeps
 * them without the schemas): the admin asks for no record whose id the route would refuse.
 */
export const DEVELOPERS_ID_PATTERNS = {
	apiKey: "^key_\\w{1,60}$",
	webhookEndpoint: "^we_\\w{1,60}$",
	webhookDelivery: "^whd_\\w{1,60}$",
	stripeEvent: "^evt_\\w{1,60}$",
	requestLog: "^rlog_\\w{1,60}$",
} as const;

const idOf = (kind: keyof typeof DEVELOPERS_ID_PATTERNS, error: string) =>
	z.string().regex(new RegExp(DEVELOPERS_ID_PATTERNS[kind]), { error });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const webhookAttempt = z.object({
	attempt: z.number().int(),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
	duration_ms: z.number().int(),
	/** The HTTP status answered; null when none came (error says why). */
	status: z.number().int().nullable(),
	error: z.string().nullable(),
	/** The answer's first 2 kB. */
	response_body: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
	id: z.string(),
	endpoint_id: z.string(),
	event_id: z.string(),
	event_type: z.string(),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
	status: z.enum(WEBHOOK_DELIVERY_STATUSES),
	attempts: z.number().int(),
	/** When the next automatic attempt is due; null when none is planned. */
	next_attempt_at: z.number().int().nullable(),
	delivered_at: z.number().int().nullable(),
	/** The latest attempt, null before the first. */
	last_attempt: webhookAttempt.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryParams = z.object({
	id: idOf("webhookDelivery", "must be a webhook delivery id"),
});

export const resendWebhookDelivery = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/webhook-deliveries/{id}/resend`,
	summary: "Send one webhook delivery again now, and answer it with the new attempt",
	tag: "developers",
	params: webhookDeliveryParams,
	response: webhookDelivery,
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.deliveryNotFound, DEVELOPERS_ERRORS.deliveryBusy],
});

export const getWebhookDelivery = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/webhook-deliveries/{id}`,
	summary: "One webhook delivery: the request sent (headers and body) and each attempt",
	tag: "developers",
	params: webhookDeliveryParams,
	response: webhookDelivery.extend({
		endpoint_url: z.string().nullable(),
		request: z.object({
			/** As the latest attempt sent them (or the next will, before the first). */
			headers: z.record(z.string(), z.string()),
			/** The event's JSON, the same bytes every attempt carries. */
			body: z.string(),
		}),
		/** Every attempt, the first first. */
		attempts_list: z.array(webhookAttempt),
	}),
	errors: [DEVELOPERS_ERRORS.deliveryNotFound],
});

// API keys.

export const API_KEY_KINDS = ["secret", "publishable", "restricted"] as const;

/**
 * What a restricted key (rk_…) may reach on Stripe's API, per resource: read, or write (which
 * implies read); a resource left out is none. `permission` is Stripe's own name of the
 * resource's permissions, as a refusal names them (rak_<permission>_read or _write). A resource
 * that is not `writable` is only ever read through the API, so write is not offered for it.
 */
export const RESTRICTED_KEY_RESOURCES = {
	account: { permission: "connected_account", writable: false },
	balance: { permission: "balance", writable: false },
	balance_transactions: { permission: "balance_transaction_source", writable: false },
	charges: { permission: "charge", writable: true },
	customers: { permission: "customer", writable: true },
	disputes: { permission: "dispute", writable: true },
	events: { permission: "event", writable: false },
	files: { permission: "file", writable: true },
	payment_intents: { permission: "payment_intent", writable: true },
	payment_methods: { permission: "payment_method", writable: true },
	payouts: { permission: "payout", writable: true },
	refunds: { permission: "refund", writable: true },
	reviews: { permission: "review", writable: true },
	webhook_endpoints: { permission: "webhook", writable: true },
} as const satisfies Record<string, { permission: string; writable: boolean }>;
export type RestrictedKeyResource = keyof typeof RESTRICTED_KEY_RESOURCES;

export const RESTRICTED_KEY_RESOURCE_NAMES = Object.keys(RESTRICTED_KEY_RESOURCES) as [
	RestrictedKeyResource,
	...RestrictedKeyResource[],
];

export const KEY_ACCESS_LEVELS = ["read", "write"] as const;
export type KeyAccess = (typeof KEY_ACCESS_LEVELS)[number];

/** Stripe's name of a permission, as its refusals name it: rak_charge_write. */
export const restrictedPermissionName = (resource: RestrictedKeyResource, access: KeyAccess): string =>
	`rak_${RESTRICTED_KEY_RESOURCES[resource].permission}_${access}`;

/** A restricted key's permissions, as stored and answered: only the resources it may reach. */
export const apiKeyPermissions = z.partialRecord(
	z.enum(RESTRICTED_KEY_RESOURCE_NAMES),
	z.enum(KEY_ACCESS_LEVELS, { error: "must be read or write" }),
);
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissions>;

export const apiKey = z.object({
	id: z.string(),
	name: z.string(),
	kind: z.enum(API_KEY_KINDS),
	/** sk_test_, sk_live_, pk_test_, pk_live_, rk_test_ or rk_live_. */
	prefix: z.string(),
	last4: z.string(),
	/** The whole key for a publishable one; null for a secret or restricted one (shown once, when made). */
	publishable_key: z.string().nullable(),
	/** A restricted key's permissions; null for the other kinds, which are not restricted by resource. */
	permissions: apiKeyPermissions.nullable(),
	/** Epoch seconds. */
	created: z.number().int(),
	last_used: z.number().int().nullable(),
	/** When a rolled key stops (or stopped) working; null while it is current. */
	expires_at: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/**
 * Keys just made: the secret (or restricted) key's whole text, answered here and never again, and
 * the publishable key made with a secret key (null for a restricted key, which comes alone).
 */
export const createdApiKeys = z.object({
	name: z.string(),
	secret: z.string(),
	publishable: z.string().nullable(),
	keys: z.array(apiKey),
});

const apiKeyParams = z.object({ id: idOf("apiKey", "must be an API key id") });

export const listApiKeys = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/api-keys`,
	summary: "The account's keys for Stripe's API, by name (secret keys masked)",
	tag: "developers",
	// Credentials, even masked, are not for a payments viewer.
	capability: "manage_woocommerce",
	response: z.object({ data: z.array(apiKey) }),
});

export const createApiKey = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/api-keys`,
	summary:
		"Make a named pair of keys, or a restricted key with its permissions; the secret or restricted key is answered once",
	tag: "developers",
	body: z
		.strictObject({
			name: z
				.string()
				.trim()
				.min(1, { error: "must not be empty" })
				.max(100, { error: "must be at most 100 characters" }),
			/** secret (the default): a secret key with its publishable key; restricted: an rk_ key alone. */
			kind: z.enum(["secret", "restricted"], { error: "must be secret or restricted" }).default("secret"),
			/** A restricted key's permissions by resource (write implies read); left out: none. */
			permissions: apiKeyPermissions.optional(),
		})
		.check((payload) => {
			// Said only of a body otherwise valid: an unknown resource is named as such, not as "none".
			if (payload.issues.length > 0) return;
			const body = payload.value;
			const refuse = (path: string[], message: string) =>
				payload.issues.push({ code: "custom", path, message, input: body });
			if (body.kind !== "restricted") {
				if (body.permissions !== undefined) {
					refuse(["permissions"], "is only for a restricted key (kind restricted)");
				}
				return;
			}
			const granted = Object.entries(body.permissions ?? {});
			if (granted.length === 0) {
				refuse(["permissions"], "must give the restricted key read or write on at least one resource");
			}
			for (const [resource, access] of granted) {
				if (access === "write" && !RESTRICTED_KEY_RESOURCES[resource as RestrictedKeyResource].writable) {
					refuse(["permissions", resource], "can only be read");
				}
			}
		}),
	response: createdApiKeys,
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.apiKeyNameTaken],
});

/** The longest an old key may keep working after a roll: 7 days. */
export const MAX_ROLL_EXPIRY_SECONDS = 7 * 86_400;

export const rollApiKey = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/api-keys/{id}/roll`,
	summary: "Replace a key's pair with a new one; the old pair works expires_in seconds more",
	tag: "developers",
	params: apiKeyParams,
	body: z.strictObject({
		expires_in: z
			.number({ error: "must be a number of seconds" })
			.int({ error: "must be a whole number of seconds" })
			.min(0, { error: "must be at least 0" })
			.max(MAX_ROLL_EXPIRY_SECONDS, { error: `must be at most ${MAX_ROLL_EXPIRY_SECONDS} (7 days)` })
			.default(0),
	}),
	response: createdApiKeys,
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.apiKeyNotFound],
});

export const deleteApiKey = defineRoute({
	method: "DELETE",
	path: `${DEVELOPERS}/api-keys/{id}`,
	summary: "Delete a key: it stops working at once",
	tag: "developers",
	params: apiKeyParams,
	response: z.object({ id: z.string(), deleted: z.literal(true) }),
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.apiKeyNotFound],
});

// Webhook endpoints.

/** How many of an endpoint's latest tried deliveries its success rate reads. */
export const RECENT_DELIVERIES = 100;

export const webhookEndpoint = z.object({
	id: z.string(),
	url: z.string(),
	description: z.string().nullable(),
	/** Event types, or ["*"]. */
	enabled_events: z.array(z.string()),
	status: z.enum(["enabled", "disabled"]),
	created: z.number().int(),
	/** Account time of the first failure since the last success; null while none failed. */
	failing_since: z.number().int().nullable(),
	/** 0 to 1 over the latest tried deliveries; null before any was tried. */
	success_rate: z.number().nullable(),
	/** How many deliveries success_rate reads. */
	recent_deliveries: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

const webhookEndpointParams = z.object({
	id: idOf("webhookEndpoint", "must be a webhook endpoint id"),
});

const eventTypeName = z
	.string()
	.regex(/^(\*|[a-z_]+(\.[a-z_]+)+)$/, { error: "must be an event type such as charge.succeeded, or *" });

const enabledEvents = z
	.array(eventTypeName)
	.min(1, { error: "must name at least one event type, or *" })
	.max(300, { error: "must name at most 300 event types" });

const endpointUrl = z.string().max(2048, { error: "must be at most 2048 characters" });
const endpointDescription = z.string().max(5000, { error: "must be at most 5000 characters" }).nullable();

export const listWebhookEndpoints = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/webhook-endpoints`,
	summary: "The account's webhook endpoints with their recent success rate",
	tag: "developers",
	response: z.object({ data: z.array(webhookEndpoint) }),
});

export const createWebhookEndpoint = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/webhook-endpoints`,
	summary: "Add a webhook endpoint; its signing secret is answered with it",
	tag: "developers",
	body: z.strictObject({
		url: endpointUrl,
		enabled_events: enabledEvents,
		description: endpointDescription.optional(),
	}),
	response: webhookEndpoint.extend({ secret: z.string() }),
	capability: "manage_options",
});

export const updateWebhookEndpoint = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/webhook-endpoints/{id}`,
	summary: "Change a webhook endpoint's URL, events or description, or disable or enable it",
	tag: "developers",
	params: webhookEndpointParams,
	body: z.strictObject({
		url: endpointUrl.optional(),
		enabled_events: enabledEvents.optional(),
		description: endpointDescription.optional(),
		disabled: z.boolean({ error: "must be true or false" }).optional(),
	}),
	response: webhookEndpoint,
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

export const deleteWebhookEndpoint = defineRoute({
	method: "DELETE",
	path: `${DEVELOPERS}/webhook-endpoints/{id}`,
	summary: "Delete a webhook endpoint and its deliveries",
	tag: "developers",
	params: webhookEndpointParams,
	response: z.object({ id: z.string(), deleted: z.literal(true) }),
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

export const revealWebhookSecret = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/webhook-endpoints/{id}/secret`,
	summary: "A webhook endpoint's signing secret (administrators only)",
	tag: "developers",
	params: webhookEndpointParams,
	response: z.object({ id: z.string(), secret: z.string() }),
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

/** The longest an endpoint's old secret keeps signing after a roll: 24 hours, as Stripe allows. */
export const MAX_SECRET_ROLL_EXPIRY_SECONDS = 86_400;

export const rollWebhookSecret = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/webhook-endpoints/{id}/roll-secret`,
	summary: "Give an endpoint a new signing secret; the old one also signs for expires_in seconds more",
	tag: "developers",
	params: webhookEndpointParams,
	body: z.strictObject({
		expires_in: z
			.number({ error: "must be a number of seconds" })
			.int({ error: "must be a whole number of seconds" })
			.min(0, { error: "must be at least 0" })
			.max(MAX_SECRET_ROLL_EXPIRY_SECONDS, {
				error: `must be at most ${MAX_SECRET_ROLL_EXPIRY_SECONDS} (24 hours)`,
			})
			.default(0),
	}),
	response: z.object({
		id: z.string(),
		secret: z.string(),
		/** Until when (epoch seconds, server time) the previous secret signs too; null when it stopped at once. */
		previous_secret_expires_at: z.number().int().nullable(),
	}),
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

export const resendFailedWebhookDeliveries = defineRoute({
	method: "POST",
	path: `${DEVELOPERS}/webhook-endpoints/{id}/resend-failed`,
	summary: "Send again every failed delivery of an endpoint created since a time",
	tag: "developers",
	params: webhookEndpointParams,
	body: z.strictObject({
		/** Epoch seconds on the account's clock: deliveries created at or after it. */
		since: z
			.number({ error: "must be a time in epoch seconds" })
			.int({ error: "must be whole seconds" })
			.min(0),
	}),
	response: z.object({
		/** How many failed deliveries were queued to be sent again now. */
		queued: z.number().int(),
	}),
	capability: "manage_options",
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

// Deliveries.

const { date_before, date_after, date_between, user_timezone, match } = sharedFilterFields;

export const deliveryQueries = defineListQuery({
	sort: ["created"],
	defaultSort: "created",
	defaultDirection: "desc",
	filters: {
		status_is: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
		event_type_is: eventTypeName.optional(),
	},
});
export type DeliveryListQuery = z.output<typeof deliveryQueries.paged>;

/**
 * The most deliveries a list counts (its total_count): 400 pages of 25. A longer list answers
 * this many, and its filters narrow it: counting an endpoint's million deliveries on every page
 * took 40 ms.
 */
export const DELIVERIES_COUNTED = 10_000;

export const listWebhookDeliveries = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/webhook-endpoints/{id}/deliveries`,
	summary: "An endpoint's deliveries, newest first, filtered by status and event type (counted up to 10,000)",
	tag: "developers",
	params: webhookEndpointParams,
	query: deliveryQueries.paged,
	response: listResponse(webhookDelivery),
	errors: [DEVELOPERS_ERRORS.endpointNotFound],
});

// Events.

export const stripeEvent = z.object({
	id: z.string(),
	type: z.string(),
	/** Epoch seconds, on the account's clock. */
	created: z.number().int(),
});

export const eventQueries = defineListQuery({
	sort: ["created"],
	defaultSort: "created",
	defaultDirection: "desc",
	filters: {
		match,
		date_before,
		date_after,
		date_between,
		user_timezone,
		type_is: eventTypeName.optional(),
		/** The events of one payment: its PaymentIntent's, and those of its charge, refunds and disputes. */
		payment_intent_is: z
			.string()
			.regex(/^pi_\w{1,60}$/, { error: "must be a PaymentIntent id" })
			.optional(),
	},
});
export type EventListQuery = z.output<typeof eventQueries.paged>;

export const listStripeEvents = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/events`,
	summary: "Stripe's events of the account, newest first, filtered by type, date and payment",
	tag: "developers",
	query: eventQueries.paged,
	response: listResponse(stripeEvent),
});

export const getStripeEvent = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/events/{id}`,
	summary: "One Stripe event: its JSON as sent, and its deliveries",
	tag: "developers",
	params: z.object({ id: idOf("stripeEvent", "must be an event id") }),
	response: stripeEvent.extend({
		/** The event as GET /v1/events/{id} answers it and every webhook carries it. */
		body: z.record(z.string(), z.unknown()),
		deliveries: z.array(webhookDelivery),
	}),
	errors: [DEVELOPERS_ERRORS.eventNotFound],
});

// The request log.

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;

export const requestLogEntry = z.object({
	id: z.string(),
	/** The Request-Id header answered. */
	request_id: z.string(),
	/** Epoch seconds (server time). */
	created: z.number().int(),
	method: z.string(),
	path: z.string(),
	/** The route matched, e.g. /v1/payment_intents/:id. */
	route: z.string(),
	status: z.number().int(),
	key_name: z.string().nullable(),
	duration_ms: z.number().int(),
	idempotency_key: z.string().nullable(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntry>;

export const requestLogQuery = z.object({
	pagesize: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
	/** The id of the last entry of the previous page. */
	starting_after: idOf("requestLog", "must be a request log id").optional(),
	status_class: z.enum(STATUS_CLASSES).optional(),
	/** A path (/v1/payment_intents/pi_1) or a route with :parameters (/v1/payment_intents/:id). */
	path: z
		.string()
		.regex(/^\/v1(\/[\w:.-]*)*$/, { error: "must be a /v1 path" })
		.max(500)
		.optional(),
	key_name: z.string().min(1).max(100).optional(),
});
export type RequestLogQuery = z.output<typeof requestLogQuery>;

export const listRequestLog = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/request-log`,
	summary: "Requests to Stripe's API, newest first (kept 7 days), filtered by status class, path and key",
	tag: "developers",
	query: requestLogQuery,
	response: z.object({ data: z.array(requestLogEntry), has_more: z.boolean() }),
});

export const getRequestLogEntry = defineRoute({
	method: "GET",
	path: `${DEVELOPERS}/request-log/{id}`,
	summary: "One request to Stripe's API with its parameters and answer (card numbers and secrets redacted)",
	tag: "developers",
	params: z.object({ id: idOf("requestLog", "must be a request log id") }),
	response: requestLogEntry.extend({
		params: z.record(z.string(), z.unknown()),
		/** The answer's JSON text, cut at 64 kB; null when it was not JSON. */
		response: z.string().nullable(),
	}),
	errors: [DEVELOPERS_ERRORS.requestNotFound],
});

/** Every route of the Developers area. */
export const DEVELOPERS_ROUTES = [
	resendWebhookDelivery,
	getWebhookDelivery,
	listApiKeys,
	createApiKey,
	rollApiKey,
	deleteApiKey,
	listWebhookEndpoints,
	createWebhookEndpoint,
	updateWebhookEndpoint,
	deleteWebhookEndpoint,
	revealWebhookSecret,
	rollWebhookSecret,
	resendFailedWebhookDeliveries,
	listWebhookDeliveries,
	listStripeEvents,
	getStripeEvent,
	listRequestLog,
	getRequestLogEntry,
] as const;
