/**
 * E-mail goes through an outbox table: written in the same transaction as the work that
 * sends it, then handled by the job runner. Its status says what happened, honestly:
 * - `pending`: not handled yet;
 * - `sent`: delivered to the SMTP server of SMTP_URL;
 * - `stored`: no SMTP server is configured, so the mail was only kept here (`npm run mail`
 *   shows it); nothing left the machine;
 * - `error`: the SMTP server refused it MAX_ATTEMPTS times (last_error says why).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Db } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";

export interface Mail {
	accountId: string;
	to: string;
	subject: string;
	text: string;
}

export async function queueMail(db: Kysely<Database>, mail: Mail, now: number): Promise<void> {
	await db
		.insertInto("email_outbox")
		.values({
			account_id: mail.accountId,
			id: randomUUID(),
			to_address: mail.to,
			subject: mail.subject,
			body_text: mail.text,
			status: "pending",
			attempts: 0,
			last_error: null,
			created: now,
			sent_at: null,
		})
		.execute();
}

export type Transport = (mail: { to: string; subject: string; text: string }) => Promise<void>;

export function smtpTransport(url: string, from = "Paydesk <no-reply@localhost>"): Transport {
	const transporter = nodemailer.createTransport(url);
	return async (mail) => {
		await transporter.sendMail({ from, ...mail });
	};
}

export const MAIL_STATUSES = ["pending", "sent", "stored", "error"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAX_ATTEMPTS = 5;

/**
 * Handles up to `limit` pending mails: sends each through `transport`, or, with no transport
 * (no SMTP configured), marks it stored. Answers how many were handled.
 */
export async function deliverPendingMail(
	db: Db,
	transport: Transport | null,
	now: number,
	limit = 20,
): Promise<number> {
	const pending = await db.kysely
		.selectFrom("email_outbox")
		.selectAll()
		.where("status", "=", "pending")
		.orderBy("created")
		.limit(limit)
		.execute();
	for (const mail of pending) {
		const row = db.kysely
			.updateTable("email_outbox")
			.where("account_id", "=", mail.account_id)
			.where("id", "=", mail.id)
			.where("status", "=", "pending");
		if (!transport) {
			await row.set({ status: "stored" satisfies MailStatus }).execute();
			continue;
		}
		try {
			await transport({ to: mail.to_address, subject: mail.subject, text: mail.body_text });
			await row
				.set({ status: "sent" satisfies MailStatus, sent_at: now, attempts: mail.attempts + 1 })
				.execute();
		} catch (error) {
			const attempts = mail.attempts + 1;
			await row
				.set({
					attempts,
					last_error: String(error).slice(0, 500),
					status: (attempts >= MAX_ATTEMPTS ? "error" : "pending") satisfies MailStatus,
				})
				.execute();
		}
	}
	return pending.length;
}

/** The newest mails of the outbox, for `npm run mail`. */
export async function recentMail(db: Kysely<Database>, limit: number) {
	return db
		.selectFrom("email_outbox")
		.select([
			"account_id",
			"to_address",
			"subject",
			"body_text",
			"status",
			"attempts",
			"last_error",
			"created",
			"sent_at",
		])
		.orderBy("created", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.execute();
}
