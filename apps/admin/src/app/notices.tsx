/**
 * Notices as snackbars that dismiss themselves after 10 seconds (spec 2 §8). A small store,
 * so mutations and data hooks can raise a notice without a React context.
 */
import { NOTICE_TIMEOUT_MS } from "@paydesk/domain/ui";
import { Snackbar } from "@wordpress/components";
import { useEffect, useSyncExternalStore } from "react";

export type NoticeStatus = "success" | "error" | "info" | "warning";

export interface NoticeAction {
	label: string;
	url?: string;
	onClick?: () => void;
}

export interface Notice {
	id: string;
	status: NoticeStatus;
	content: string;
	actions: NoticeAction[];
}

let notices: Notice[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(): void {
	for (const listener of listeners) listener();
}

/**
 * Shows a notice; a notice with the same id replaces the earlier one (so a failing list
 * polled twice does not stack two identical errors).
 */
export function createNotice(
	status: NoticeStatus,
	content: string,
	options: { id?: string; actions?: NoticeAction[] } = {},
): string {
	counter++;
	const id = options.id ?? `notice-${counter}`;
	notices = [
		...notices.filter((notice) => notice.id !== id),
		{ id, status, content, actions: options.actions ?? [] },
	];
	emit();
	return id;
}

export function removeNotice(id: string): void {
	notices = notices.filter((notice) => notice.id !== id);
	emit();
}

export function useNotices(): Notice[] {
	return useSyncExternalStore(
		(listener) => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		() => notices,
		() => notices,
	);
}

function TimedSnackbar({ notice }: { notice: Notice }) {
	useEffect(() => {
		const timer = setTimeout(() => removeNotice(notice.id), NOTICE_TIMEOUT_MS);
		return () => clearTimeout(timer);
	}, [notice.id]);
	return (
		<Snackbar
			className={`paydesk-snackbar is-${notice.status}`}
			actions={notice.actions.map((action) => ({
				label: action.label,
				url: action.url,
				onClick: () => {
					action.onClick?.();
					removeNotice(notice.id);
				},
			}))}
			onRemove={() => removeNotice(notice.id)}
			explicitDismiss
		>
			{notice.content}
		</Snackbar>
	);
}

export function NoticeArea() {
	const list = useNotices();
	return (
		<div className="paydesk-snackbars" aria-live="polite">
			{list.map((notice) => (
				<TimedSnackbar key={notice.id} notice={notice} />
			))}
		</div>
	);
}
