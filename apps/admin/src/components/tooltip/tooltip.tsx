/**
 * The product's tooltip, with the UI constants of spec 1 §9: it shows 700 ms after the pointer
 * or focus reaches its anchor, stays 600 ms after the pointer leaves, so that the pointer can
 * move from the anchor onto a long text and read it there, and its text wraps at 250 px
 * (tooltip.css). Its code (hoverable-tooltip.tsx, on Ariakit as WordPress's Tooltip is) comes
 * through app/deferred-tooltip.tsx, so it loads when the merchant first reaches for an anchor,
 * not with the screen.
 */
import { TOOLTIP_DELAY_MS, TOOLTIP_HIDE_DELAY_MS } from "@paydesk/domain/ui";
import type { ReactElement } from "react";
import { Tooltip as DeferredTooltip } from "../../app/deferred-tooltip.tsx";
import "./tooltip.css";

export const TOOLTIP_CLASS = "paydesk-tooltip";

export function Tooltip({
	text,
	placement,
	children,
}: {
	text: string;
	placement?: "top" | "bottom" | "left" | "right";
	/** The anchor: one element that can take focus. */
	children: ReactElement;
}) {
	return (
		<DeferredTooltip
			text={text}
			placement={placement}
			delay={TOOLTIP_DELAY_MS}
			hideDelay={TOOLTIP_HIDE_DELAY_MS}
			className={TOOLTIP_CLASS}
		>
			{children}
		</DeferredTooltip>
	);
}
