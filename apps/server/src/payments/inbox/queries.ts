/**
 * Inbox notes (spec 1 §4.6): newest first through inbox_notes_date (account_id, date_created
 * desc); dismissing marks is_deleted and Undo clears it, so nothing is lost until the merchant
 * means it; triggering an action marks the note actioned.
 */
import { type InboxNote, type listNotes, noteAction } from "@paydesk/contract/inbox";
import type { QueryOf } from "@paydesk/contract/route";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { parseJsonColumn } from "../../db/json.ts";
import type { Database, InboxNotesTable } from "../../db/schema.ts";

const storedActions = z.array(noteAction).describe("inbox_notes.actions");

const localTime = (seconds: number, zone: string) => formatInTimeZone(seconds, zone).replace(" ", "T");

export function toNote(row: InboxNotesTable, storeTimeZone: string): InboxNote {
	return {
		id: Number(row.id),
		name: row.name,
		title: row.title,
		content: row.content,
		type: row.type,
		status: row.status,
		actions: parseJsonColumn(storedActions, row.actions, []),
		date_created: localTime(Number(row.date_created), storeTimeZone),
		date_created_gmt: localTime(Number(row.date_created), "UTC"),
		layout: row.layout,
		image: row.image,
		is_deleted: row.is_deleted === 1,
		is_read: row.is_read === 1,
		source: row.source,
	};
}

export type NotesQuery = QueryOf<typeof listNotes>;

/** One page of the notes that are not dismissed, and how many there are. */
export async function listInboxNotes(
	db: Kysely<Database>,
	accountId: string,
	query: NotesQuery,
): Promise<{ rows: InboxNotesTable[]; total: number }> {
	let base = db.selectFrom("inbox_notes").where("account_id", "=", accountId).where("is_deleted", "=", 0);
	if (query.status?.length) base = base.where("status", "in", query.status);
	if (query.type?.length) base = base.where("type", "in", query.type);
	if (query.source) base = base.where("source", "=", query.source);
	const column = query.orderby === "title" ? "title" : "date_created";
	const [rows, count] = await Promise.all([
		base
			.selectAll()
			.orderBy(column, query.order)
			.orderBy("id", query.order)
			.limit(query.per_page)
			.offset((query.page - 1) * query.per_page)
			.execute(),
		base.select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(count.count) };
}

export interface NoteChanges {
	is_deleted?: boolean | undefined;
	is_read?: boolean | undefined;
	status?: string | undefined;
}

/** Applies changes to some notes of the account; answers the notes found, in the order asked. */
export async function updateInboxNotes(
	db: Kysely<Database>,
	accountId: string,
	ids: readonly number[],
	changes: NoteChanges,
): Promise<InboxNotesTable[]> {
	const set: Partial<Pick<InboxNotesTable, "is_deleted" | "is_read" | "status">> = {};
	if (changes.is_deleted !== undefined) set.is_deleted = changes.is_deleted ? 1 : 0;
	if (changes.is_read !== undefined) set.is_read = changes.is_read ? 1 : 0;
	if (changes.status !== undefined) set.status = changes.status;
	return db.transaction().execute(async (trx) => {
		if (Object.keys(set).length > 0) {
			await trx
				.updateTable("inbox_notes")
				.set(set)
				.where("account_id", "=", accountId)
				.where("id", "in", [...ids])
				.execute();
		}
		const rows = await trx
			.selectFrom("inbox_notes")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("id", "in", [...ids])
			.execute();
		const byId = new Map(rows.map((row) => [Number(row.id), row]));
		return ids.map((id) => byId.get(id)).filter((row): row is InboxNotesTable => row !== undefined);
	});
}

export async function findInboxNote(
	db: Kysely<Database>,
	accountId: string,
	id: number,
): Promise<InboxNotesTable | undefined> {
	return db
		.selectFrom("inbox_notes")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}
