/**
 * Per-user limits on the expensive routes a contract marks with `rateLimit`, through
 * @fastify/rate-limit with a store in the database: the count is one atomic upsert into
 * rate_limits (auth/rate-limit.ts), so several server processes share one budget. Past the rate
 * the route answers 429 rest_too_many_requests with Retry-After.
 */
import fastifyRateLimit from "@fastify/rate-limit";
import {
	RATE_LIMITED_CODE,
	RATE_LIMITS,
	type RateLimit,
	type RateLimitName,
} from "@paydesk/contract/rate-limits";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { countHit } from "../auth/rate-limit.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import { RestError } from "./rest-error.ts";

/** Rates in requests per window; a server may override RATE_LIMITS per name. */
export type RateLimitOverrides = Partial<Record<RateLimitName, number>>;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store @fastify/rate-limit counts in: the rate_limits table, shared by all processes. */
function databaseStore(db: Kysely<Database>, clock: Clock) {
	return class DatabaseStore {
		incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
			const windowSeconds = Math.max(1, Math.round(timeWindow / 1000));
			const now = clock.seconds();
			countHit(db, `route:${key}`, { limit: max, windowSeconds }, now).then(
				({ count, windowStart }) =>
					callback(null, { current: count, ttl: Math.max(1, windowStart + windowSeconds - now) * 1000 }),
				(error: Error) => callback(error),
			);
		}

		child(): DatabaseStore {
			return this;
		}
	};
}

/** Per user (an account's user id), or per address for calls that are not signed in. */
function userKey(request: FastifyRequest): string {
	const user = request.auth?.user;
	return user ? `user:${user.accountId}:${user.id}:` : `ip:${request.ip}:`;
}

export function rateLimitOf(name: RateLimitName, overrides: RateLimitOverrides = {}): RateLimit {
	const base = RATE_LIMITS[name];
	return { max: overrides[name] ?? base.max, windowSeconds: base.windowSeconds };
}

declare module "fastify" {
	interface FastifyInstance {
		/** The route options that limit a route to the named rate (see contractRoute). */
		routeRateLimit(name: RateLimitName): { rateLimit: Record<string, unknown> };
	}
}

export async function registerRouteRateLimits(
	app: FastifyInstance,
	db: Kysely<Database>,
	clock: Clock,
	overrides: RateLimitOverrides = {},
): Promise<void> {
	await app.register(fastifyRateLimit, {
		global: false,
		store: databaseStore(db, clock),
		skipOnError: false,
		hook: "preHandler",
		keyGenerator: userKey,
		addHeadersOnExceeding: {
			"x-ratelimit-limit": false,
			"x-ratelimit-remaining": false,
			"x-ratelimit-reset": false,
		},
		addHeaders: {
			"x-ratelimit-limit": true,
			"x-ratelimit-remaining": true,
			"x-ratelimit-reset": true,
			"retry-after": true,
		},
		errorResponseBuilder: (_request, context) => {
			const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
			return new RestError(
				RATE_LIMITED_CODE,
				`Too many requests: this endpoint allows ${context.max} per user per minute. Please try again in ${retryAfter} seconds.`,
				429,
				{ retry_after: retryAfter },
			);
		},
	});
	app.decorate("routeRateLimit", (name: RateLimitName) => {
		const limit = rateLimitOf(name, overrides);
		return {
			rateLimit: { max: limit.max, timeWindow: limit.windowSeconds * 1000, groupId: name },
		};
	});
}
