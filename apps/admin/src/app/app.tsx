/**
 * The shell: resolves the route of the URL, guards it, and renders its lazily loaded screen;
 * records each payments page shown (app/tracks.ts), and puts the feedback prompt in the admin
 * footer of the payments pages once the first screen has its data.
 */
import type { PageSettings } from "@paydesk/contract/page-settings";
import { QueryClientProvider, useIsFetching } from "@tanstack/react-query";
import { Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { ManagedAtStripe } from "../components/managed-at-stripe/managed-at-stripe.tsx";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { ErrorBoundary } from "./error-boundary.tsx";
import { AdminLayout } from "./layout.tsx";
import { LiveUpdates } from "./live-updates.tsx";
import { NoticeArea } from "./notices.tsx";
import { createQueryClient } from "./query-client.ts";
import { navigate, useLocation } from "./router.tsx";
import {
	enabledRoutes,
	isPaymentsPage,
	landingPath,
	type RouteEntry,
	routeHref,
	routeKey,
	userCan,
} from "./routes.ts";
import { getSettings } from "./settings.ts";
import { recordEvent } from "./tracks.ts";

const screens = new Map<string, ComponentType>();

type FeedbackPromptModule = typeof import("../components/feedback-prompt/feedback-prompt.tsx");

/**
 * The admin footer's feedback prompt, in a chunk of its own loaded once the first screen has its
 * data (it waits for the screen anyway). Rendered as a plain component once loaded, not through
 * React.lazy: a Suspense boundary revealed while the merchant opens a menu took the focus out of
 * the menu's popover.
 */
function useFeedbackPrompt(load: boolean): FeedbackPromptModule["FeedbackPrompt"] | null {
	const [module, setModule] = useState<FeedbackPromptModule | null>(null);
	useEffect(() => {
		if (!load || module) return;
		let current = true;
		void import("../components/feedback-prompt/feedback-prompt.tsx").then((loaded) => {
			if (current) setModule(loaded);
		});
		return () => {
			current = false;
		};
	}, [load, module]);
	return module?.FeedbackPrompt ?? null;
}

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
	// A user whose role requires two-factor sign-in sets it up on their Profile before anything else.
	if (settings.twoFactorEnrolmentRequired && key !== "user:profile")
		return { route: null, redirect: routeHref("user:profile"), allowed: true };
	const route = key ? (enabledRoutes(settings).find((entry) => entry.path === key) ?? null) : null;
	const allowed = route === null || userCan(settings, route.capability);
	// A page that is not the user's may send them to one of its section that is (its otherwise).
	const landing = route && !allowed ? landingPath(settings, route) : null;
	if (landing) return { route, redirect: routeHref(landing), allowed };
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

/**
 * Records a page view once per Payments page shown (a change of its query, such as the next
 * page of a list, is the same page): its registry path, never the ids of its query.
 */
function usePageView(shown: RouteEntry | null): void {
	const path = isPaymentsPage(shown) ? shown.path : null;
	useEffect(() => {
		if (path) recordEvent("wcpay_page_view", { path });
	}, [path]);
}

/** Tells the shell once the screen, its chunk loaded, is on the page with its data asked for. */
function Shown({ onShown }: { onShown: () => void }) {
	useEffect(() => onShown(), [onShown]);
	return null;
}

export function Screen({ route, onShown }: { route: RouteEntry; onShown: () => void }) {
	const Component = screenFor(route);
	const atStripe = route.managedAtStripe && getSettings().processor === "stripe";
	return (
		<>
			{atStripe ? <ManagedAtStripe title={route.title()} /> : <Component />}
			<Shown onShown={onShown} />
		</>
	);
}

/**
 * True from the moment the first screen shown has its first data: the admin footer waits for it,
 * so that what the footer asks for never comes before what the page asks for (the overview shows
 * its balance after at most four calls).
 */
function useFirstScreenSettled(): { settled: boolean; onShown: () => void } {
	const [shown, setShown] = useState(false);
	const [settled, setSettled] = useState(false);
	const fetching = useIsFetching();
	useEffect(() => {
		if (shown && fetching === 0) setSettled(true);
	}, [shown, fetching]);
	return { settled, onShown: useCallback(() => setShown(true), []) };
}

export function Shell() {
	const settings = getSettings();
	const { pathname, query } = useLocation();
	const { route, redirect, allowed } = resolveRoute(settings, pathname, query);

	useEffect(() => {
		if (redirect) navigate(redirect, { replace: true });
	}, [redirect]);

	usePageView(allowed && !redirect ? route : null);

	useEffect(() => {
		const title = route ? route.title() : __("Page not found", "paydesk");
		document.title = `${title} ‹ ${settings.siteTitle} — ${settings.productName}`;
	}, [route, settings]);

	// Live updates, the bell and the feedback prompt are for those who see the account's payments.
	const live =
		settings.isAccountConnected &&
		userCan(settings, "view_woocommerce_reports") &&
		!settings.twoFactorEnrolmentRequired;
	const firstScreen = useFirstScreenSettled();
	const FeedbackPrompt = useFeedbackPrompt(live && firstScreen.settled);
	return (
		<AdminLayout
			settings={settings}
			route={route}
			bell={live ? <NotificationBell /> : null}
			footer={FeedbackPrompt && isPaymentsPage(route) ? <FeedbackPrompt /> : null}
		>
			<ErrorBoundary resetKey={route?.path ?? ""}>
				<Suspense
					fallback={
						<div className="paydesk-loading" role="status">
							<Spinner />
							<span className="screen-reader-text">{__("Loading…", "paydesk")}</span>
						</div>
					}
				>
					{redirect ? null : !allowed ? (
						<NotAllowed />
					) : route ? (
						<Screen route={route} onShown={firstScreen.onShown} />
					) : (
						<PageNotFound />
					)}
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
