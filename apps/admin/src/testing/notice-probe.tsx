/** Renders the raised notices as a plain list, so a component test can read them. */
import { type Notice, removeNotice, useNotices } from "../app/notices.tsx";

let seen: Notice[] = [];

export function NoticeProbe() {
	const notices = useNotices();
	seen = notices;
	return (
		<ul aria-label="notices">
			{notices.map((notice) => (
				<li key={notice.id} data-status={notice.status}>
					{notice.content}
				</li>
			))}
		</ul>
	);
}

/** Removes what an earlier test raised: the notice store outlives a render. */
export function clearNotices(): void {
	for (const notice of seen) removeNotice(notice.id);
	seen = [];
}
