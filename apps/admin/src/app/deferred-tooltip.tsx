/**
 * WordPress's Tooltip, for the product's tooltip (components/tooltip) and, in the admin's build,
 * for @wordpress/components' own Button and controls (vite-plugins/wordpress-tooltip.ts gives
 * them this module in place of theirs). A tooltip needs Ariakit's hovercard and floating-ui,
 * some 30 kB gzip that a screen does not need until the merchant reaches for an anchor: that
 * code loads when the pointer reaches an anchor or the keyboard moves the focus to one (a focus
 * that follows a click, as a dialog gives its first button, shows no tooltip and loads nothing).
 *
 * Until then the anchor is its one child as it is: a closed Tooltip adds no markup. Once the
 * code is there, WordPress's Tooltip draws the anchor anew, and the new anchor gets what the old
 * one had: the focus, and a pointer over it, so the tooltip shows after its usual delay. An
 * anchor that is being pressed keeps its element until the click and what it does (submit a
 * form, follow a link) are done, so no click is lost.
 */
import type { Tooltip as WpTooltip } from "@wordpress/components";
import {
	type ComponentProps,
	cloneElement,
	type FocusEvent,
	type ForwardedRef,
	type ForwardRefExoticComponent,
	forwardRef,
	isValidElement,
	type KeyboardEvent,
	type MouseEvent,
	type PointerEvent,
	type RefAttributes,
	useEffect,
	useRef,
	useState,
} from "react";

type TooltipParts = typeof import("./deferred-tooltip-parts.ts");
type TooltipProps = ComponentProps<typeof WpTooltip> & {
	/**
	 * Given, the tooltip stays this long after the pointer leaves, and the pointer can move onto
	 * it (components/tooltip/hoverable-tooltip.tsx); WordPress's own hides at once.
	 */
	hideDelay?: number;
};

/** The anchor's own handlers, which run before the ones added here. */
interface AnchorProps {
	onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
	onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
	onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
	onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
	onClick?: (event: MouseEvent<HTMLElement>) => void;
	onFocus?: (event: FocusEvent<HTMLElement>) => void;
	onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/** WordPress's delay before a tooltip shows, which its Tooltip module exports too. */
export const TOOLTIP_DELAY = 700;

/** Whether the merchant last pressed a key or a pointer, as browsers decide :focus-visible. */
let keyboardLast = true;
if (typeof document !== "undefined") {
	document.addEventListener(
		"keydown",
		() => {
			keyboardLast = true;
		},
		true,
	);
	document.addEventListener(
		"pointerdown",
		() => {
			keyboardLast = false;
		},
		true,
	);
}

let parts: TooltipParts | null = null;
let loading: Promise<TooltipParts> | null = null;

function loadTooltipParts(): Promise<TooltipParts> {
	loading ??= import("./deferred-tooltip-parts.ts").then(
		(module) => {
			parts = module;
			return module;
		},
		(error: unknown) => {
			loading = null; // a failed download is tried again when the merchant next reaches an anchor
			throw error;
		},
	);
	return loading;
}

/** What the old anchor had when WordPress's Tooltip took over. */
interface HandOver {
	focus: boolean;
	pointer: boolean;
}

/** Gives the new anchor the focus, and the pointer over it as Ariakit notices one (enter, then move). */
function handOver(anchor: HTMLElement, { focus, pointer }: HandOver): void {
	if (!anchor.isConnected) return;
	if (focus) anchor.focus({ preventScroll: true });
	if (pointer) {
		anchor.dispatchEvent(new globalThis.MouseEvent("mouseover", { bubbles: true }));
		anchor.dispatchEvent(new globalThis.MouseEvent("mousemove", { bubbles: true, movementX: 1 }));
	}
}

function DeferredTooltip(props: TooltipProps, ref: ForwardedRef<HTMLElement>) {
	const [code, setCode] = useState(parts);
	const [pressed, setPressed] = useState(false);
	// Once WordPress's Tooltip has drawn the anchor, it keeps it, text or not, so it is drawn once.
	const [drawn, setDrawn] = useState(false);
	const oldAnchor = useRef<HTMLElement | null>(null);
	const newAnchor = useRef<HTMLElement | null>(null);
	const pointerOver = useRef(false);
	const pending = useRef<HandOver | null>(null);
	// WordPress's Button wraps itself in a Tooltip without text when it shows none: that one adds
	// nothing to see or do, so it stays the anchor as it is and loads nothing.
	const shows = Boolean(props.text || props.shortcut);
	const takesOver = code !== null && !pressed && (shows || drawn);

	useEffect(() => {
		if (!takesOver) return;
		setDrawn(true);
		const state = pending.current;
		pending.current = null;
		if (state && newAnchor.current) handOver(newAnchor.current, state);
	}, [takesOver]);

	if (takesOver) {
		const anchorRef = (element: HTMLElement | null) => {
			newAnchor.current = element;
			if (typeof ref === "function") ref(element);
			else if (ref) ref.current = element;
		};
		const { hideDelay, ...wordpressProps } = props;
		if (hideDelay !== undefined)
			return <code.HoverableTooltip {...wordpressProps} hideDelay={hideDelay} ref={anchorRef} />;
		return <code.Tooltip {...wordpressProps} ref={anchorRef} />;
	}

	const { children } = props;
	// WordPress's components give their Tooltip one element, as the product's tooltip does.
	if (!shows || !isValidElement<AnchorProps>(children)) return children;
	const anchor = children.props;
	/** Notes what the old anchor has, just before its element goes. */
	const noteHandOver = (click = false) => {
		const element = oldAnchor.current;
		pending.current = {
			focus: element !== null && element === document.activeElement,
			pointer: pointerOver.current && !click,
		};
	};
	const load = (element: HTMLElement) => {
		oldAnchor.current = element;
		loadTooltipParts().then(
			(loaded) => {
				noteHandOver();
				setCode(loaded);
			},
			() => {},
		);
	};
	const release = (click = false) => {
		if (!pressed) return;
		noteHandOver(click);
		setPressed(false);
	};
	return cloneElement(children, {
		onPointerEnter: (event: PointerEvent<HTMLElement>) => {
			anchor.onPointerEnter?.(event);
			pointerOver.current = true;
			load(event.currentTarget);
		},
		onPointerLeave: (event: PointerEvent<HTMLElement>) => {
			anchor.onPointerLeave?.(event);
			pointerOver.current = false;
			release();
		},
		onFocus: (event: FocusEvent<HTMLElement>) => {
			anchor.onFocus?.(event);
			oldAnchor.current = event.currentTarget;
			if (keyboardLast) load(event.currentTarget);
		},
		onBlur: (event: FocusEvent<HTMLElement>) => {
			anchor.onBlur?.(event);
			release();
		},
		onPointerDown: (event: PointerEvent<HTMLElement>) => {
			anchor.onPointerDown?.(event);
			setPressed(true);
		},
		onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
			anchor.onKeyDown?.(event);
			if (event.key === "Enter" || event.key === " ") setPressed(true);
		},
		onClick: (event: MouseEvent<HTMLElement>) => {
			anchor.onClick?.(event);
			// After the click's own work (a form's submission, a link's navigation), which needs
			// the element still in the page.
			setTimeout(() => release(true));
		},
	});
}

// Named, so that the module's declarations need not reach into @wordpress/components' own files.
export const Tooltip: ForwardRefExoticComponent<TooltipProps & RefAttributes<HTMLElement>> =
	forwardRef(DeferredTooltip);
export default Tooltip;
