/**
 * The journeys' one timeline. Every store they start runs its server clock from E2E_NOW
 * (the server's CLOCK_START), is built at that moment (`seed --now`), and every browser page's
 * clock is installed at the same moment, so a journey sees the same store whatever the hour,
 * day or year of the run. `E2E_NOW=2026-11-21T09:30:00Z npm test -- e2e` replays the journeys
 * at another moment.
 *
 * The runner loads this first (from playwright.config.ts): the real time it started at goes to
 * the environment, which its workers and the servers it starts inherit, so they all agree on
 * where E2E_NOW is in real time.
 */
import type { BrowserContext } from "@playwright/test";

export const E2E_NOW = process.env.E2E_NOW ?? "2026-11-20T14:00:00.000Z";
if (Number.isNaN(Date.parse(E2E_NOW))) throw new Error(`E2E_NOW must be a date and time, not ${E2E_NOW}`);
process.env.E2E_NOW = E2E_NOW;
process.env.E2E_CLOCK_STARTED_AT ??= String(Date.now());

/** The journeys' current time: E2E_NOW plus the real time since the run started. */
export function e2eNow(): Date {
	return new Date(Date.parse(E2E_NOW) + Date.now() - Number(process.env.E2E_CLOCK_STARTED_AT));
}

/** Puts a browser context on the journeys' timeline: its pages' clocks run on from e2eNow(). */
export async function onE2eTime(context: BrowserContext): Promise<BrowserContext> {
	await context.clock.install({ time: e2eNow() });
	return context;
}
