/**
 * Inbox notes (spec 1 §3 Inbox note, §4.6, §7), at WooCommerce's wc-analytics paths: the list,
 * one note's update, removal (dismissal), the batch update used by "dismiss all" and Undo, and
 * triggering a note's action.
 *
 * Choices where the spec is silent (WooCommerce's own answers where it has one):
 * - The list answers an array of notes with the total in the X-WP-Total header; dismissed notes
 *   (is_deleted) are left out; status and type take comma-separated values; per_page defaults
 *   to 25; orderby is date (date_created) or title.
 * - date_created is the store's local time, date_created_gmt UTC, both 'YYYY-MM-DDTHH:mm:ss'.
 * - Removing a note marks it is_deleted (it can come back with an update); is_deleted is
 *   accepted as 0/1 or a boolean, answered as a boolean.
 * - Triggering an action marks the note actioned and answers the note; the admin then follows
 *   the action's url.
 */
import { z } from "zod";
import { queryInt } from "./common.ts";
import { defineRoute } from "./route.ts";

export const INBOX_ERRORS = {
	noteNotFound: "woocommerce_note_invalid_id",
	actionNotFound: "woocommerce_note_action_invalid_id",
} as const;

export const NOTE_STATUSES = ["unactioned", "actioned", "snoozed", "sent"] as const;
export const NOTE_TYPES = ["error", "warning", "update", "info", "marketing", "survey", "email"] as const;
/** The source of the product's own notes (the overview's inbox shows only these). */
export const PAYMENTS_NOTE_SOURCE = "woocommerce-payments";
export const INBOX_DEFAULT_PAGE_SIZE = 25;

export const noteAction = z.object({
	id: z.number().int(),
	name: z.string(),
	label: z.string(),
	url: z.string(),
	primary: z.boolean(),
});

export const inboxNote = z.object({
	id: z.number().int(),
	name: z.string(),
	title: z.string(),
	content: z.string(),
	type: z.string(),
	status: z.string(),
	actions: z.array(noteAction),
	date_created: z.string(),
	date_created_gmt: z.string(),
	layout: z.string(),
	image: z.string(),
	is_deleted: z.boolean(),
	is_read: z.boolean(),
	source: z.string(),
});
export type InboxNote = z.infer<typeof inboxNote>;

const commaList = <const V extends readonly [string, ...string[]]>(values: V) =>
	z
		.string()
		.transform((value) => value.split(",").filter(Boolean))
		.pipe(z.array(z.enum(values)));

const deletedFlag = z
	.union([z.boolean(), z.literal(0), z.literal(1)])
	.transform((value) => value === true || value === 1);

const noteFields = z.object({
	is_deleted: deletedFlag.optional(),
	is_read: z.boolean().optional(),
	status: z.enum(NOTE_STATUSES).optional(),
});

const NOTES = "/wp-json/wc-analytics/admin/notes";
const noteId = z.object({ id: z.coerce.number().int().min(1) });

export const listNotes = defineRoute({
	method: "GET",
	path: NOTES,
	summary: "Inbox notes, newest first (total in X-WP-Total)",
	tag: "inbox",
	query: z.object({
		page: queryInt(1, 100_000).default(1),
		per_page: queryInt(1, 100).default(INBOX_DEFAULT_PAGE_SIZE),
		status: commaList(NOTE_STATUSES).optional(),
		type: commaList(NOTE_TYPES).optional(),
		source: z.string().max(100).optional(),
		orderby: z.enum(["date", "title"]).default("date"),
		order: z.enum(["asc", "desc"]).default("desc"),
	}),
	response: z.array(inboxNote),
});

export const updateNote = defineRoute({
	method: "PUT",
	path: `${NOTES}/{id}`,
	summary: "Update one note (Undo of a dismissal sets is_deleted back to 0)",
	tag: "inbox",
	params: noteId,
	body: noteFields,
	response: inboxNote,
	errors: [INBOX_ERRORS.noteNotFound],
});

export const removeNote = defineRoute({
	method: "DELETE",
	path: `${NOTES}/delete/{id}`,
	summary: "Dismiss one note (is_deleted becomes 1)",
	tag: "inbox",
	params: noteId,
	response: inboxNote,
	errors: [INBOX_ERRORS.noteNotFound],
});

export const batchUpdateNotes = defineRoute({
	method: "PUT",
	path: `${NOTES}/update`,
	summary: "Update several notes at once (dismiss all, and its Undo)",
	tag: "inbox",
	body: noteFields.extend({ noteIds: z.array(z.number().int().min(1)).min(1).max(100) }),
	response: z.array(inboxNote),
});

export const triggerNoteAction = defineRoute({
	method: "POST",
	path: `${NOTES}/{id}/action/{action_id}`,
	summary: "Trigger a note's action: the note becomes actioned",
	tag: "inbox",
	params: z.object({ id: z.coerce.number().int().min(1), action_id: z.coerce.number().int().min(1) }),
	response: inboxNote,
	errors: [INBOX_ERRORS.noteNotFound, INBOX_ERRORS.actionNotFound],
});
