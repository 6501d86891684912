/**
 * WordPress's Tooltip with a hide delay, which WordPress's own does not take: its Ariakit store
 * is built inside it with only the show delay, so it hides the moment the pointer leaves the
 * anchor and a long text cannot be reached. This one builds the same Ariakit tooltip (same class,
 * gap, placement and description link as WordPress's) with both delays: the pointer may leave
 * the anchor for the tooltip and stay there, and the tooltip hides `hideDelay` after the pointer
 * left both. It is part of the chunk app/deferred-tooltip.tsx loads on demand.
 */
import { Tooltip as AriakitTooltip, TooltipAnchor, useTooltipStore } from "@ariakit/react";
import type { Tooltip as WpTooltip } from "@wordpress/components";
import {
	type ComponentProps,
	cloneElement,
	type ForwardedRef,
	type ForwardRefExoticComponent,
	forwardRef,
	isValidElement,
	type ReactElement,
	type RefAttributes,
	useId,
} from "react";

type WpTooltipProps = ComponentProps<typeof WpTooltip>;

export type HoverableTooltipProps = Pick<WpTooltipProps, "text" | "placement" | "delay" | "className"> & {
	/** How long the tooltip stays after the pointer leaves the anchor and the tooltip, in ms. */
	hideDelay: number;
	/** The anchor: one element that can take focus. */
	children: ReactElement;
};

/** WordPress's delay before a tooltip shows. */
const WORDPRESS_DELAY = 700;

interface DescribedProps {
	"aria-describedby"?: string;
	"aria-label"?: string;
}

function UnforwardedHoverableTooltip(
	{ text, placement = "top", delay = WORDPRESS_DELAY, hideDelay, className, children }: HoverableTooltipProps,
	ref: ForwardedRef<HTMLDivElement>,
) {
	const store = useTooltipStore({ placement, showTimeout: delay, hideTimeout: hideDelay });
	const mounted = store.useState("mounted");
	const id = useId();
	// As WordPress's: the open tooltip describes its anchor, unless the anchor names itself by it.
	const anchor =
		text &&
		mounted &&
		isValidElement<DescribedProps>(children) &&
		children.props["aria-describedby"] === undefined &&
		children.props["aria-label"] !== text
			? cloneElement(children, { "aria-describedby": id })
			: children;
	return (
		<>
			<TooltipAnchor store={store} render={anchor} ref={ref} onClick={store.hide} />
			{text && (
				<AriakitTooltip
					store={store}
					id={id}
					className={["components-tooltip", className].filter(Boolean).join(" ")}
					unmountOnHide
					gutter={4}
					overflowPadding={0.5}
				>
					{text}
				</AriakitTooltip>
			)}
		</>
	);
}

export const HoverableTooltip: ForwardRefExoticComponent<
	HoverableTooltipProps & RefAttributes<HTMLDivElement>
> = forwardRef(UnforwardedHoverableTooltip);
