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

/** Rows per INSERT when marking many read (four parameters each). */
const READS_PER_STATEMENT = 500;

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

/** Marks notifications read for the user (those already read keep their first time). */
export async function markRead(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	ids: readonly string[],
	now: number,
): Promise<void> {
	for (let start = 0; start < ids.length; start += READS_PER_STATEMENT) {
		const chunk = ids.slice(start, start + READS_PER_STATEMENT);
		await db
			.insertInto("notification_reads")
			.values(
				chunk.map((id) => ({ account_id: accountId, notification_id: id, user_id: userId, read_at: now })),
			)
			.onConflict((conflict) => conflict.columns(["account_id", "user_id", "notification_id"]).doNothing())
			.execute();
	}
}

export async function unreadIds(db: Kysely<Database>, accountId: string, userId: number): Promise<string[]> {
	const rows = await visibleTo(db, accountId, userId)
		.select("notifications.id")
		.where("notification_reads.read_at", "is", null)
		.execute();
	return rows.map((row) => row.id);
}
