/**
 * The admin of a payments viewer (payments_viewer): every payments screen to read, and none of
 * the pages that only change the account. Its menu leaves out Connect and the two setup wizards;
 * its Developers entry opens Webhooks, since listing API keys is not the viewer's; a page it may
 * not open answers WordPress's refusal; the sandbox clock shows the time without moving it.
 */
import { getSandboxClock } from "@paydesk/contract/sandbox-clock";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { on, stubApi } from "../testing/network.ts";
import { renderWithQueryClient } from "../testing/render.tsx";
import { testSettings } from "../testing/settings.ts";
import { resolveRoute } from "./app.tsx";
import { AdminLayout } from "./layout.tsx";
import { ROUTES, routeHref } from "./routes.ts";

const viewer = (overrides: Parameters<typeof testSettings>[0] = {}) =>
	testSettings({ ...overrides, user: { ...testSettings().user, roles: ["payments_viewer"] } });
const route = (path: string) => ROUTES.find((entry) => entry.path === path) ?? null;
const wcAdmin = (path: string) => ({ page: "wc-admin", path });

describe("what a payments viewer may open", () => {
	it("every payments screen, read-only where it changes things", () => {
		const settings = viewer();
		for (const path of [
			"/payments/overview",
			"/payments/payouts",
			"/payments/transactions",
			"/payments/transactions/details",
			"/payments/disputes",
			"/payments/disputes/challenge",
			"/payments/documents",
			"/payments/fraud-protection",
			"/payments/developers/webhooks",
		]) {
			expect(resolveRoute(settings, "/wp-admin/admin.php", wcAdmin(path)), path).toMatchObject({
				allowed: true,
				redirect: null,
			});
		}
		expect(resolveRoute(settings, "/wp-admin/admin.php", { page: "wc-settings" }).allowed).toBe(true);
	});

	it("not connecting an account or the setup wizards", () => {
		const settings = viewer();
		for (const path of [
			"/payments/onboarding",
			"/payments/additional-payment-methods",
			"/payments/multi-currency-setup",
		]) {
			expect(resolveRoute(settings, "/wp-admin/admin.php", wcAdmin(path)), path).toMatchObject({
				allowed: false,
				redirect: null,
			});
		}
	});

	it("is sent from the API keys to the webhooks, the Developers section it may read", () => {
		expect(resolveRoute(viewer(), "/wp-admin/admin.php", wcAdmin("/payments/developers"))).toMatchObject({
			allowed: false,
			redirect: routeHref("/payments/developers/webhooks"),
		});
		// A shop manager still opens the API keys.
		expect(
			resolveRoute(testSettings(), "/wp-admin/admin.php", wcAdmin("/payments/developers")).redirect,
		).toBe(null);
	});
});

describe("a payments viewer's menu", () => {
	it("lists the payments screens, with Developers opening Webhooks, and no page that only changes things", () => {
		const settings = viewer();
		render(
			<AdminLayout settings={settings} route={route("/payments/overview")}>
				<p>screen</p>
			</AdminLayout>,
		);
		const menu = within(screen.getByRole("navigation", { name: "Main menu" }));
		expect(menu.getByRole("link", { name: "Transactions" })).toBeTruthy();
		expect(menu.getByRole("link", { name: "Developers" }).getAttribute("href")).toBe(
			routeHref("/payments/developers/webhooks"),
		);
		for (const name of ["Connect", "Payment methods", "Multi-currency setup"]) {
			expect(menu.queryByRole("link", { name }), name).toBeNull();
		}
	});

	it("shows the sandbox clock's time without the buttons that move it", async () => {
		const now = 1_795_000_000;
		const iso = new Date(now * 1000).toISOString();
		stubApi(on(getSandboxClock).reply(() => ({ now, iso, offset_seconds: 0, processed_through: now })));
		const settings = viewer({ testMode: true });
		renderWithQueryClient(
			<AdminLayout settings={settings} route={route("/payments/overview")}>
				<p>screen</p>
			</AdminLayout>,
		);
		const clock = await screen.findByRole("group", { name: "Sandbox clock" });
		expect(await within(clock).findByText(/^Sandbox time: /)).toBeTruthy();
		expect(within(clock).queryAllByRole("button")).toEqual([]);
	});
});
