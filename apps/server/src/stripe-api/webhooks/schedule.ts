/**
 * When a failed delivery is tried again, on the ACCOUNT's clock (a sandbox account's test clock
 * moves retries as it moves everything else). A delivery is tried at once; after a failure, again
 * 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 8 h, 16 h and 24 h after each failed try (55 h 36 min
 * after the first try at the earliest), then a last time 3 days after the event; an attempt that
 * still fails then leaves the delivery failed. The README's "Webhooks" paragraph lists the same
 * times.
 */

/** Seconds to wait after the n-th failed try (index n - 1). */
export const RETRY_DELAYS_SECONDS = [
	60,
	5 * 60,
	30 * 60,
	3600,
	2 * 3600,
	4 * 3600,
	8 * 3600,
	16 * 3600,
	24 * 3600,
] as const;

/** Deliveries are retried for this long after their event, and an endpoint failing this long is disabled. */
export const RETRY_WINDOW_SECONDS = 3 * 86_400;

/** A delivery, its attempts and the events are kept this long (account time). */
export const WEBHOOK_RETENTION_SECONDS = 30 * 86_400;

/** How long one attempt may take: a 2xx later than this is a failure. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * The next automatic try after the `failures`-th failure of a delivery made at `created`, failed
 * at `now`; null when the delivery has had its last try.
 */
export function nextAttemptAt(created: number, failures: number, now: number): number | null {
	const last = created + RETRY_WINDOW_SECONDS;
	if (now >= last) return null;
	const delay = RETRY_DELAYS_SECONDS[failures - 1];
	if (delay === undefined) return last;
	return Math.min(now + delay, last);
}
