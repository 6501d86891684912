/**
 * Guards a screen with unsaved changes: the browser's own prompt on unload, and a confirmation
 * before any in-app link is followed. The admin's router has no blocker API, so the hook
 * listens for link clicks on the document in the capture phase, before the link's own handler
 * navigates. `when` goes false after a save, so leaving then is never questioned.
 */
import { useEffect } from "react";

export function useUnsavedChanges(when: boolean, message: string): void {
	useEffect(() => {
		if (!when) return;
		const onBeforeUnload = (event: BeforeUnloadEvent) => {
			event.preventDefault();
			// Older browsers show the prompt only when returnValue is set.
			event.returnValue = message;
			return message;
		};
		const onClick = (event: MouseEvent) => {
			if (event.defaultPrevented || event.button !== 0) return;
			const target = event.target instanceof Element ? event.target.closest("a[href]") : null;
			if (!(target instanceof HTMLAnchorElement) || target.target === "_blank") return;
			const href = target.getAttribute("href") ?? "";
			// In-page anchors and javascript-free buttons styled as links do not leave the page.
			if (href.startsWith("#")) return;
			// The browser's own confirm, not the admin's ConfirmDialog: the answer must be known
			// before this handler returns, or the link's own handler has already navigated.
			if (!window.confirm(message)) {
				event.preventDefault();
				event.stopPropagation();
			}
		};
		window.addEventListener("beforeunload", onBeforeUnload);
		document.addEventListener("click", onClick, true);
		return () => {
			window.removeEventListener("beforeunload", onBeforeUnload);
			document.removeEventListener("click", onClick, true);
		};
	}, [when, message]);
}
