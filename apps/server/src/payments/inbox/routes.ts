/** Inbox notes at WooCommerce's wc-analytics paths (spec 1 §3, §4.6, §7). */
import {
	batchUpdateNotes,
	INBOX_ERRORS,
	listNotes,
	removeNote,
	triggerNoteAction,
	updateNote,
} from "@paydesk/contract/inbox";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { loadStoreTimeZone } from "../../lists/time-zones.ts";
import { findInboxNote, listInboxNotes, type NoteChanges, toNote, updateInboxNotes } from "./queries.ts";

const noteMissing = () => notFound(INBOX_ERRORS.noteNotFound, "Sorry, there is no resource with that ID.");

export default async function inboxRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	const updateOne = async (accountId: string, id: number, changes: NoteChanges) => {
		const [row] = await updateInboxNotes(db.kysely, accountId, [id], changes);
		if (!row) throw noteMissing();
		return toNote(row, await loadStoreTimeZone(db.kysely, accountId));
	};

	contractRoute(app, listNotes, async ({ query, accountId, reply }) => {
		const [{ rows, total }, zone] = await Promise.all([
			listInboxNotes(db.kysely, accountId, query),
			loadStoreTimeZone(db.kysely, accountId),
		]);
		reply.header("X-WP-Total", String(total));
		reply.header("X-WP-TotalPages", String(Math.max(1, Math.ceil(total / query.per_page))));
		return rows.map((row) => toNote(row, zone));
	});

	contractRoute(app, updateNote, async ({ params, body, accountId }) =>
		updateOne(accountId, params.id, body),
	);

	contractRoute(app, removeNote, async ({ params, accountId }) =>
		updateOne(accountId, params.id, { is_deleted: true }),
	);

	contractRoute(app, batchUpdateNotes, async ({ body, accountId }) => {
		const { noteIds, ...changes } = body;
		const rows = await updateInboxNotes(db.kysely, accountId, noteIds, changes);
		const zone = await loadStoreTimeZone(db.kysely, accountId);
		return rows.map((row) => toNote(row, zone));
	});

	contractRoute(app, triggerNoteAction, async ({ params, accountId }) => {
		const current = await findInboxNote(db.kysely, accountId, params.id);
		if (!current) throw noteMissing();
		const note = toNote(current, "UTC");
		if (!note.actions.some((action) => action.id === params.action_id)) {
			throw notFound(INBOX_ERRORS.actionNotFound, "Sorry, there is no action with that ID.");
		}
		return updateOne(accountId, params.id, { status: "actioned", is_read: true });
	});
}
