/** The shell: resolves the route of the URL, guards it, and renders its lazily loaded screen. */
import type { PageSettings } from "@paydesk/contract/page-settings";
import { QueryClientProvider } from "@tanstack/react-query";
import { Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from "react";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { ErrorBoundary } from "./error-boundary.tsx";
import { AdminLayout } from "./layout.tsx";
import { LiveUpdates } from "./live-updates.tsx";
import { NoticeArea } from "./notices.tsx";
import { createQueryClient } from "./query-client.ts";
import { navigate, useLocation } from "./router.tsx";
import { enabledRoutes, type RouteEntry, routeHref, routeKey, userCan } from "./routes.ts";
import { getSettings } from "./settings.ts";

const screens = new Map<string, ComponentType>();

/** One lazy component per route, created once so React keeps its state across renders. */
function screenFor(route: RouteEntry): ComponentType {
	let screen = screens.get(route.path);
	if (!screen) {
		screen = lazy(route.load);
		screens.set(route.path, screen);
	}
	return screen;
}

export function resolveRoute(
	settings: PageSettings,
	pathname: string,
	query: Record<string, string | string[]>,
): { route: RouteEntry | null; redirect: string | null; allowed: boolean } {
	const key = routeKey(pathname, query);
	const route = key ? (enabledRoutes(settings).find((entry) => entry.path === key) ?? null) : null;
	const allowed = route === null || userCan(settings, route.capability);
	if (allowed && route?.needsAccount && !settings.isAccountConnected)
		return { route, redirect: routeHref("/payments/connect"), allowed };
	if (key === "/payments/connect" && !route)
		return { route: null, redirect: routeHref("/payments/overview"), allowed };
	return { route, redirect: null, allowed };
}

function PageNotFound() {
	return (
		<div className="paydesk-page">
			<h2>{__("Page not found", "paydesk")}</h2>
			<p>{__("This admin page does not exist, or it is not enabled for this store.", "paydesk")}</p>
		</div>
	);
}

/** WordPress's answer to a page the user's role may not open (the server answers it too). */
function NotAllowed() {
	return (
		<div className="paydesk-page">
			<p>{__("Sorry, you are not allowed to access this page.", "paydesk")}</p>
		</div>
	);
}

function Screen({ route }: { route: RouteEntry }) {
	const Component = screenFor(route);
	return <Component />;
}

export function Shell() {
	const settings = getSettings();
	const { pathname, query } = useLocation();
	const { route, redirect, allowed } = resolveRoute(settings, pathname, query);

	useEffect(() => {
		if (redirect) navigate(redirect, { replace: true });
	}, [redirect]);

	useEffect(() => {
		const title = route ? route.title() : __("Page not found", "paydesk");
		document.title = `${title} ‹ ${settings.siteTitle} — ${settings.productName}`;
	}, [route, settings]);

	// Live updates and the bell are for those who see the account's payments.
	const live = settings.isAccountConnected && userCan(settings, "manage_woocommerce");
	return (
		<AdminLayout settings={settings} route={route} bell={live ? <NotificationBell /> : null}>
			<ErrorBoundary resetKey={route?.path ?? ""}>
				<Suspense
					fallback={
						<div className="paydesk-loading" role="status">
							<Spinner />
							<span className="screen-reader-text">{__("Loading…", "paydesk")}</span>
						</div>
					}
				>
					{redirect ? null : !allowed ? <NotAllowed /> : route ? <Screen route={route} /> : <PageNotFound />}
				</Suspense>
			</ErrorBoundary>
			<NoticeArea />
			{live && <LiveUpdates />}
		</AdminLayout>
	);
}

export function App() {
	const queryClient = useMemo(createQueryClient, []);
	return (
		<QueryClientProvider client={queryClient}>
			<Shell />
		</QueryClientProvider>
	);
}
