/**
 * npm run simulate -- --payments 500 --over 10m [--seed N] [--url http://localhost:8080]
 *                     [--user admin] [--password "xxxx xxxx …"] [--concurrency K] [--key-prefix P]
 * Sends a realistic mix of test payments to a running Paydesk through POST /payment_intents
 * (apps/server/src/simulator/), spread evenly over --over (30s, 10m, 2h; 0 = as fast as
 * possible), then prints the outcomes. Exits 1 when any payment ended in an error. Each payment's
 * Idempotency-Key is the run's key prefix and its number: a run cut short is run again with the
 * same --seed and --key-prefix (both printed at the start), and the payments already made are
 * answered again, not made twice.
 */
import { parseDurationMs } from "@paydesk/domain/durations";
import { NetworkFailure } from "../simulator/client.ts";
import { createProgressBar } from "../simulator/progress.ts";
import { newKeyPrefix, runSimulation } from "../simulator/run.ts";
import { APP_PASSWORD_HINT, SimulatorSetupError } from "../simulator/store-profile.ts";
import { formatSummary } from "../simulator/summary.ts";
import { fail, parseArgs } from "./args.ts";

const USAGE = `Usage: npm run simulate -- --payments N [--over 10m] [--seed N] [--url URL] [--user LOGIN]
                    [--password "APPLICATION PASSWORD"] [--concurrency K] [--key-prefix P]`;

const { flags } = parseArgs(process.argv.slice(2));
if (flags.help) fail(USAGE);
const payments = Number(flags.payments ?? 100);
const overMs = parseDurationMs(flags.over ?? "0");
const seed = Number(flags.seed ?? Date.now() % 1_000_000);
const concurrency = Number(flags.concurrency ?? 8);
const url = flags.url ?? "http://localhost:8080";
const user = flags.user ?? "admin";
const password = flags.password ?? process.env.PAYDESK_PASSWORD;
const keyPrefix = flags["key-prefix"] ?? newKeyPrefix(seed);

if (!Number.isInteger(payments) || payments < 1)
	fail(`--payments must be a whole number of at least 1\n${USAGE}`);
if (overMs === null) fail("--over must be a duration such as 30s, 10m, 2h or 0 (as fast as possible)");
if (!Number.isInteger(seed)) fail("--seed must be a whole number");
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
	fail("--concurrency must be a whole number from 1 to 256");
if (!/^https?:\/\/[^/]+/.test(url)) fail("--url must be the server's address, e.g. http://localhost:8080");
if (!/^[\x21-\x7e]{1,200}$/.test(keyPrefix))
	fail("--key-prefix must be 1 to 200 printable characters without spaces, e.g. sim-1-retry");
if (!password) fail(`No application password for "${user}".\n${APP_PASSWORD_HINT}`);

process.stderr.write(
	`Simulating ${payments} payments${overMs > 0 ? ` over ${flags.over}` : ""} against ${url} as ${user} (seed ${seed}, ${concurrency} in flight)\n` +
		`Idempotency-Keys ${keyPrefix}-0, -1 …: to retry a run cut short without paying twice, add --seed ${seed} --key-prefix ${keyPrefix}\n`,
);
const progress = createProgressBar(payments, process.stderr);
try {
	const result = await runSimulation({
		url,
		user,
		password,
		payments,
		overMs,
		concurrency,
		seed,
		keyPrefix,
		onProgress: (state) => progress.update(state),
	});
	progress.finish({ done: result.total, errors: result.errors, elapsedMs: result.elapsedMs });
	process.stdout.write(`${formatSummary(result)}\n`);
	process.exitCode = result.errors > 0 ? 1 : 0;
} catch (error) {
	if (error instanceof SimulatorSetupError) fail(error.message);
	if (error instanceof NetworkFailure)
		fail(`Cannot reach ${url} (${error.message}). Is the server running (npm start)?`);
	throw error;
}
