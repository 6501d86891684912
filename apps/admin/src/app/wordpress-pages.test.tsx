/**
 * The two WordPress pages the admin stands in for, so a store can set its language and a user
 * theirs: Settings › General, which only administrators (manage_options) may open or see in the
 * menu, and the Profile, which every user of the admin has (WordPress's Users › Profile, or a
 * top-level Profile for the others); and WooCommerce › Settings, which every user of the admin
 * may open.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testSettings } from "../testing/settings.ts";
import { App, resolveRoute } from "./app.tsx";
import { AdminLayout, breadcrumbs } from "./layout.tsx";
import { ROUTES, routeHref, routeKey } from "./routes.ts";

const administrator = () => testSettings();
const shopManager = () => testSettings({ user: { ...testSettings().user, roles: ["shop_manager"] } });
const route = (path: string) => ROUTES.find((entry) => entry.path === path) ?? null;

describe("where the pages live", () => {
	it("are WordPress's own URLs", () => {
		expect(routeKey("/wp-admin/options-general.php", {})).toBe("options:general");
		expect(routeKey("/wp-admin/profile.php", { updated: "1" })).toBe("user:profile");
		expect(routeHref("options:general")).toBe("/wp-admin/options-general.php");
		expect(routeHref("user:profile")).toBe("/wp-admin/profile.php");
	});

	it("need no connected account", () => {
		const settings = testSettings({ isAccountConnected: false });
		expect(resolveRoute(settings, "/wp-admin/options-general.php", {})).toMatchObject({
			route: { path: "options:general" },
			redirect: null,
			allowed: true,
		});
		expect(resolveRoute(settings, "/wp-admin/profile.php", {}).redirect).toBeNull();
	});
});

describe("who may open General Settings (manage_options)", () => {
	it("an administrator may; a shop manager may open the profile but not General Settings", () => {
		expect(resolveRoute(administrator(), "/wp-admin/options-general.php", {}).allowed).toBe(true);
		expect(resolveRoute(shopManager(), "/wp-admin/options-general.php", {}).allowed).toBe(false);
		expect(resolveRoute(shopManager(), "/wp-admin/profile.php", {}).allowed).toBe(true);
	});

	it("a shop manager who gets there in the app is told WordPress's refusal, and nothing is loaded", async () => {
		shopManager();
		window.history.replaceState(null, "", "/wp-admin/options-general.php");
		render(<App />);
		expect(await screen.findByText("Sorry, you are not allowed to access this page.")).toBeTruthy();
		expect(screen.queryByLabelText("Site Title")).toBeNull();
	});
});

describe("the menu", () => {
	function menuOf(settings: ReturnType<typeof testSettings>, path = "/payments/overview") {
		render(
			<AdminLayout settings={settings} route={route(path)}>
				<p>screen</p>
			</AdminLayout>,
		);
		return within(screen.getByRole("navigation", { name: "Main menu" }));
	}

	it("shows an administrator Users › Profile and Settings › General after Payments", () => {
		const menu = menuOf(administrator(), "options:general");
		const tops = [...document.querySelectorAll("#adminmenu > li > .wp-menu-name")].map(
			(item) => item.textContent,
		);
		expect(tops).toEqual(["WooCommerce", "Payments", "Users", "Settings"]);
		expect(menu.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/wp-admin/profile.php");
		const general = menu.getByRole("link", { name: "General" });
		expect(general.getAttribute("href")).toBe("/wp-admin/options-general.php");
		expect(general.getAttribute("aria-current")).toBe("page");
		expect(general.closest(".menu-top")?.classList.contains("wp-has-current-submenu")).toBe(true);
	});

	it("shows a shop manager a top-level Profile and no General Settings", () => {
		const menu = menuOf(shopManager());
		const tops = [...document.querySelectorAll("#adminmenu > li > .wp-menu-name")].map(
			(item) => item.textContent,
		);
		expect(tops).toEqual(["WooCommerce", "Payments", "Profile"]);
		expect(menu.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/wp-admin/profile.php");
		expect(menu.queryByRole("link", { name: "General" })).toBeNull();
	});

	it("shows WooCommerce › Settings to every user of the admin: the store's settings need manage_woocommerce", () => {
		for (const settings of [administrator, shopManager]) {
			const menu = menuOf(settings(), "wc-settings:general");
			const woocommerce = menu.getByText("WooCommerce").closest(".menu-top");
			const link = within(woocommerce as HTMLElement).getByRole("link", { name: "Settings" });
			expect(link.getAttribute("href")).toBe("/wp-admin/admin.php?page=wc-settings&tab=general");
			expect(link.getAttribute("aria-current")).toBe("page");
			cleanup();
		}
		expect(routeKey("/wp-admin/admin.php", { page: "wc-settings", tab: "general" })).toBe(
			"wc-settings:general",
		);
		expect(
			resolveRoute(shopManager(), "/wp-admin/admin.php", { page: "wc-settings", tab: "general" }),
		).toMatchObject({
			route: { path: "wc-settings:general" },
			allowed: true,
		});
	});

	it("names only the page in the header: these pages are not under Payments", () => {
		expect(breadcrumbs(route("options:general")!, administrator())).toEqual([{ label: "General Settings" }]);
		expect(breadcrumbs(route("user:profile")!, shopManager())).toEqual([{ label: "Profile" }]);
	});
});
