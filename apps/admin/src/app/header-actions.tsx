/**
 * Buttons a screen puts in the admin header, beside the breadcrumbs (spec 3 §2.7: the fraud
 * protection page's second "Save Changes" sits there). The layout provides the slot; a screen
 * rendered without the layout (a full-screen page, a component test) keeps its buttons where it
 * put them.
 */
import { createContext, type ReactNode, useContext } from "react";
import { createPortal } from "react-dom";

/** The header's element once it is in the page; undefined where no layout offers one. */
export const HeaderActionsSlot = createContext<HTMLElement | null | undefined>(undefined);

export function HeaderActions({ children }: { children: ReactNode }) {
	const slot = useContext(HeaderActionsSlot);
	if (slot === undefined) return children;
	return slot ? createPortal(children, slot) : null;
}
