/**
 * The WordPress admin frame: admin bar, the menu (WooCommerce › Settings, Payments, then the
 * user's profile and, for administrators, Settings › General), the header with breadcrumbs and
 * the notifications bell the shell gives it, the page, and the admin footer below it (spec 2:
 * the feedback prompt). Below 782 px the menu folds behind the admin bar's Menu toggle, as
 * WordPress's does (menu-toggle.tsx).
 */
import type { PageSettings } from "@paydesk/contract/page-settings";
import { __, sprintf } from "@wordpress/i18n";
import { type ReactNode, useState } from "react";
import { HeaderActionsSlot } from "./header-actions.tsx";
import { ADMIN_MENU_ID, type FoldedMenu, MenuToggle, useFoldedMenu } from "./menu-toggle.tsx";
import { PageContent } from "./page-notices.ts";
import { Link } from "./router.tsx";
import {
	enabledRoutes,
	landingPath,
	type MenuGroup,
	type RouteEntry,
	rootPath,
	routeHref,
	userCan,
} from "./routes.ts";
import { SandboxClock } from "./sandbox-clock.tsx";

export interface Crumb {
	label: string;
	href?: string;
}

/**
 * Root crumb (connect or overview), the parent's crumb, then the page itself; WordPress's own
 * pages (general settings, profile) are not under Payments and name only themselves.
 */
export function breadcrumbs(route: RouteEntry, settings: PageSettings): Crumb[] {
	if ((route.menuGroup ?? "payments") !== "payments") return [{ label: route.title() }];
	const routes = enabledRoutes(settings);
	const root = rootPath(settings);
	const rootLabel =
		root === "/payments/connect" && settings.featureFlags.adminNavigation
			? settings.productName
			: __("Payments", "paydesk");
	const crumbs: Crumb[] = [{ label: rootLabel, href: routeHref(root) }];
	const parent = route.parent ? routes.find((candidate) => candidate.path === route.parent) : undefined;
	if (parent && parent.path !== root) crumbs.push({ label: parent.title(), href: routeHref(parent.path) });
	if (route.path !== root) crumbs.push({ label: route.title() });
	return crumbs;
}

const MENU_GROUPS: readonly { id: MenuGroup; label: (settings: PageSettings) => string }[] = [
	// WooCommerce's own menu comes before Payments, as in WordPress.
	{ id: "woocommerce", label: () => __("WooCommerce", "paydesk") },
	{ id: "payments", label: () => __("Payments", "paydesk") },
	// WordPress calls it Users for those who manage users (administrators), Profile for the rest.
	{
		id: "users",
		label: (settings) =>
			userCan(settings, "manage_options") ? __("Users", "paydesk") : __("Profile", "paydesk"),
	},
	{ id: "settings", label: () => __("Settings", "paydesk") },
];

function Menu({
	settings,
	current,
	onFollowLink,
}: {
	settings: PageSettings;
	current: RouteEntry | null;
	onFollowLink: () => void;
}) {
	const items = enabledRoutes(settings).filter(
		(route) =>
			route.menu &&
			landingPath(settings, route) !== null &&
			(!route.needsAccount || settings.isAccountConnected),
	);
	const activePath = current?.parent && !current.menu ? current.parent : current?.path;
	const activeGroup = items.find((route) => route.path === activePath)?.menuGroup ?? "payments";
	return (
		// biome-ignore lint/a11y/useKeyWithClickEvents: only notices a link being followed; links have their own keys.
		<nav
			id={ADMIN_MENU_ID}
			aria-label={__("Main menu", "paydesk")}
			onClick={(event) => {
				if (event.target instanceof Element && event.target.closest("a")) onFollowLink();
			}}
		>
			<ul id="adminmenu">
				{MENU_GROUPS.map((group) => {
					const entries = items.filter((route) => (route.menuGroup ?? "payments") === group.id);
					if (entries.length === 0) return null;
					const label = group.label(settings);
					const only = entries.length === 1 ? entries[0] : undefined;
					const className = `menu-top${group.id === activeGroup ? " wp-has-current-submenu" : ""}`;
					// A group of one page named like the group is that page's link (WordPress's Profile).
					if (only && only.menu?.() === label) {
						const currentPage = only.path === activePath;
						return (
							<li key={group.id} className={className}>
								<Link
									className="wp-menu-name"
									href={routeHref(landingPath(settings, only) ?? only.path)}
									aria-current={currentPage ? "page" : undefined}
								>
									{label}
								</Link>
							</li>
						);
					}
					return (
						<li key={group.id} className={className}>
							<span className="wp-menu-name">{label}</span>
							<ul className="wp-submenu">
								{entries.map((route) => (
									<li key={route.path} className={route.path === activePath ? "current" : undefined}>
										<Link
											href={routeHref(landingPath(settings, route) ?? route.path)}
											aria-current={route.path === activePath ? "page" : undefined}
										>
											{route.menu?.()}
										</Link>
									</li>
								))}
							</ul>
						</li>
					);
				})}
			</ul>
		</nav>
	);
}

function AdminBar({ settings, menu }: { settings: PageSettings; menu: FoldedMenu }) {
	return (
		<nav id="wpadminbar" aria-label={__("Toolbar", "paydesk")}>
			<MenuToggle menu={menu} />
			<a className="ab-site" href={routeHref(rootPath(settings))}>
				{settings.siteTitle}
			</a>
			{/* An account connected to Stripe runs on Stripe's time: the sandbox's clock is not its. */}
			{settings.testMode &&
				settings.isAccountConnected &&
				settings.processor !== "stripe" &&
				!settings.twoFactorEnrolmentRequired && <SandboxClock />}
			<div className="ab-account">
				<span>{sprintf(__("Howdy, %s", "paydesk"), settings.user.displayName)}</span>
				<a href={settings.logoutUrl}>{__("Log Out", "paydesk")}</a>
			</div>
		</nav>
	);
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
	return (
		<nav className="woocommerce-layout__header-breadcrumbs" aria-label={__("Breadcrumbs", "paydesk")}>
			<ol>
				{crumbs.map((crumb, index) => (
					<li key={crumb.href ?? crumb.label}>
						{crumb.href && index < crumbs.length - 1 ? (
							<Link href={crumb.href}>{crumb.label}</Link>
						) : (
							<span aria-current={index === crumbs.length - 1 ? "page" : undefined}>{crumb.label}</span>
						)}
					</li>
				))}
			</ol>
		</nav>
	);
}

export function AdminLayout({
	settings,
	route,
	bell,
	footer,
	children,
}: {
	settings: PageSettings;
	route: RouteEntry | null;
	/** The notifications bell, at the end of the header (features/notifications). */
	bell?: ReactNode;
	/** The admin footer, below the page; full-screen pages have none. */
	footer?: ReactNode;
	children: ReactNode;
}) {
	// The header's actions element, for screens that put a button there (app/header-actions.tsx).
	const [headerActions, setHeaderActions] = useState<HTMLElement | null>(null);
	// The page's content element, which the footer watches for notices (app/page-notices.ts).
	const [content, setContent] = useState<HTMLElement | null>(null);
	const menu = useFoldedMenu(route?.path ?? "");
	if (route?.fullScreen) {
		return (
			<div className="paydesk-fullscreen">
				<main id="wpbody-content">{children}</main>
			</div>
		);
	}
	return (
		<div id="wpwrap" className={menu.open ? "wp-responsive-open" : undefined}>
			<a className="screen-reader-shortcut" href="#wpbody-content">
				{__("Skip to main content", "paydesk")}
			</a>
			<AdminBar settings={settings} menu={menu} />
			<Menu settings={settings} current={route} onFollowLink={menu.close} />
			<div id="wpcontent">
				<div className="woocommerce-layout__header">
					<h1 className="woocommerce-layout__header-heading">
						{route ? <Breadcrumbs crumbs={breadcrumbs(route, settings)} /> : __("Payments", "paydesk")}
					</h1>
					<div className="woocommerce-layout__header-actions" ref={setHeaderActions} />
					{bell}
				</div>
				<HeaderActionsSlot.Provider value={headerActions}>
					<PageContent.Provider value={content}>
						<main id="wpbody-content" tabIndex={-1} ref={setContent}>
							{children}
						</main>
						{footer && <footer id="wpfooter">{footer}</footer>}
					</PageContent.Provider>
				</HeaderActionsSlot.Provider>
			</div>
		</div>
	);
}
