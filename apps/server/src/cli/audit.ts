/**
 * npm run audit -- verify [--account acct_…]
 *
 * Checks the audit chain of every account (or the one named) from its first kept row, and names
 * the first broken row of each broken chain. Exits 1 when any chain is broken.
 */
import { auditedAccounts, verifyAuditChain } from "../audit/verify.ts";
import { openMigratedDb } from "../bootstrap.ts";
import { readEnv } from "../env.ts";
import { fail, parseArgs } from "./args.ts";

const USAGE = "Usage:\n  npm run audit -- verify [--account acct_…]";

const { positional, flags } = parseArgs(process.argv.slice(2));
if (positional[0] !== "verify") fail(USAGE);
if (flags.account !== undefined && !/^acct_\w+$/.test(flags.account)) {
	fail("--account must be an account id (acct_…).");
}

const db = await openMigratedDb(readEnv(process.env));
let broken = 0;
try {
	const accounts = flags.account ? [flags.account] : await auditedAccounts(db.kysely);
	for (const accountId of accounts) {
		const report = await verifyAuditChain(db.kysely, accountId);
		if (report.broken) {
			broken++;
			process.stdout.write(
				`${accountId}: broken at row ${report.broken.seq}: ${report.broken.reason} (${report.rows} rows intact before it)\n`,
			);
		} else {
			process.stdout.write(`${accountId}: ${report.rows} rows, chain intact\n`);
		}
	}
	if (accounts.length === 0) process.stdout.write("No audit log yet.\n");
} finally {
	await db.close();
}
process.exit(broken > 0 ? 1 : 0);
