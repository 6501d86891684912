/**
 * The page router over the wc-admin URL scheme: ?page=wc-admin&path=/payments/… (and the
 * store's settings and order pages). The URL is the state: lists keep their paging, sorting
 * and filters in it, so links and reloads show the same screen.
 */
import { buildQueryString, parseQueryString, type QueryValue } from "@paydesk/domain/query-string";
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from "react";

export type Query = Record<string, string | string[]>;

const NAVIGATE_EVENT = "paydesk:navigate";

function subscribe(callback: () => void): () => void {
	window.addEventListener("popstate", callback);
	window.addEventListener(NAVIGATE_EVENT, callback);
	return () => {
		window.removeEventListener("popstate", callback);
		window.removeEventListener(NAVIGATE_EVENT, callback);
	};
}

const snapshot = () => window.location.pathname + window.location.search;

/** Re-renders on every navigation; answers the current pathname and query. */
export function useLocation(): { pathname: string; query: Query } {
	const href = useSyncExternalStore(subscribe, snapshot, snapshot);
	const index = href.indexOf("?");
	return {
		pathname: index === -1 ? href : href.slice(0, index),
		query: parseQueryString(index === -1 ? "" : href.slice(index + 1)),
	};
}

export function getQuery(): Query {
	return parseQueryString(window.location.search.slice(1));
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
	if (options.replace) window.history.replaceState(null, "", href);
	else window.history.pushState(null, "", href);
	window.dispatchEvent(new Event(NAVIGATE_EVENT));
	if (!options.replace) window.scrollTo?.(0, 0);
}

/** An admin page URL: adminUrl("/payments/payouts", { status_is: "paid" }). */
export function adminUrl(path: string, query: Record<string, QueryValue> = {}): string {
	const rest = buildQueryString(query);
	return `/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path).replace(/%2F/g, "/")}${rest ? `&${rest}` : ""}`;
}

export function settingsUrl(
	query: Record<string, QueryValue> = { tab: "checkout", section: "woocommerce_payments" },
): string {
	return `/wp-admin/admin.php?${buildQueryString({ page: "wc-settings", ...query })}`;
}

export function orderUrl(orderId: number | string): string {
	return `/wp-admin/post.php?post=${encodeURIComponent(String(orderId))}&action=edit`;
}

/**
 * Changes some query values of the current page, keeping the rest (page, path and other
 * filters). A null or empty value removes the key.
 */
export function updateQuery(patch: Record<string, QueryValue>, options: { replace?: boolean } = {}): void {
	const next: Record<string, QueryValue> = { ...getQuery() };
	for (const [key, value] of Object.entries(patch)) {
		if (
			value === null ||
			value === undefined ||
			value === "" ||
			(Array.isArray(value) && value.length === 0)
		) {
			delete next[key];
		} else next[key] = value;
	}
	const { page, path, ...rest } = next;
	const head = buildQueryString({ page, path }).replace(/%2F/g, "/");
	const tail = buildQueryString(rest);
	navigate(`${window.location.pathname}?${[head, tail].filter(Boolean).join("&")}`, options);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
	return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Whether a link is a page of this app, opened without a reload. The connect URL (wcpay-connect)
 * looks like one but is an action the server takes before any page: it must load for real.
 */
export function opensInApp(href: string): boolean {
	return (
		["/wp-admin/admin.php", "/wp-admin/post.php", "/wp-admin/user-edit.php"].some((page) =>
			href.startsWith(page),
		) && !/[?&]wcpay-connect=/.test(href)
	);
}

/** An anchor that navigates inside the admin without a reload (and still opens in a new tab). */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
	const internal = opensInApp(href);
	return (
		<a
			href={href}
			onClick={(event) => {
				onClick?.(event);
				if (event.defaultPrevented || !internal || !isPlainLeftClick(event) || rest.target === "_blank")
					return;
				event.preventDefault();
				navigate(href);
			}}
			{...rest}
		/>
	);
}
