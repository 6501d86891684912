/**
 * WordPress's "Menu" toggle: below 782 px the admin menu folds behind a button at the start of
 * the admin bar (admin.css hides #adminmenuwrap there unless #wpwrap is .wp-responsive-open) and
 * opens over the page. Escape closes it and hands focus back to the toggle; following one of its
 * links, clicking outside it or moving focus into the page closes it too, so the open menu never
 * hides what the merchant is working on.
 */
import { __ } from "@wordpress/i18n";
import { type RefObject, useEffect, useRef, useState } from "react";

export const ADMIN_MENU_ID = "adminmenuwrap";

/** Where the open menu may keep focus and clicks: the admin bar (its toggle) and the menu. */
function insideMenuOrBar(target: EventTarget | null): boolean {
	return target instanceof Element && target.closest(`#wpadminbar, #${ADMIN_MENU_ID}`) !== null;
}

export interface FoldedMenu {
	open: boolean;
	toggle: () => void;
	close: () => void;
	toggleRef: RefObject<HTMLButtonElement | null>;
}

/** The folded menu's state; `page` is the current route, whose change (back, forward) closes it. */
export function useFoldedMenu(page: string): FoldedMenu {
	const [open, setOpen] = useState(false);
	const toggleRef = useRef<HTMLButtonElement | null>(null);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
	useEffect(() => setOpen(false), [page]);

	useEffect(() => {
		if (!open) return;
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== "Escape" || event.defaultPrevented) return;
			setOpen(false);
			toggleRef.current?.focus();
		};
		const onPointerDown = (event: PointerEvent) => {
			if (!insideMenuOrBar(event.target)) setOpen(false);
		};
		const onFocusIn = (event: FocusEvent) => {
			if (!insideMenuOrBar(event.target)) setOpen(false);
		};
		document.addEventListener("keydown", onKeyDown);
		document.addEventListener("pointerdown", onPointerDown);
		document.addEventListener("focusin", onFocusIn);
		return () => {
			document.removeEventListener("keydown", onKeyDown);
			document.removeEventListener("pointerdown", onPointerDown);
			document.removeEventListener("focusin", onFocusIn);
		};
	}, [open]);

	return { open, toggle: () => setOpen((wasOpen) => !wasOpen), close: () => setOpen(false), toggleRef };
}

/** The admin bar's toggle; shown by admin.css below 782 px only. */
export function MenuToggle({ menu }: { menu: FoldedMenu }) {
	return (
		<button
			ref={menu.toggleRef}
			type="button"
			className="paydesk-menu-toggle"
			aria-expanded={menu.open}
			aria-controls={ADMIN_MENU_ID}
			onClick={menu.toggle}
		>
			<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
				<path d="M4 6h16v1.5H4V6Zm0 5.25h16v1.5H4v-1.5ZM4 16.5h16V18H4v-1.5Z" fill="currentColor" />
			</svg>
			<span className="screen-reader-text">{__("Menu", "paydesk")}</span>
		</button>
	);
}
