/**
 * The overview's inbox (spec 1 §4.6, §8): notes with their actions; dismiss one or all after a
 * confirmation, the note fading out over 500 ms, with Undo; unread notes (newer than the last
 * visit) marked, and the visit saved on the user; a load error with Reload; the empty state.
 */
import type { InboxNote as Note } from "@paydesk/contract/inbox";
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef, useState } from "react";
import { navigate } from "../../app/router.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog/confirm-dialog.tsx";
import { useCurrentUser } from "../../data/current-user.ts";
import {
	INBOX_LAST_READ_META,
	type NotesDismissal,
	useDismissNotes,
	useInboxNotes,
	useMarkInboxRead,
	useTriggerNoteAction,
} from "../../data/inbox.ts";
import { InboxNote } from "./inbox-note.tsx";

/** Spec 1 §9: a dismissed note fades out over 500 ms. */
const INBOX_FADE_MS = 500;

/** Actions carry wc-admin URLs as WooCommerce writes them ("admin.php?page=…"). */
function followAction(url: string): void {
	if (/^https?:\/\//.test(url)) {
		window.open(url, "_blank", "noopener");
		return;
	}
	const href = url.startsWith("/") ? url : `/wp-admin/${url}`;
	if (href.startsWith("/wp-admin/admin.php?page=wc-admin")) navigate(href);
	else window.location.assign(href);
}

/** Rendered once the balance has shown: its notes and the user are not first-render calls. */
export function Inbox() {
	const notes = useInboxNotes(true);
	const user = useCurrentUser();
	const markRead = useMarkInboxRead();
	const dismiss = useDismissNotes();
	const trigger = useTriggerNoteAction();
	const [confirm, setConfirm] = useState<NotesDismissal | null>(null);
	const [fading, setFading] = useState<readonly number[]>([]);
	// The last visit as it was when the page opened: notes stay marked unread for this visit.
	const lastRead = useRef<number | null>(null);
	const saved = user.data?.meta[INBOX_LAST_READ_META];
	if (lastRead.current === null && user.isSuccess) lastRead.current = typeof saved === "number" ? saved : 0;

	const loaded = notes.isSuccess && user.isSuccess;
	// biome-ignore lint/correctness/useExhaustiveDependencies: saved once per visit, when the notes are shown.
	useEffect(() => {
		if (loaded) markRead.mutate(Date.now());
	}, [loaded]);

	const confirmDismiss = () => {
		if (!confirm) return;
		const dismissal = confirm;
		setConfirm(null);
		setFading(dismissal.ids);
		setTimeout(() => {
			dismiss.mutate(dismissal, { onSettled: () => setFading([]) });
		}, INBOX_FADE_MS);
	};

	const list: Note[] = notes.data ?? [];
	return (
		<Card className="paydesk-inbox">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Inbox", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				{(notes.isPending || user.isPending) && !notes.isError && (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading your inbox…", "paydesk")}
					</div>
				)}
				{notes.isError && (
					<Notice
						status="error"
						isDismissible={false}
						className="paydesk-notice"
						actions={[{ label: __("Reload", "paydesk"), onClick: () => void notes.refetch() }]}
					>
						{__("There was an error getting your inbox. Please try again.", "paydesk")}
					</Notice>
				)}
				{loaded && list.length === 0 && (
					<p className="paydesk-inbox__empty">
						{__("As things begin to happen in your store your inbox will start to fill up…", "paydesk")}
					</p>
				)}
				{loaded && list.length > 0 && (
					<ul className="paydesk-inbox__list">
						{list.map((note) => (
							<InboxNote
								key={note.id}
								note={note}
								unread={Date.parse(`${note.date_created_gmt}Z`) > (lastRead.current ?? 0)}
								fading={fading.includes(note.id)}
								busy={dismiss.isPending || trigger.isPending}
								onAction={(actionId, url) =>
									trigger.mutate({ note, actionId }, { onSuccess: () => followAction(url) })
								}
								onDismiss={(scope) =>
									setConfirm(
										scope === "one"
											? { ids: [note.id], all: false }
											: { ids: list.map((n) => n.id), all: true },
									)
								}
							/>
						))}
					</ul>
				)}
			</CardBody>
			{confirm && (
				<ConfirmDialog
					title={
						confirm.all ? __("Dismiss all messages?", "paydesk") : __("Dismiss this message?", "paydesk")
					}
					confirmLabel={__("Yes, dismiss", "paydesk")}
					onConfirm={confirmDismiss}
					onCancel={() => setConfirm(null)}
					size="small"
				>
					{confirm.all
						? __("All the messages in your inbox will be dismissed.", "paydesk")
						: __("The message will be removed from your inbox.", "paydesk")}
				</ConfirmDialog>
			)}
		</Card>
	);
}
