/**
 * npm run seed -- --transactions N --seed S [--now DATE] [--state STATE]
 * STATE is one of ACCOUNT_STATES (seed/account-states.ts): connected (default), unconnected,
 * po-no-payment, po-first-payment … restricted, under-review, rejected, sandbox, safe-mode.
 * Replaces the store's payments data with a deterministic demo store (users are kept).
 */
import { openMigratedDb } from "../bootstrap.ts";
import { readEnv } from "../env.ts";
import { ACCOUNT_STATES, isAccountState } from "../seed/account-states.ts";
import { seedFromScratch } from "../seed/from-scratch.ts";
import { fail, parseArgs } from "./args.ts";

const { flags } = parseArgs(process.argv.slice(2));
const env = readEnv(process.env);
const transactions = Number(flags.transactions ?? env.SEED_TRANSACTIONS);
const seed = Number(flags.seed ?? env.SEED);
const now = flags.now ? new Date(flags.now) : new Date();
const state = flags.state ?? "connected";
if (!Number.isInteger(transactions) || transactions < 0) fail("--transactions must be a whole number");
if (!Number.isInteger(seed)) fail("--seed must be a whole number");
if (Number.isNaN(now.getTime())) fail("--now must be a date, e.g. 2026-11-01");
if (!isAccountState(state)) fail(`--state must be one of ${ACCOUNT_STATES.join(", ")}`);

const db = await openMigratedDb(env);
try {
	let last = 0;
	// Clears the store first, and marks it unfinished until the last row is in.
	const summary = await seedFromScratch(db, {
		accountId: env.ACCOUNT_ID,
		transactions,
		seed,
		now,
		state,
		onProgress: (done: number, asked: number) => {
			// A small store's fixed cast (its disputes, payouts and their transactions) can outnumber the
			// transactions asked for: the count then stands for the whole.
			const total = Math.max(asked, done, 1);
			const percent = Math.floor((done / total) * 100);
			if (percent >= last + 10 || (done === total && last < 100)) {
				last = percent;
				process.stdout.write(
					`  ${percent}% (${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")})\n`,
				);
			}
		},
	});
	process.stdout.write(
		`Seeded ${summary.accountId}: ${summary.transactions} transactions, ${summary.charges} charges, ${summary.payouts} payouts, ${summary.disputes} disputes in ${(summary.ms / 1000).toFixed(1)} s\n`,
	);
} finally {
	await db.close();
}
