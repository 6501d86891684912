/**
 * Writes a notification for the admin's bell (payments/notifications), in the caller's
 * transaction: for one user (an export they asked for) or for every user of the account. One
 * notification per object and kind: writing it again (a retried step, a replayed job) changes
 * nothing. The kinds nothing else e-mails also go to the store's first administrator as an
 * e-mail, which leaves the machine when SMTP is configured (jobs/outbox.ts).
 */
import type { NotificationType } from "@paydesk/contract/events";
import { type Kysely, sql } from "kysely";
import { newOrderedId } from "../db/ids.ts";
import type { Database } from "../db/schema.ts";
import { readerOf } from "../i18n/reader-language.ts";
import { firstAdministrator } from "../jobs/dispute-mail.ts";
import { queueMail } from "../jobs/outbox.ts";
import { type NotificationFacts, notificationTitle } from "./texts.ts";

export interface NewNotification {
	accountId: string;
	/** The one user it is for; null: every user of the account. */
	userId: number | null;
	type: NotificationType;
	objectId: string;
	created: number;
	facts: NotificationFacts;
}

/** Kinds whose e-mail goes out from here (exports and new disputes have e-mails of their own). */
const MAILED: ReadonlySet<NotificationType> = new Set([
	"dispute_evidence_due",
	"payout_failed",
	"payment_review",
	"webhook_endpoint_disabled",
]);

/** How long the bell keeps a notification, read or not; the job runner removes older ones. */
export const NOTIFICATION_RETENTION_SECONDS = 90 * 86_400;

/** Writes the notification; answers false when it existed already. */
export async function notify(trx: Kysely<Database>, notification: NewNotification): Promise<boolean> {
	const inserted = await trx
		.insertInto("notifications")
		.values({
			account_id: notification.accountId,
			// Two written in one second list newest first (the bell orders by created, then id).
			id: newOrderedId("ntf"),
			user_id: notification.userId,
			type: notification.type,
			object_id: notification.objectId,
			created: notification.created,
			data: JSON.stringify(notification.facts),
		})
		.onConflict((conflict) => conflict.columns(["account_id", "type", "object_id"]).doNothing())
		.executeTakeFirst();
	const written = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
	if (written && MAILED.has(notification.type)) await mailCopy(trx, notification);
	return written;
}

async function mailCopy(trx: Kysely<Database>, notification: NewNotification): Promise<void> {
	const recipient = await firstAdministrator(trx, notification.accountId);
	if (!recipient) return;
	const reader = await readerOf(trx, notification.accountId, recipient.id);
	const title = notificationTitle(reader, notification.type, notification.facts);
	await queueMail(
		trx,
		{
			accountId: notification.accountId,
			to: recipient.email,
			subject: title,
			text: [title, "", reader.t.__("Open Payments in your store's admin to see it.", "paydesk")].join("\n"),
		},
		notification.created,
	);
}

/** Removes the notifications written before `before` (epoch seconds) with who read them; answers how many. */
export async function purgeNotifications(db: Kysely<Database>, before: number): Promise<number> {
	return db.transaction().execute(async (trx) => {
		await sql`
			delete from notification_reads
			where (account_id, notification_id) in (
				select account_id, id from notifications where created < ${before}
			)`.execute(trx);
		const removed = await trx.deleteFrom("notifications").where("created", "<", before).executeTakeFirst();
		return Number(removed.numDeletedRows);
	});
}
