/**
 * The route registry of spec 3 §2.1 as one table: path, title, parent, capability, feature
 * flag, menu entry, and the screen's own chunk. The shell, the menu and the breadcrumbs all
 * read it; a screen is a lazily loaded feature folder. Besides the Payments pages it holds the
 * pages of the store Paydesk stands in for: WooCommerce › Settings › General, WordPress's
 * Settings › General and the user's Profile.
 */

import type { PageSettings } from "@paydesk/contract/page-settings";
import type { Capability } from "@paydesk/contract/route";
import { showsConnectPage } from "@paydesk/domain/connect";
import { __ } from "@wordpress/i18n";
import type { ComponentType } from "react";
import { getSettings } from "./settings.ts";

export type ScreenModule = { default: ComponentType };

/** The admin menu's top-level entries; a route without one belongs to Payments. */
export type MenuGroup = "woocommerce" | "payments" | "users" | "settings";

/**
 * Whether the user holds a capability, as the server says in the page settings: every user the
 * admin is served to can view_woocommerce_reports; all but payments viewers can
 * manage_woocommerce; of them WordPress gives manage_options to administrators only.
 */
export function userCan(settings: PageSettings, capability: Capability): boolean {
	return settings.capabilities[capability];
}

/**
 * Whether the signed-in user holds a capability: the one question every action of a screen asks
 * before it offers to change anything (`useCan("manage_woocommerce")`). The page settings say
 * it once a page, so the answer never changes while the page lives.
 */
export function useCan(capability: Capability): boolean {
	return userCan(getSettings(), capability);
}

export interface RouteEntry {
	/** wc-admin path, or for the store's own pages a key like "wc-settings:checkout". */
	path: string;
	title: () => string;
	parent?: string;
	/**
	 * What the route asks of the user, named as the REST routes name it (contract/route.ts). The
	 * server serves the admin only to users who can view_woocommerce_reports (administrators, shop
	 * managers and payments viewers) and checks a page's own capability before serving it
	 * (admin-pages/routes.ts); the app checks it again for in-app navigation and to leave out of
	 * the menu what the user may not open. Pages that only change the store ask
	 * manage_woocommerce; a page a payments viewer reads shows its changes read-only (useCan).
	 */
	capability: Capability;
	/**
	 * Where a user without `capability` is sent instead: a page of the same section they may open
	 * (a payments viewer's Developers menu entry opens Webhooks, as API keys are not theirs).
	 */
	otherwise?: string;
	/** Registered only when this holds (feature flags, settings present). */
	enabled?: (settings: PageSettings) => boolean;
	/** Screens that need a connected account send an unconnected store to connect. */
	needsAccount: boolean;
	/** Label in the menu; absent for child pages. */
	menu?: () => string;
	/** The top-level menu entry the label sits under; Payments when absent. */
	menuGroup?: MenuGroup;
	/** Full-screen wizards hide the admin menu and header. */
	fullScreen?: boolean;
	/**
	 * What Stripe's API cannot serve (Paydesk's own features): for an account connected to its
	 * own Stripe account the page says it is managed in the Stripe Dashboard.
	 */
	managedAtStripe?: true;
	load: () => Promise<ScreenModule>;
}

export const ROUTES: readonly RouteEntry[] = [
	{
		path: "/payments/connect",
		title: () => __("Connect", "paydesk"),
		capability: "manage_woocommerce",
		needsAccount: false,
		menu: () => __("Connect", "paydesk"),
		// A partly onboarded account (details not submitted) still finishes here (spec 1 §4.1), and a
		// test-drive account goes live or resets here (§4.3).
		enabled: showsConnectPage,
		load: () => import("../features/connect/connect-screen.tsx"),
	},
	{
		path: "/payments/onboarding",
		title: () => __("Onboarding", "paydesk"),
		parent: "/payments/connect",
		capability: "manage_woocommerce",
		needsAccount: false,
		fullScreen: true,
		load: () => import("../features/onboarding/onboarding-screen.tsx"),
	},
	{
		path: "/payments/onboarding/kyc",
		title: () => __("Continue onboarding", "paydesk"),
		parent: "/payments/connect",
		capability: "manage_woocommerce",
		needsAccount: false,
		fullScreen: true,
		load: () => import("../features/onboarding/onboarding-kyc-screen.tsx"),
	},
	{
		path: "/payments/overview",
		title: () => __("Overview", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Overview", "paydesk"),
		load: () => import("../features/overview/overview-screen.tsx"),
	},
	{
		path: "/payments/payouts",
		title: () => __("Payouts", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Payouts", "paydesk"),
		load: () => import("../features/payouts/payouts-screen.tsx"),
	},
	{
		path: "/payments/payouts/details",
		title: () => __("Payout details", "paydesk"),
		parent: "/payments/payouts",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/payout-details/payout-details-screen.tsx"),
	},
	{
		path: "/payments/transactions",
		title: () => __("Transactions", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Transactions", "paydesk"),
		load: () => import("../features/transactions/transactions-screen.tsx"),
	},
	{
		path: "/payments/transactions/details",
		title: () => __("Payment details", "paydesk"),
		parent: "/payments/transactions",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/payment-details/payment-details-screen.tsx"),
	},
	{
		path: "/payments/disputes",
		title: () => __("Disputes", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Disputes", "paydesk"),
		load: () => import("../features/disputes/disputes-screen.tsx"),
	},
	{
		path: "/payments/disputes/details",
		title: () => __("Dispute details", "paydesk"),
		parent: "/payments/disputes",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/dispute-details/dispute-details-screen.tsx"),
	},
	{
		path: "/payments/disputes/challenge",
		title: () => __("Challenge dispute", "paydesk"),
		parent: "/payments/disputes",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/dispute-challenge/dispute-challenge-screen.tsx"),
	},
	{
		path: "/payments/documents",
		title: () => __("Documents", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Documents", "paydesk"),
		enabled: (settings) => settings.featureFlags.documents,
		managedAtStripe: true,
		load: () => import("../features/documents/documents-screen.tsx"),
	},
	{
		path: "/payments/card-readers",
		title: () => __("Card readers", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Card readers", "paydesk"),
		load: () => import("../features/card-readers/card-readers-screen.tsx"),
	},
	{
		path: "/payments/loans",
		title: () => __("Capital Loans", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Capital Loans", "paydesk"),
		managedAtStripe: true,
		load: () => import("../features/loans/loans-screen.tsx"),
	},
	{
		path: "/payments/fraud-protection",
		title: () => __("Advanced fraud protection", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: true,
		menu: () => __("Fraud protection", "paydesk"),
		enabled: (settings) => settings.accountStatus !== null,
		managedAtStripe: true,
		load: () => import("../features/fraud-protection/fraud-protection-screen.tsx"),
	},
	{
		path: "/payments/additional-payment-methods",
		title: () => __("Add payment methods", "paydesk"),
		capability: "manage_woocommerce",
		needsAccount: true,
		menu: () => __("Payment methods", "paydesk"),
		fullScreen: true,
		load: () => import("../features/payment-methods-wizard/payment-methods-wizard-screen.tsx"),
	},
	{
		path: "/payments/multi-currency-setup",
		title: () => __("Set up multiple currencies", "paydesk"),
		capability: "manage_woocommerce",
		needsAccount: true,
		menu: () => __("Multi-currency setup", "paydesk"),
		fullScreen: true,
		load: () => import("../features/multi-currency-wizard/multi-currency-wizard-screen.tsx"),
	},
	{
		path: "/payments/activity",
		title: () => __("Activity", "paydesk"),
		// The audit log names people, their addresses and what they changed: administrators only.
		capability: "manage_options",
		needsAccount: false,
		menu: () => __("Activity", "paydesk"),
		load: () => import("../features/activity/activity-screen.tsx"),
	},
	{
		path: "/payments/developers",
		title: () => __("Developers", "paydesk"),
		capability: "manage_woocommerce",
		otherwise: "/payments/developers/webhooks",
		needsAccount: true,
		menu: () => __("Developers", "paydesk"),
		load: () => import("../features/developers/api-keys-screen.tsx"),
	},
	{
		path: "/payments/developers/logs",
		title: () => __("Request logs", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers/request-logs-screen.tsx"),
	},
	{
		path: "/payments/developers/logs/details",
		title: () => __("Request details", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers/request-log-details-screen.tsx"),
	},
	{
		path: "/payments/developers/webhooks",
		title: () => __("Webhooks", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers-webhooks/webhooks-screen.tsx"),
	},
	{
		path: "/payments/developers/webhooks/details",
		title: () => __("Endpoint details", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers-webhooks/endpoint-details-screen.tsx"),
	},
	{
		path: "/payments/developers/webhooks/delivery",
		title: () => __("Delivery details", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers-webhooks/delivery-details-screen.tsx"),
	},
	{
		path: "/payments/developers/events",
		title: () => __("Events", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers-events/events-screen.tsx"),
	},
	{
		path: "/payments/developers/events/details",
		title: () => __("Event details", "paydesk"),
		parent: "/payments/developers",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/developers-events/event-details-screen.tsx"),
	},
	{
		path: "wc-settings:checkout",
		title: () => __("Settings", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: false,
		menu: () => __("Settings", "paydesk"),
		load: () => import("../features/settings/settings-screen.tsx"),
	},
	{
		// WooCommerce › Settings › General: the store's address, locations and currency.
		path: "wc-settings:general",
		title: () => __("Settings", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: false,
		menu: () => __("Settings", "paydesk"),
		menuGroup: "woocommerce",
		load: () => import("../features/store-settings/store-settings-screen.tsx"),
	},
	{
		path: "wc-settings:wcpay_multi_currency",
		title: () => __("Multi-currency", "paydesk"),
		parent: "wc-settings:checkout",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/multi-currency-settings/multi-currency-settings-screen.tsx"),
	},
	{
		path: "order:edit",
		title: () => __("Edit order", "paydesk"),
		parent: "/payments/transactions",
		capability: "view_woocommerce_reports",
		needsAccount: true,
		load: () => import("../features/order/order-screen.tsx"),
	},
	{
		path: "user:edit",
		title: () => __("Edit User", "paydesk"),
		parent: "/payments/transactions",
		capability: "view_woocommerce_reports",
		needsAccount: false,
		load: () => import("../features/user/user-screen.tsx"),
	},
	{
		path: "options:general",
		title: () => __("General Settings", "paydesk"),
		capability: "manage_options",
		needsAccount: false,
		menu: () => __("General", "paydesk"),
		menuGroup: "settings",
		load: () => import("../features/general-settings/general-settings-screen.tsx"),
	},
	{
		// WordPress asks only `read` here; the admin itself (and POST /wp/v2/users/me) is for
		// users who read the payments, so every user the admin is served to has a profile.
		path: "user:profile",
		title: () => __("Profile", "paydesk"),
		capability: "view_woocommerce_reports",
		needsAccount: false,
		menu: () => __("Profile", "paydesk"),
		menuGroup: "users",
		load: () => import("../features/profile/profile-screen.tsx"),
	},
];

/** A page of the Payments menu (not WooCommerce's general settings or WordPress's own pages). */
export function isPaymentsPage(route: RouteEntry | null): route is RouteEntry {
	return route !== null && (route.menuGroup ?? "payments") === "payments";
}

export function enabledRoutes(settings: PageSettings): RouteEntry[] {
	// A user held to setting up two-factor sign-in has their Profile alone until they have.
	if (settings.twoFactorEnrolmentRequired) return ROUTES.filter((route) => route.path === "user:profile");
	return ROUTES.filter((route) => route.enabled?.(settings) ?? true);
}

/**
 * The page a user lands on for a route: the route itself when they may open it, else its
 * `otherwise` when they may open that; null when neither (the page is not for them).
 */
export function landingPath(settings: PageSettings, route: RouteEntry): string | null {
	if (userCan(settings, route.capability)) return route.path;
	const otherwise =
		route.otherwise && enabledRoutes(settings).find((entry) => entry.path === route.otherwise);
	return otherwise && userCan(settings, otherwise.capability) ? otherwise.path : null;
}

/**
 * The registry key of a location: wc-admin path, wc-settings tab, the order, a user, the
 * general settings or the profile screen.
 */
export function routeKey(pathname: string, query: Record<string, string | string[]>): string | null {
	if (pathname.endsWith("/post.php")) return "order:edit";
	if (pathname.endsWith("/user-edit.php")) return "user:edit";
	if (pathname.endsWith("/options-general.php")) return "options:general";
	if (pathname.endsWith("/profile.php")) return "user:profile";
	const page = query.page;
	if (page === "wc-admin") return typeof query.path === "string" ? query.path : "/payments/overview";
	if (page === "wc-settings") {
		const tab = query.tab === "general" || query.tab === "wcpay_multi_currency" ? query.tab : "checkout";
		return `wc-settings:${tab}`;
	}
	return null;
}

/** Where a route entry lives as a link. */
export function routeHref(path: string): string {
	if (path === "order:edit") return "/wp-admin/post.php";
	if (path === "user:edit") return "/wp-admin/user-edit.php";
	if (path === "options:general") return "/wp-admin/options-general.php";
	if (path === "user:profile") return "/wp-admin/profile.php";
	if (path.startsWith("wc-settings:")) {
		const tab = path.slice("wc-settings:".length);
		return tab === "checkout"
			? "/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments"
			: `/wp-admin/admin.php?page=wc-settings&tab=${tab}`;
	}
	return `/wp-admin/admin.php?page=wc-admin&path=${path}`;
}

/** The root of the Payments menu: connect while the connect entry exists, else overview. */
export function rootPath(settings: PageSettings): string {
	return enabledRoutes(settings).some((route) => route.path === "/payments/connect")
		? "/payments/connect"
		: "/payments/overview";
}
