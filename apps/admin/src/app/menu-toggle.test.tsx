/**
 * On small screens, below 782 px, the admin menu folds behind the admin bar's Menu toggle, as
 * WordPress's does (admin.css shows #adminmenuwrap there only while #wpwrap is
 * .wp-responsive-open). The toggle says whether the menu is open and which element it opens;
 * Escape closes it and puts focus back on the toggle; following a link or moving into the page
 * closes it too.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testSettings } from "../testing/settings.ts";
import { AdminLayout } from "./layout.tsx";
import { ROUTES } from "./routes.ts";

function renderLayout() {
	const route = ROUTES.find((entry) => entry.path === "/payments/overview") ?? null;
	render(
		<AdminLayout settings={testSettings()} route={route}>
			<button type="button">Screen button</button>
		</AdminLayout>,
	);
	const wrap = document.getElementById("wpwrap");
	return {
		toggle: screen.getByRole("button", { name: "Menu" }),
		isOpen: () => wrap?.classList.contains("wp-responsive-open"),
	};
}

describe("the Menu toggle", () => {
	it("is a button that controls the admin menu and says it is folded", () => {
		const { toggle, isOpen } = renderLayout();
		expect(toggle.getAttribute("aria-controls")).toBe("adminmenuwrap");
		expect(document.getElementById("adminmenuwrap")).not.toBeNull();
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(isOpen()).toBe(false);
	});

	it("opens the menu from the keyboard, and Escape closes it onto the toggle", async () => {
		const user = userEvent.setup();
		const { toggle, isOpen } = renderLayout();
		toggle.focus();
		await user.keyboard("{Enter}");
		expect(toggle.getAttribute("aria-expanded")).toBe("true");
		expect(isOpen()).toBe(true);
		screen.getByRole("link", { name: "Payouts" }).focus();
		await user.keyboard("{Escape}");
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(document.activeElement).toBe(toggle);
	});

	it("closes when one of its links is followed", async () => {
		const user = userEvent.setup();
		const { toggle, isOpen } = renderLayout();
		await user.click(toggle);
		await user.click(screen.getByRole("link", { name: "Payouts" }));
		expect(isOpen()).toBe(false);
	});

	it("closes when focus or a tap moves into the page, so it never covers what is worked on", async () => {
		const user = userEvent.setup();
		const { toggle, isOpen } = renderLayout();
		await user.click(toggle);
		act(() => screen.getByRole("button", { name: "Screen button" }).focus());
		expect(isOpen()).toBe(false);
		await user.click(toggle);
		fireEvent.pointerDown(screen.getByRole("button", { name: "Screen button" }));
		expect(isOpen()).toBe(false);
	});
});
