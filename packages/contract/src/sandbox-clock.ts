/**
 * The sandbox account's test clock (DESIGN §3 "Intake and time"): GET answers the
 * account's current time; POST { advance } moves it forward (never back) and runs, in order,
 * everything that became due — settlement, payouts, expiries, disputes — before answering.
 * Real-time accounts (the demo store, live accounts) answer 409 wcpay_test_clock_unavailable.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const SANDBOX_CLOCK_ERRORS = {
	unavailable: "wcpay_test_clock_unavailable",
	/** The clock moved, but another process held the account's timed work past the wait (503). */
	busy: "wcpay_test_clock_busy",
} as const;

/** At most a year per call. */
export const MAX_CLOCK_ADVANCE_SECONDS = 366 * 86_400;

export const sandboxClock = z.object({
	/** The account's time, epoch seconds. */
	now: z.number().int(),
	/** The same instant in ISO 8601 (UTC). */
	iso: z.string(),
	/** How far the test clock is ahead of real time, in seconds. */
	offset_seconds: z.number().int(),
	/** The processor's timed work has run through this time. */
	processed_through: z.number().int(),
	/** Steps the processor ran to catch up (POST only). */
	steps: z.number().int().optional(),
});
export type SandboxClock = z.infer<typeof sandboxClock>;

const CLOCK = `${REST_BASE}/sandbox/clock`;

export const getSandboxClock = defineRoute({
	method: "GET",
	path: CLOCK,
	summary: "The sandbox account's current time (its test clock)",
	tag: "sandbox",
	response: sandboxClock,
	errors: [SANDBOX_CLOCK_ERRORS.unavailable],
});

export const advanceSandboxClock = defineRoute({
	method: "POST",
	path: CLOCK,
	summary: "Move the sandbox account's test clock forward and run what became due",
	tag: "sandbox",
	body: z.object({
		advance: z
			.number({ error: "must be a whole number of seconds" })
			.int({ error: "must be a whole number of seconds" })
			.positive({ error: "must be greater than 0: the clock only moves forward" })
			.max(MAX_CLOCK_ADVANCE_SECONDS, {
				error: `must be at most ${MAX_CLOCK_ADVANCE_SECONDS} seconds (a year)`,
			}),
	}),
	response: sandboxClock,
	errors: [SANDBOX_CLOCK_ERRORS.unavailable, SANDBOX_CLOCK_ERRORS.busy],
});
