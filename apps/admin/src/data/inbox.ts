/**
 * The inbox's data (spec 1 §3, §4.6, §7, §8): the unactioned notes of the product, newest
 * first; dismissing one or all after a confirmation, with Undo; triggering a note's action; the
 * last-read time saved on the user as wc_payments_overview_inbox_last_read.
 */
import {
	batchUpdateNotes,
	INBOX_DEFAULT_PAGE_SIZE,
	type InboxNote,
	listNotes,
	PAYMENTS_NOTE_SOURCE,
	removeNote,
	triggerNoteAction,
	updateNote,
} from "@paydesk/contract/inbox";
import { type CurrentUser, updateCurrentUser } from "@paydesk/contract/wp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { __ } from "@wordpress/i18n";
import { callRoute } from "../app/api.ts";
import { createNotice } from "../app/notices.tsx";
import { queryKeys } from "../app/query-keys.ts";

export const INBOX_LAST_READ_META = "wc_payments_overview_inbox_last_read";

const INBOX_QUERY = {
	page: 1,
	per_page: INBOX_DEFAULT_PAGE_SIZE,
	status: "unactioned",
	orderby: "date",
	order: "desc",
	source: PAYMENTS_NOTE_SOURCE,
} as const;

export function useInboxNotes(enabled: boolean) {
	return useQuery({
		queryKey: queryKeys.inbox.list(INBOX_QUERY),
		queryFn: ({ signal }) => callRoute(listNotes, { query: INBOX_QUERY, signal }),
		enabled,
	});
}

/**
 * What the merchant chose to dismiss: one note, or all of them. The choice, not the number of
 * notes, decides the call and the wording, so "Dismiss all messages" says 'All messages
 * dismissed' even when the inbox held a single note.
 */
export interface NotesDismissal {
	ids: readonly number[];
	all: boolean;
}

export function useDismissNotes() {
	const client = useQueryClient();
	const key = queryKeys.inbox.list(INBOX_QUERY);
	const refresh = () => client.invalidateQueries({ queryKey: queryKeys.inbox.all() });
	const hide = (ids: readonly number[]) =>
		client.setQueryData<InboxNote[]>(key, (notes) => notes?.filter((note) => !ids.includes(note.id)));
	const restore = useMutation({
		mutationFn: async ({ ids, all }: NotesDismissal): Promise<void> => {
			if (!all) await callRoute(updateNote, { params: { id: ids[0] ?? 0 }, body: { is_deleted: 0 } });
			else await callRoute(batchUpdateNotes, { body: { noteIds: [...ids], is_deleted: 0 } });
		},
		onSettled: refresh,
	});
	return useMutation({
		mutationFn: async ({ ids, all }: NotesDismissal): Promise<void> => {
			if (!all) await callRoute(removeNote, { params: { id: ids[0] ?? 0 } });
			else await callRoute(batchUpdateNotes, { body: { noteIds: [...ids], is_deleted: 1 } });
		},
		onSuccess: (_result, dismissal) => {
			hide(dismissal.ids);
			createNotice(
				"success",
				dismissal.all ? __("All messages dismissed", "paydesk") : __("Message dismissed", "paydesk"),
				{
					id: "inbox-dismissed",
					actions: [{ label: __("Undo", "paydesk"), onClick: () => restore.mutate(dismissal) }],
				},
			);
		},
		onError: (_error, dismissal) => {
			createNotice(
				"error",
				dismissal.all
					? __("Messages could not be dismissed", "paydesk")
					: __("Message could not be dismissed", "paydesk"),
				{ id: "inbox-dismissed" },
			);
		},
	});
}

export function useTriggerNoteAction() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: ({ note, actionId }: { note: InboxNote; actionId: number }) =>
			callRoute(triggerNoteAction, { params: { id: note.id, action_id: actionId } }),
		onSettled: () => client.invalidateQueries({ queryKey: queryKeys.inbox.all() }),
	});
}

/** Saves when the merchant last saw the inbox (epoch ms), without a notice: it is bookkeeping. */
export function useMarkInboxRead() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: (time: number) =>
			callRoute(updateCurrentUser, { body: { meta: { [INBOX_LAST_READ_META]: time } } }),
		onSuccess: (user: CurrentUser) => client.setQueryData(queryKeys.currentUser(), user),
	});
}
