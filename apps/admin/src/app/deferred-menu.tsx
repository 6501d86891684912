/**
 * WordPress's DropdownMenu, MenuGroup and MenuItem, for screens that show closed menus on their
 * first paint (the overview's tasks and inbox notes). An open menu needs Popover, framer-motion
 * and floating-ui, some 40 kB gzip that a closed one does not, and a screen's first load should
 * not carry: that code loads when the merchant reaches for a toggle (pointer over it or focus),
 * not with the screen.
 *
 * Until it has loaded, the toggle is WordPress's own Button drawn exactly as DropdownMenu draws
 * it closed (same markup, label and tooltip). A click or ArrowDown on it waits for the code, then
 * hands the focus and the click to WordPress's toggle, so the menu opens, and closes back to
 * its toggle, as it always does.
 */
import type {
	DropdownMenu as WpDropdownMenu,
	MenuGroup as WpMenuGroup,
	MenuItem as WpMenuItem,
} from "@wordpress/components";
import { Button } from "@wordpress/components";
import { menu } from "@wordpress/icons";
import {
	type ComponentProps,
	createContext,
	type FocusEvent,
	type MouseEvent,
	type PointerEvent,
	type KeyboardEvent as ReactKeyboardEvent,
	type RefObject,
	use,
	useContext,
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from "react";

type MenuParts = typeof import("./deferred-menu-parts.ts");
type DropdownMenuProps = ComponentProps<typeof WpDropdownMenu>;

interface PendingOpen {
	focus: boolean;
	/** ArrowDown opens the menu too (unless disableOpenOnArrowDown). */
	key?: { code: string; key: string };
}

let parts: MenuParts | null = null;
let loading: Promise<MenuParts> | null = null;

function loadMenuParts(): Promise<MenuParts> {
	loading ??= import("./deferred-menu-parts.ts").then(
		(module) => {
			parts = module;
			return module;
		},
		(error: unknown) => {
			loading = null; // a failed download is tried again on the next hover or click
			throw error;
		},
	);
	return loading;
}

const prefetch = () => {
	loadMenuParts().catch(() => {});
};

/** Where WordPress's toggle reports its element, for the hand-over of an early click. */
const ToggleElement = createContext<RefObject<HTMLButtonElement | null> | null>(null);

/** WordPress's toggle (the Button DropdownMenu draws by default), reporting its element. */
function ReportingToggle(buttonProps: ComponentProps<typeof Button>) {
	return <Button {...buttonProps} ref={useContext(ToggleElement)} />;
}

export function DropdownMenu(props: DropdownMenuProps) {
	const [loaded, setLoaded] = useState(parts);
	const toggle = useRef<HTMLButtonElement | null>(null);
	// A click or ArrowDown that came before the code, handed on once WordPress's toggle is there.
	const pendingOpen = useRef<PendingOpen | null>(null);
	const opensAtOnce = Boolean(props.open || props.defaultOpen);

	useEffect(() => {
		if (opensAtOnce && !loaded) loadMenuParts().then(setLoaded, () => {});
	}, [opensAtOnce, loaded]);

	useLayoutEffect(() => {
		const pending = pendingOpen.current;
		if (!loaded || !pending || !toggle.current) return;
		pendingOpen.current = null;
		if (pending.focus) toggle.current.focus();
		if (pending.key)
			toggle.current.dispatchEvent(new KeyboardEvent("keydown", { ...pending.key, bubbles: true }));
		else toggle.current.click();
	}, [loaded]);

	if (loaded) {
		return (
			<ToggleElement value={toggle}>
				<loaded.DropdownMenu {...props} toggleProps={{ as: ReportingToggle, ...props.toggleProps }} />
			</ToggleElement>
		);
	}
	// As DropdownMenu: nothing without items.
	if (!props.controls?.length && typeof props.children !== "function") return null;

	const { as: _customToggle, className: toggleClassName, ...toggleProps } = props.toggleProps ?? {};
	const openWhenLoaded = (pending: PendingOpen) => {
		pendingOpen.current = pending;
		loadMenuParts().then(setLoaded, () => {
			pendingOpen.current = null;
		});
	};
	return (
		<div
			className={["components-dropdown components-dropdown-menu", props.className].filter(Boolean).join(" ")}
			tabIndex={-1}
		>
			<Button
				{...toggleProps}
				className={[toggleClassName, "components-dropdown-menu__toggle"].filter(Boolean).join(" ")}
				icon={props.icon ?? menu}
				label={props.label}
				text={props.text}
				showTooltip={props.toggleProps?.showTooltip ?? true}
				aria-haspopup="true"
				aria-expanded={false}
				onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
					prefetch();
					toggleProps.onPointerEnter?.(event);
				}}
				onFocus={(event: FocusEvent<HTMLButtonElement>) => {
					prefetch();
					toggleProps.onFocus?.(event);
				}}
				// The toggle's own onClick and onKeyDown run on WordPress's toggle, at the hand-over.
				onClick={(event: MouseEvent<HTMLButtonElement>) => {
					openWhenLoaded({ focus: document.activeElement === event.currentTarget });
				}}
				onKeyDown={(event: ReactKeyboardEvent<HTMLButtonElement>) => {
					if (props.disableOpenOnArrowDown || event.code !== "ArrowDown") {
						toggleProps.onKeyDown?.(event);
						return;
					}
					event.preventDefault();
					openWhenLoaded({ focus: true, key: { code: event.code, key: event.key } });
				}}
			/>
		</div>
	);
}

/** Only ever drawn inside an open menu, so after its code has loaded. */
export function MenuGroup(props: ComponentProps<typeof WpMenuGroup>) {
	const { MenuGroup: Group } = parts ?? use(loadMenuParts());
	return <Group {...props} />;
}

export function MenuItem(props: ComponentProps<typeof WpMenuItem>) {
	const { MenuItem: Item } = parts ?? use(loadMenuParts());
	return <Item {...props} />;
}
