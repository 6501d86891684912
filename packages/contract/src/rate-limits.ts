/**
 * Per-user limits on the expensive routes: past the rate a route answers
 * 429 rest_too_many_requests with Retry-After (seconds until the window ends). Windows are
 * fixed and counted in the database, so every server process of a store shares them.
 *
 * - exports: a CSV built from the filtered list (answered directly or e-mailed), or the blocked
 *   tab's download; each scans up to the whole history.
 * - suggestions: the search box's suggestions, one request per pause in typing.
 * - payments: payment intake and 3-D Secure confirmation; 25 a second per user on average,
 *   Stripe's own limit in test mode.
 *
 * A server may change a rate with RATE_LIMIT_<NAME>_PER_MINUTE (README, Configuration).
 */
export const RATE_LIMITS = {
	exports: { max: 20, windowSeconds: 60 },
	suggestions: { max: 120, windowSeconds: 60 },
	payments: { max: 1500, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimit {
	max: number;
	windowSeconds: number;
}

export type RateLimitName = keyof typeof RATE_LIMITS;

export const RATE_LIMITED_CODE = "rest_too_many_requests";
