/**
 * Leaving the challenge form with unsaved changes asks first (spec 3 §2.4). The router has
 * no blocker, so the guard listens where a merchant leaves: the browser's unload prompt, a
 * click on a same-site link anywhere in the page (caught before the router's own handler),
 * and the back button (the URL is put back when the merchant stays).
 */
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";

function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
	if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
		return null;
	const anchor = (event.target as Element | null)?.closest?.("a[href]");
	if (
		!(anchor instanceof HTMLAnchorElement) ||
		anchor.target === "_blank" ||
		anchor.hasAttribute("download")
	) {
		return null;
	}
	const url = new URL(anchor.href, window.location.href);
	if (url.origin !== window.location.origin) return null;
	return url.href === window.location.href ? null : anchor;
}

export function useUnsavedChangesGuard(dirty: boolean): void {
	const guarded = useRef(dirty);
	guarded.current = dirty;

	useEffect(() => {
		const here = window.location.href;
		// The browser's own confirm, not the admin's ConfirmDialog: a link click is stopped or let
		// through before its handler returns, and a Back is put right in the same turn, so the
		// answer cannot wait for a dialog of the page.
		const confirmLeave = () =>
			window.confirm(
				__(
					"There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?",
					"paydesk",
				),
			);
		const onBeforeUnload = (event: BeforeUnloadEvent) => {
			if (!guarded.current) return;
			event.preventDefault();
			event.returnValue = "";
		};
		const onClick = (event: MouseEvent) => {
			if (!guarded.current || !leavingLink(event)) return;
			if (confirmLeave()) {
				guarded.current = false;
				return;
			}
			event.preventDefault();
			event.stopPropagation();
		};
		const onPopState = () => {
			if (!guarded.current || window.location.href === here) return;
			if (confirmLeave()) guarded.current = false;
			else window.history.pushState(null, "", here);
		};
		window.addEventListener("beforeunload", onBeforeUnload);
		document.addEventListener("click", onClick, true);
		window.addEventListener("popstate", onPopState);
		return () => {
			window.removeEventListener("beforeunload", onBeforeUnload);
			document.removeEventListener("click", onClick, true);
			window.removeEventListener("popstate", onPopState);
		};
	}, []);
}
