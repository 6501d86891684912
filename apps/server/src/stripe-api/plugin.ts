/**
 * Stripe's REST API (`/v1`) on the same records as the admin: a store's code written for Stripe
 * (any official SDK pointed at this server) takes payments, refunds and reads its balance here,
 * and the admin shows the same payments. This module is the wire format: keys, the bracket form,
 * Stripe's errors and headers. The resources (resources/) act through the processor interface and
 * read the shared ledger, like the admin's routes.
 *
 * - Auth: `Authorization: Bearer sk_…`, or HTTP Basic with the key as the user name. The key
 *   names the account; every query of a request is scoped to it. A restricted key (rk_…) reaches
 *   only what its permissions allow: each route needs one resource, read or write
 *   (permissions.ts).
 * - Every answer carries `Request-Id` and `Stripe-Version` (the version answered, whatever the
 *   request asks: STRIPE_API_VERSION).
 * - Idempotency-Key: the HTTP layer's one rule (http/idempotency-keys.ts), with Stripe's error
 *   type: another request under a used key is a 400 idempotency_error, one still running a 409.
 */
import { randomBytes } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import { RestError } from "../http/rest-error.ts";
import { IdempotencyKeyReused } from "../ledger/idempotency.ts";
import { invalidApiKey, invalidRequest, StripeApiError, type StripeErrorBody } from "./errors.ts";
import { type FormObject, MalformedForm, parseForm } from "./form.ts";
import { type ApiKeyIdentity, findApiKey } from "./keys.ts";
import { queryOf } from "./params.ts";
import { checkKeyPermission, permissionOfRoute, type V1Permission } from "./permissions.ts";
import { recordRequests } from "./request-log.ts";

/** The API version Paydesk answers: that of the official SDK whose types check every answer. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export const V1_PREFIX = "/v1";

/** Form bodies larger than this are refused (a dispute's evidence texts fit many times over). */
const FORM_BODY_LIMIT = 256 * 1024;

declare module "fastify" {
	interface FastifyRequest {
		/** The key a `/v1` request was made with. */
		stripeKey?: ApiKeyIdentity;
	}
	interface FastifyContextConfig {
		/** A `/v1` route a publishable key may call too. */
		publishable?: boolean;
		/** What a `/v1` route needs of a restricted key. */
		permission?: V1Permission;
	}
}

export interface V1Context {
	accountId: string;
	key: ApiKeyIdentity;
	livemode: boolean;
	/** The account's clock (a sandbox account's test clock moves it). */
	clock: Clock;
	now: number;
	/** The form body of a POST, the query of a GET or DELETE. */
	params: FormObject;
	/** The path's parameters. */
	path: Record<string, string>;
	request: FastifyRequest;
	reply: FastifyReply;
}

type V1Handler = (context: V1Context) => Promise<unknown>;

/** A route of `/v1` as registered: what the authorization and isolation tests walk. */
export interface V1Route {
	method: "GET" | "POST" | "DELETE";
	/** Fastify's path under /v1, e.g. /payment_intents/:id/capture. */
	path: string;
	publishable: boolean;
	/** The resource and access a restricted key needs for it. */
	permission: V1Permission;
}

export interface V1RouteOptions {
	/** What a restricted key needs, when the method and path do not say it (permissions.ts). */
	permission?: V1Permission;
}

export interface V1Router {
	get(path: string, handler: V1Handler, options?: V1RouteOptions): void;
	post(path: string, handler: V1Handler, options?: V1RouteOptions & { publishable?: boolean }): void;
	delete(path: string, handler: V1Handler, options?: V1RouteOptions): void;
	/**
	 * Routes in a child context of `/v1`: `setup` adds what only they read (file uploads'
	 * multipart bodies), while keys, errors and headers stay `/v1`'s and every other route keeps
	 * reading form bodies only.
	 */
	scope(setup: (instance: FastifyInstance) => Promise<void>, addRoutes: (router: V1Router) => void): void;
}

function bearerOf(header: string | undefined): string | null {
	if (!header) return null;
	if (/^Bearer /i.test(header)) return header.slice(7).trim();
	if (/^Basic /i.test(header)) {
		const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
		const colon = decoded.indexOf(":");
		return (colon === -1 ? decoded : decoded.slice(0, colon)).trim();
	}
	return null;
}

/** Any error as Stripe's answer: its status and body. */
function stripeAnswerOf(error: unknown): { status: number; body: StripeErrorBody } | null {
	if (error instanceof StripeApiError) return { status: error.status, body: error.body };
	if (error instanceof IdempotencyKeyReused) {
		return { status: 400, body: { type: "idempotency_error", message: error.message } };
	}
	if (error instanceof MalformedForm)
		return { status: 400, body: { type: "invalid_request_error", message: error.message } };
	if (error instanceof RestError) {
		if (error.code === "rest_idempotency_key_in_use") {
			return { status: 409, body: { type: "idempotency_error", message: error.message } };
		}
		if (error.status === 429) {
			return { status: 429, body: { type: "rate_limit_error", code: "rate_limit", message: error.message } };
		}
		if (error.status < 500) {
			const param = error.code === "rest_invalid_param" ? Object.keys(error.data.params ?? {})[0] : undefined;
			return {
				status: error.status === 401 || error.status === 404 || error.status === 409 ? error.status : 400,
				body: { type: "invalid_request_error", message: error.message, ...(param ? { param } : {}) },
			};
		}
		return null;
	}
	const framework = error as Partial<FastifyError>;
	if (framework.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
		return {
			status: 413,
			body: { type: "invalid_request_error", message: "The request body is too large." },
		};
	}
	if (framework.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
		return {
			status: 400,
			body: {
				type: "invalid_request_error",
				message: "Stripe's API takes form-encoded bodies (Content-Type: application/x-www-form-urlencoded).",
			},
		};
	}
	if (typeof framework.statusCode === "number" && framework.statusCode >= 400 && framework.statusCode < 500) {
		return {
			status: 400,
			body: { type: "invalid_request_error", message: framework.message ?? "Bad request." },
		};
	}
	return null;
}

/** Registers `/v1` with the resources `register` adds, and answers the routes it registered. */
export async function registerStripeApi(
	app: FastifyInstance,
	register: (router: V1Router) => void,
): Promise<readonly V1Route[]> {
	const routes: V1Route[] = [];
	await app.register(
		async (v1) => {
			// Only Stripe's form encoding, read with its bracket notation, and no JSON.
			v1.removeAllContentTypeParsers();
			v1.addContentTypeParser(
				"application/x-www-form-urlencoded",
				{ parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
				(_request, body, done) => {
					try {
						done(null, parseForm(String(body)));
					} catch (error) {
						done(error as Error, undefined);
					}
				},
			);

			v1.addHook("onRequest", async (request, reply) => {
				reply.header("request-id", `req_${randomBytes(12).toString("hex")}`);
				reply.header("stripe-version", STRIPE_API_VERSION);
				const presented = bearerOf(request.headers.authorization);
				if (!presented) throw invalidApiKey(null);
				const key = await findApiKey(app.deps.db.kysely, presented, app.deps.clock.seconds());
				if (!key) throw invalidApiKey(presented);
				if (key.kind === "publishable" && !request.routeOptions.config.publishable) {
					throw new StripeApiError(401, {
						type: "invalid_request_error",
						message:
							"This call needs a secret key (sk_…): a publishable key may only create payment methods.",
					});
				}
				request.stripeKey = key;
				// After the key is known, so the request log names the key a refusal went to.
				checkKeyPermission(key, request.routeOptions.config.permission, presented);
			});

			// Every request made with a key goes to the account's request log (request-log.ts).
			recordRequests(v1);

			v1.setErrorHandler(async (error, request, reply) => {
				const answer = stripeAnswerOf(error);
				if (answer) {
					if (answer.status >= 500) request.log.error({ err: error }, "Stripe API request failed");
					return reply.code(answer.status).type("application/json").send({ error: answer.body });
				}
				request.log.error({ err: error }, "Stripe API request failed");
				return reply
					.code(500)
					.type("application/json")
					.send({
						error: { type: "api_error", message: "An error occurred on the server. Try again later." },
					});
			});

			v1.setNotFoundHandler(async (request, reply) => {
				reply.header("request-id", `req_${randomBytes(12).toString("hex")}`);
				return reply.code(404).send({
					error: {
						type: "invalid_request_error",
						message: `Unrecognized request URL (${request.method}: ${request.url.split("?")[0]}). Paydesk's README lists the supported endpoints.`,
					},
				});
			});

			// Where route() registers: /v1 itself, or a scope's child context while its routes are added.
			let target: FastifyInstance = v1;
			const route = (
				method: "GET" | "POST" | "DELETE",
				path: string,
				handler: V1Handler,
				options: V1RouteOptions & { publishable?: boolean } = {},
			) => {
				const permission = options.permission ?? permissionOfRoute(method, path);
				if (!permission) {
					throw new Error(`${method} /v1${path} names no resource: declare the permission it needs.`);
				}
				const publishable = options.publishable ?? false;
				routes.push({ method, path, publishable, permission });
				target.route({
					method,
					url: path,
					config: { publishable, permission },
					handler: async (request, reply) => {
						const key = request.stripeKey as ApiKeyIdentity;
						const clock = await app.accountClockOf(key.accountId);
						const body = request.body as FormObject | undefined;
						if (
							method === "POST" &&
							request.url.includes("?") &&
							Object.keys(queryOf(request.url)).length > 0
						) {
							throw invalidRequest("Send a POST's parameters in its form body, not in the URL.");
						}
						const params = method === "POST" ? (body ?? {}) : queryOf(request.url);
						return handler({
							accountId: key.accountId,
							key,
							livemode: key.livemode,
							clock,
							now: clock.seconds(),
							params,
							path: request.params as Record<string, string>,
							request,
							reply,
						});
					},
				});
			};
			const router: V1Router = {
				get: (path, handler, options) => route("GET", path, handler, options),
				post: (path, handler, options) => route("POST", path, handler, options),
				delete: (path, handler, options) => route("DELETE", path, handler, options),
				scope: (setup, addRoutes) => {
					void v1.register(async (child) => {
						await setup(child);
						const outer = target;
						target = child;
						try {
							addRoutes(router);
						} finally {
							target = outer;
						}
					});
				},
			};
			register(router);
		},
		{ prefix: V1_PREFIX },
	);
	return routes;
}
