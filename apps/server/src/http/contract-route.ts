import { capabilityOf, type RouteContract } from "@paydesk/contract/route";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type AuthUser, can } from "../auth/context.ts";
import type { Clock } from "../clock.ts";
import type { IdempotencyScope } from "../ledger/idempotency.ts";
import { forbidden, invalidParams, notLoggedIn, RestError } from "./rest-error.ts";

declare module "fastify" {
	interface FastifyInstance {
		/** The clock of an account: real time plus its test clock's offset (app.ts decorates it). */
		accountClockOf(accountId: string): Promise<Clock>;
	}
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<C extends RouteContract> {
	params: Output<NonNullable<C["params"]>>;
	query: Output<NonNullable<C["query"]>>;
	body: Output<NonNullable<C["body"]>>;
	/** The signed-in user; routes marked public may see null. */
	user: AuthUser;
	/**
	 * The account's clock (processor/account-clock): real time, or a sandbox account's test
	 * clock. Everything a route does with the account's money reads time from it.
	 */
	clock: Clock;
	accountId: string;
	/**
	 * The request's Idempotency-Key with the user, call and fingerprint it is bound to, as the
	 * HTTP layer claimed it (http/idempotency-keys.ts); a money movement hands it to its processor,
	 * which checks it again in its own transaction. Undefined without the header.
	 */
	idempotency: IdempotencyScope | undefined;
	request: FastifyRequest;
	reply: FastifyReply;
}

export type RouteHandler<C extends RouteContract> = (
	context: RouteContext<C>,
) => Promise<z.input<C["response"]>>;

/** Parses one part of the request against its schema; failures name the parameters. */
function parsePart(schema: z.ZodType | undefined, raw: unknown): unknown {
	if (!schema) return {};
	const result = schema.safeParse(raw ?? {});
	if (result.success) return result.data;
	const params: Record<string, string> = {};
	const missing: string[] = [];
	for (const issue of result.error.issues) {
		if (issue.code === "unrecognized_keys") {
			// Each unknown key is a parameter of its own, named in the answer.
			const what = issue.message.startsWith("Unrecognized key")
				? "is not a parameter this endpoint accepts"
				: issue.message;
			for (const key of issue.keys) {
				const name = [...issue.path.map(String), key].join(".");
				params[name] ??= `${name} ${what}`;
			}
			continue;
		}
		const name = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
		const top = issue.path[0];
		const given =
			top !== undefined && raw && typeof raw === "object" ? (raw as Record<PropertyKey, unknown>)[top] : raw;
		if (given === undefined && issue.code === "invalid_type") {
			missing.push(name);
			continue;
		}
		params[name] ??= `${name} ${issue.message.replace(/^Invalid input: /, "")}`;
	}
	if (Object.keys(params).length === 0 && missing.length > 0) {
		throw new RestError("rest_missing_callback_param", `Missing parameter(s): ${missing.join(", ")}`, 400, {
			params: missing,
		});
	}
	for (const name of missing) params[name] = `${name} is required`;
	throw invalidParams(params);
}

/** fastify's `:name` from the contract's `{name}`. */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * Registers a route from its contract: validates params, query and body with the contract's
 * zod schemas (400 rest_invalid_param naming each bad parameter), requires the route's capability
 * (capabilityOf: view_woocommerce_reports to read, manage_woocommerce to change, unless the
 * contract says otherwise) unless the route is public, limits it per user when the contract names a rate (429, see
 * route-rate-limits.ts), and answers the handler's result. With app.deps.validateResponses (on in
 * tests) the answer is checked against its schema too, so the contract cannot drift.
 */
export function contractRoute<C extends RouteContract>(
	app: FastifyInstance,
	contract: C,
	handler: RouteHandler<C>,
): void {
	// app is the registering plugin's instance: the root's decorations are visible in every child.
	const { validateResponses } = app.deps;
	const capability = capabilityOf(contract);
	app.route({
		method: contract.method,
		url: toFastifyPath(contract.path),
		...(contract.rateLimit ? { config: app.routeRateLimit(contract.rateLimit) } : {}),
		handler: async (request, reply) => {
			const user = request.auth.user;
			if (!contract.public) {
				if (!user) throw notLoggedIn();
				if (!can(user, capability)) throw forbidden();
			}
			const params = parsePart(contract.params, request.params);
			const query = parsePart(contract.query, request.query);
			const body = contract.body ? parsePart(contract.body, request.body ?? {}) : undefined;
			const clock = await app.accountClockOf(user?.accountId ?? "");
			const result = await handler({
				params,
				query,
				body,
				clock,
				user: user as AuthUser,
				accountId: user?.accountId ?? "",
				idempotency: request.idempotencyScope,
				request,
				reply,
			} as RouteContext<C>);
			if (reply.sent) return reply;
			if (validateResponses && !contract.produces) {
				const checked = contract.response.safeParse(result);
				if (!checked.success) {
					request.log.error(
						{ issues: checked.error.issues, path: contract.path },
						"response breaks its contract",
					);
					throw new Error(`Response of ${contract.method} ${contract.path} breaks its contract`);
				}
			}
			return result;
		},
	});
}
