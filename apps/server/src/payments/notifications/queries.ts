/**
 * The notifications a user sees: theirs and the account's, newest first, each read or not for
 * them, in their language (notifications/texts.ts).
 */
import type { Notification, NotificationType } from "@paydesk/contract/events";
import type { Kysely } from "kysely";
import { parseJsonColumn } from "../../db/json.ts";
import type { Database, NotificationsTable } from "../../db/schema.ts";
import type { Reader } from "../../i18n/reader-language.ts";
import { notificationFacts, notificationLink, notificationTitle } from "../../notifications/texts.ts";

type Row = NotificationsTable & { read_at: number | null };

const storedFacts = notificationFacts.describe("notifications.data");

function visibleTo(db: Kysely<Database>, accountId: string, userId: number) {
	return db
		.selectFrom("notifications")
		.leftJoin("notification_reads", (join) =>
			join
				.onRef("notification_reads.account_id", "=", "notifications.account_id")
				.onRef("notification_reads.notification_id", "=", "notifications.id")
				.on("notification_reads.user_id", "=", userId),
		)
		.where("notifications.account_id", "=", accountId)
		.where((eb) =>
			eb.or([eb("notifications.user_id", "is", null), eb("notifications.user_id", "=", userId)]),
		);
}

export function notificationOf(reader: Reader, row: Row): Notification {
	const type = row.type as NotificationType;
	const facts = parseJsonColumn(storedFacts, row.data, {});
	return {
		id: row.id,
		type,
		created: Number(row.created),
		read: row.read_at !== null,
		title: notificationTitle(reader, type, facts),
		link: notificationLink(reader.t, type, row.object_id, facts),
	};
}

export async function listNotificationRows(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	options: { limit: number; unreadOnly: boolean },
): Promise<{ rows: Row[]; unread: number }> {
	let rows = visibleTo(db, accountId, userId)
		.selectAll("notifications")
		.select("notification_reads.read_at")
		.orderBy("notifications.created", "desc")
		.orderBy("notifications.id", "desc")
		.limit(options.limit);
	if (options.unreadOnly) rows = rows.where("notification_reads.read_at", "is", null);
	const [list, unread] = await Promise.all([
		rows.execute(),
		visibleTo(db, accountId, userId)
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.where("notification_reads.read_at", "is", null)
			.executeTakeFirst(),
	]);
	return { rows: list as Row[], unread: Number(unread?.count ?? 0) };
}

export async function findNotificationRow(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	id: string,
): Promise<Row | undefined> {
	const row = await visibleTo(db, accountId, userId)
		.selectAll("notifications")
		.select("notification_reads.read_at")
		.where("notifications.id", "=", id)
		.executeTakeFirst();
	return row as Row | undefined;
}

/**
 * Marks the user's unread notifications read, or only the one `only` names, in one statement
 * (those already read keep their first time).
 */
export async function markRead(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	now: number,
	only?: string,
): Promise<void> {
	let unread = visibleTo(db, accountId, userId)
		.select((eb) => [
			"notifications.account_id",
			"notifications.id",
			eb.val(userId).as("user_id"),
			eb.val(now).as("read_at"),
		])
		.where("notification_reads.read_at", "is", null);
	if (only !== undefined) unread = unread.where("notifications.id", "=", only);
	await db
		.insertInto("notification_reads")
		.columns(["account_id", "notification_id", "user_id", "read_at"])
		.expression(unread)
		.onConflict((conflict) => conflict.columns(["account_id", "user_id", "notification_id"]).doNothing())
		.execute();
}
