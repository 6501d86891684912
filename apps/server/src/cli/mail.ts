/**
 * npm run mail -- [--limit 10]
 * The newest e-mails of the outbox with their status: `sent` went to the SMTP server of
 * SMTP_URL; `stored` was only kept here because no SMTP server is configured.
 */
import { openMigratedDb } from "../bootstrap.ts";
import { readEnv } from "../env.ts";
import { recentMail } from "../jobs/outbox.ts";
import { fail, parseArgs } from "./args.ts";

const { flags } = parseArgs(process.argv.slice(2));
if (flags.help) fail("Usage: npm run mail -- [--limit N]   (the newest N e-mails, 10 by default)");
const limit = Number(flags.limit ?? 10);
if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
	fail("--limit must be a whole number from 1 to 1000.");

const env = readEnv(process.env);
const db = await openMigratedDb(env);
try {
	const mails = await recentMail(db.kysely, limit);
	if (mails.length === 0) process.stdout.write("The outbox is empty: no e-mail has been written yet.\n");
	if (!env.SMTP_URL)
		process.stdout.write("SMTP_URL is not set: e-mail is stored in the outbox only, never sent.\n");
	for (const mail of mails) {
		const when = new Date(mail.created * 1000).toISOString();
		const error = mail.last_error ? `\nLast error: ${mail.last_error}` : "";
		process.stdout.write(
			`\n── ${mail.status.toUpperCase()} ${when} (${mail.account_id})\nTo: ${mail.to_address}\nSubject: ${mail.subject}${error}\n\n${mail.body_text}\n`,
		);
	}
} finally {
	await db.close();
}
