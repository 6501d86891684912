/**
 * npm run keys -- create NAME [--account acct_…]    (prints the new secret key as its last line)
 * npm run keys -- list [--account acct_…]
 * npm run keys -- roll NAME [--expire-in 1h] [--account acct_…]
 *
 * Keys for Stripe's API (`/v1`). The account is ACCOUNT_ID's unless --account names another.
 */
import { openMigratedDb } from "../bootstrap.ts";
import { systemClock } from "../clock.ts";
import { readEnv } from "../env.ts";
import { createApiKeys, listApiKeys, maskedKey, rollApiKeys } from "../stripe-api/keys.ts";
import { fail, parseArgs } from "./args.ts";

const USAGE = `Usage:
  npm run keys -- create NAME [--account acct_…]
  npm run keys -- list [--account acct_…]
  npm run keys -- roll NAME [--expire-in 1h] [--account acct_…]`;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "90s", "15m", "1h", "7d" → seconds. */
function durationSeconds(text: string): number | null {
	const match = /^(\d{1,6})([smhd])$/.exec(text);
	return match ? Number(match[1]) * (UNITS[match[2] as string] as number) : null;
}

const { positional, flags } = parseArgs(process.argv.slice(2));
const [command, name] = positional;
const env = readEnv(process.env);
const accountId = flags.account ?? env.ACCOUNT_ID;
if (!/^acct_\w+$/.test(accountId)) fail("--account must be an account id (acct_…).");
if ((command === "create" || command === "roll") && (!name || !/^[\w .-]{1,60}$/.test(name))) {
	fail(`${USAGE}\nNAME: 1 to 60 letters, digits, spaces, dots, dashes or underscores.`);
}

const db = await openMigratedDb(env);
try {
	const now = systemClock.seconds();
	const account = await db.kysely
		.selectFrom("accounts")
		.select("id")
		.where("id", "=", accountId)
		.executeTakeFirst();
	if (!account) fail(`No account ${accountId} in this database (npm run seed makes the demo store's).`);
	if (command === "create") {
		const existing = await listApiKeys(db.kysely, accountId);
		if (existing.some((key) => key.name === name && (key.expires_at === null || key.expires_at > now))) {
			fail(`A key named "${name}" exists: roll it (npm run keys -- roll "${name}") or choose another name.`);
		}
		const keys = await createApiKeys(db.kysely, accountId, name as string, now);
		process.stdout.write(
			`Keys "${name}" for ${accountId}. The secret key is shown once; keep it safe.\nPublishable key: ${keys.publishable}\nSecret key:\n${keys.secret}\n`,
		);
	} else if (command === "roll") {
		const expireIn = flags["expire-in"] === undefined ? 0 : durationSeconds(flags["expire-in"]);
		if (expireIn === null) fail("--expire-in takes a duration such as 90s, 15m, 1h or 7d.");
		const keys = await rollApiKeys(db.kysely, accountId, name as string, now, expireIn);
		if (!keys) fail(`No current key named "${name}" on ${accountId}.`);
		const until = expireIn === 0 ? "now" : new Date((now + expireIn) * 1000).toISOString();
		process.stdout.write(
			`Rolled "${name}": the old keys stop working ${expireIn === 0 ? "now" : `at ${until}`}.\n${keys.publishable ? `Publishable key: ${keys.publishable}\n` : ""}Secret key:\n${keys.secret}\n`,
		);
	} else if (command === "list") {
		const keys = await listApiKeys(db.kysely, accountId);
		if (keys.length === 0) process.stdout.write(`No keys on ${accountId}: npm run keys -- create NAME\n`);
		for (const key of keys) {
			const state =
				key.expires_at === null
					? "current"
					: key.expires_at > now
						? `expires ${new Date(key.expires_at * 1000).toISOString()}`
						: "expired";
			const used =
				key.last_used === null ? "never used" : `last used ${new Date(key.last_used * 1000).toISOString()}`;
			process.stdout.write(`${key.name}\t${key.kind}\t${maskedKey(key)}\t${used}\t${state}\n`);
		}
	} else {
		fail(USAGE);
	}
} finally {
	await db.close();
}
