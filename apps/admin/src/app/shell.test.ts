import { describe, expect, it } from "vitest";
import { testSettings } from "../testing/settings.ts";
import { resolveRoute } from "./app.tsx";
import { breadcrumbs } from "./layout.tsx";
import { opensInApp } from "./router.tsx";
import { ROUTES } from "./routes.ts";

const route = (path: string) => ROUTES.find((entry) => entry.path === path)!;

describe("route registry (spec 3 §2.1)", () => {
	it("sends an unconnected store to connect and a connected one past it", () => {
		const unconnected = testSettings({ isAccountConnected: false });
		expect(
			resolveRoute(unconnected, "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/overview" })
				.redirect,
		).toContain("path=/payments/connect");
		const connected = testSettings();
		expect(
			resolveRoute(connected, "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/connect" })
				.redirect,
		).toContain("path=/payments/overview");
	});

	it("keeps the connect page for a test-drive account, where it goes live or resets (spec 1 §4.3)", () => {
		const testDrive = testSettings({ testMode: true, testModeOnboarding: true });
		const resolved = resolveRoute(testDrive, "/wp-admin/admin.php", {
			page: "wc-admin",
			path: "/payments/connect",
		});
		expect(resolved.redirect).toBeNull();
		expect(resolved.route?.path).toBe("/payments/connect");
	});

	it("opens admin pages inside the app, but loads the connect URL for real: the server acts on it", () => {
		expect(opensInApp("/wp-admin/admin.php?page=wc-admin&path=/payments/overview")).toBe(true);
		expect(
			opensInApp(
				"/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=x&wcpay-reconnect-wpcom=true",
			),
		).toBe(false);
		expect(opensInApp("/sandbox-partner/account")).toBe(false);
	});

	it("registers documents only when the documents flag is on", () => {
		const off = testSettings();
		off.featureFlags.documents = false;
		expect(
			resolveRoute(off, "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/documents" }).route,
		).toBeNull();
	});

	it("registers fraud protection only when the settings object exists", () => {
		const settings = testSettings({ accountStatus: null });
		expect(
			resolveRoute(settings, "/wp-admin/admin.php", { page: "wc-admin", path: "/payments/fraud-protection" })
				.route,
		).toBeNull();
	});
});

describe("breadcrumbs", () => {
	it("start at overview for a connected store and name the parent", () => {
		const crumbs = breadcrumbs(route("/payments/payouts/details"), testSettings());
		expect(crumbs.map((crumb) => crumb.label)).toEqual(["Payments", "Payouts", "Payout details"]);
		expect(crumbs[0]?.href).toContain("path=/payments/overview");
	});

	it("start at connect while the connect entry exists, with the product name under the admin navigation", () => {
		const settings = testSettings({ isAccountConnected: false });
		settings.featureFlags.adminNavigation = true;
		const crumbs = breadcrumbs(route("/payments/onboarding"), settings);
		expect(crumbs[0]).toEqual({ label: "Paydesk", href: expect.stringContaining("path=/payments/connect") });
	});
});
