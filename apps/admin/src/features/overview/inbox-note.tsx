/** One inbox note: title, date, content, its action buttons and its dismiss menu (spec 1 §3). */
import type { InboxNote as Note } from "@paydesk/contract/inbox";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { moreVertical } from "@wordpress/icons";
import { DropdownMenu, MenuGroup, MenuItem } from "../../app/deferred-menu.tsx";
import { formatStoreDate } from "../../components/format.ts";

export interface InboxNoteProps {
	note: Note;
	unread: boolean;
	fading: boolean;
	busy: boolean;
	onAction: (actionId: number, url: string) => void;
	onDismiss: (scope: "one" | "all") => void;
}

export function InboxNote({ note, unread, fading, busy, onAction, onDismiss }: InboxNoteProps) {
	const titleId = `paydesk-note-${note.id}`;
	return (
		<li
			className={`paydesk-inbox__note${unread ? " is-unread" : ""}${fading ? " is-fading" : ""}`}
			aria-labelledby={titleId}
		>
			<div className="paydesk-inbox__head">
				<h3 id={titleId} className="paydesk-inbox__title">
					{unread && (
						<span className="paydesk-inbox__dot">
							<span className="screen-reader-text">{__("Unread:", "paydesk")}</span>
						</span>
					)}
					{note.title}
				</h3>
				<DropdownMenu
					icon={moreVertical}
					label={__("Dismiss options", "paydesk")}
					toggleProps={{ size: "compact", disabled: busy }}
				>
					{({ onClose }) => (
						<MenuGroup>
							<MenuItem
								onClick={() => {
									onClose();
									onDismiss("one");
								}}
							>
								{__("Dismiss this message", "paydesk")}
							</MenuItem>
							<MenuItem
								onClick={() => {
									onClose();
									onDismiss("all");
								}}
							>
								{__("Dismiss all messages", "paydesk")}
							</MenuItem>
						</MenuGroup>
					)}
				</DropdownMenu>
			</div>
			<p className="paydesk-inbox__content">{note.content}</p>
			<div className="paydesk-inbox__footer">
				<span className="paydesk-inbox__date">{formatStoreDate(`${note.date_created_gmt}Z`)}</span>
				{note.actions.map((action) => (
					<Button
						key={action.id}
						variant={action.primary ? "secondary" : "tertiary"}
						size="compact"
						disabled={busy}
						onClick={() => onAction(action.id, action.url)}
					>
						{action.label}
					</Button>
				))}
			</div>
		</li>
	);
}
