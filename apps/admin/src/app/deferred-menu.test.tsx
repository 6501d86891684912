/**
 * A menu whose code loads when the merchant reaches for it must look and act as WordPress's
 * DropdownMenu: the same closed toggle, and a first click or ArrowDown that opens the menu from
 * WordPress's own toggle, which gets the focus back when the menu closes.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DropdownMenu as WpDropdownMenu } from "@wordpress/components";
import { moreVertical } from "@wordpress/icons";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Deferred = typeof import("./deferred-menu.tsx");
let deferred: Deferred;

beforeEach(async () => {
	// A fresh module each time: its code has not loaded yet, as on a screen's first paint.
	vi.resetModules();
	deferred = await import("./deferred-menu.tsx");
});

function TaskMenu({
	onDismiss = () => {},
	disabled = false,
}: {
	onDismiss?: () => void;
	disabled?: boolean;
}) {
	const { DropdownMenu, MenuGroup, MenuItem } = deferred;
	return (
		<DropdownMenu
			icon={moreVertical}
			label="Task options"
			className="paydesk-note-menu"
			toggleProps={{ size: "compact", disabled }}
		>
			{({ onClose }) => (
				<MenuGroup>
					<MenuItem
						onClick={() => {
							onClose();
							onDismiss();
						}}
					>
						Dismiss
					</MenuItem>
				</MenuGroup>
			)}
		</DropdownMenu>
	);
}

describe("a menu whose code loads on demand", () => {
	it("draws its closed toggle with the markup of WordPress's DropdownMenu", () => {
		for (const disabled of [false, true]) {
			const wordpress = render(
				<WpDropdownMenu
					icon={moreVertical}
					label="Task options"
					className="paydesk-note-menu"
					toggleProps={{ size: "compact", disabled }}
				>
					{() => null}
				</WpDropdownMenu>,
			);
			const deferredMenu = render(<TaskMenu disabled={disabled} />);
			expect(deferredMenu.container.innerHTML).toBe(wordpress.container.innerHTML);
			wordpress.unmount();
			deferredMenu.unmount();
		}
	});

	it("opens on the first click, runs the chosen item and gives the focus back to its toggle", async () => {
		const user = userEvent.setup();
		const onDismiss = vi.fn();
		render(<TaskMenu onDismiss={onDismiss} />);
		await user.click(screen.getByRole("button", { name: "Task options" }));
		await user.click(await screen.findByRole("menuitem", { name: "Dismiss" }));
		expect(onDismiss).toHaveBeenCalledOnce();
		await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Task options" }));
	});

	it("opens with ArrowDown, and Escape in the menu closes it back to its toggle", async () => {
		const user = userEvent.setup();
		render(<TaskMenu />);
		screen.getByRole("button", { name: "Task options" }).focus();
		await user.keyboard("{ArrowDown}");
		const item = await screen.findByRole("menuitem", { name: "Dismiss" });
		const toggle = screen.getByRole("button", { name: "Task options" });
		expect(toggle.getAttribute("aria-expanded")).toBe("true");
		item.focus();
		await user.keyboard("{Escape}");
		await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
		expect(document.activeElement).toBe(toggle);
	});
});
