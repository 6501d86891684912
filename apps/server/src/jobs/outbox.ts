/**
 * E-mail goes through an outbox table: written in the same transaction as the work that
 * sends it, delivered by the job runner over SMTP when SMTP_URL is set, and otherwise kept in
 * the outbox (readable by the operator) and marked sent.
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

/** Without SMTP the outbox row itself is the delivered mail. */
export const outboxOnlyTransport: Transport = async () => {};

export async function deliverPendingMail(
	db: Db,
	transport: Transport,
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
		try {
			await transport({ to: mail.to_address, subject: mail.subject, text: mail.body_text });
			await db.kysely
				.updateTable("email_outbox")
				.set({ status: "sent", sent_at: now, attempts: mail.attempts + 1 })
				.where("account_id", "=", mail.account_id)
				.where("id", "=", mail.id)
				.where("status", "=", "pending")
				.execute();
		} catch (error) {
			const attempts = mail.attempts + 1;
			await db.kysely
				.updateTable("email_outbox")
				.set({
					attempts,
					last_error: String(error).slice(0, 500),
					status: attempts >= 5 ? "error" : "pending",
				})
				.where("account_id", "=", mail.account_id)
				.where("id", "=", mail.id)
				.execute();
		}
	}
	return pending.length;
}
