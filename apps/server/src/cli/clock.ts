/**
 * npm run clock -- [show | advance 7d] [--url http://localhost:8080] [--user admin]
 *                  [--password "APPLICATION PASSWORD"]
 * Reads or moves a sandbox account's test clock through GET/POST /sandbox/clock; an advance
 * answers once the processor has run everything that became due (payouts, expiries, disputes).
 */
import { randomUUID } from "node:crypto";
import { parseDurationSeconds } from "@paydesk/domain/durations";
import { createApiClient, NetworkFailure } from "../simulator/client.ts";
import { APP_PASSWORD_HINT } from "../simulator/store-profile.ts";
import { fail, parseArgs } from "./args.ts";

const USAGE = `Usage: npm run clock -- show
       npm run clock -- advance DURATION     (90s, 30m, 2h, 7d, 1w)
Options: --url URL (default http://localhost:8080) --user LOGIN (default admin)
         --password "APPLICATION PASSWORD" (or PAYDESK_PASSWORD)`;

const { positional, flags } = parseArgs(process.argv.slice(2));
const [command = "show", amount] = positional;
if (flags.help || !["show", "advance"].includes(command)) fail(USAGE);
const url = flags.url ?? "http://localhost:8080";
const user = flags.user ?? "admin";
const password = flags.password ?? process.env.PAYDESK_PASSWORD;
if (!password) fail(`No application password for "${user}".\n${APP_PASSWORD_HINT}`);

let seconds: number | null = null;
if (command === "advance") {
	seconds = amount === undefined ? null : parseDurationSeconds(amount);
	if (seconds === null || seconds <= 0) fail(`advance needs a duration such as 1h, 1d or 7d.\n${USAGE}`);
}

const client = createApiClient({ url, user, password });
const path = "/wp-json/wc/v3/payments/sandbox/clock";
try {
	const started = Date.now();
	const answer =
		seconds === null ? await client.get(path) : await client.post(path, { advance: seconds }, randomUUID());
	const body = answer.body as { now?: number; iso?: string; steps?: number; message?: string };
	if (answer.status !== 200) fail(`The server refused (${answer.status}): ${body.message ?? "no message"}`);
	const ran =
		body.steps === undefined
			? ""
			: ` (${body.steps} processor steps in ${((Date.now() - started) / 1000).toFixed(1)} s)`;
	process.stdout.write(`The account's time is ${body.iso}${ran}\n`);
} catch (error) {
	if (error instanceof NetworkFailure)
		fail(`Cannot reach ${url} (${error.message}). Is the server running (npm start)?`);
	throw error;
}
