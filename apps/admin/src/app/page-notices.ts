/**
 * Whether the page shows a notice of its own: the notices screens draw in their content (the
 * payouts' "Payouts are currently paused…", the overview's balance notices) are WordPress
 * `Notice`s, so the page's content element is watched for one, whichever screen drew it, for as
 * long as it is there. The layout provides that element; the admin footer reads it.
 */
import { createContext, useContext, useEffect, useState } from "react";

/** The element holding the page's content (the layout's main), once it is in the page. */
export const PageContent = createContext<HTMLElement | null>(null);

const NOTICE = ".components-notice";
/** The footer's own prompt is not one of the page's notices, wherever it is drawn. */
const NOT_A_PAGE_NOTICE = ".paydesk-feedback-prompt";

function hasNotice(content: HTMLElement): boolean {
	return [...content.querySelectorAll(NOTICE)].some((notice) => !notice.closest(NOT_A_PAGE_NOTICE));
}

/** True while the page's content shows a notice; watched only while `watching`. */
export function usePageNoticeShown(watching: boolean): boolean {
	const content = useContext(PageContent);
	const [shown, setShown] = useState(false);
	useEffect(() => {
		if (!watching || !content) {
			setShown(false);
			return;
		}
		const check = () => setShown(hasNotice(content));
		check();
		const observer = new MutationObserver(check);
		observer.observe(content, { childList: true, subtree: true });
		return () => observer.disconnect();
	}, [content, watching]);
	return shown;
}
