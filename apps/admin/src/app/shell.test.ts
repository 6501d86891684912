import { describe, expect, it } from "vitest";
import { testSettings } from "../testing/settings.ts";
import { resolveRoute } from "./app.tsx";
import { breadcrumbs } from "./layout.tsx";
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
