/**
 * The request log's URL: its filters, read once. The page's own `path` parameter is the admin's
 * route (page=wc-admin&path=…), so the path filter lives under `request_path`; the others carry
 * the route's names. A status class the route does not know is left out; a path is sent as
 * typed, and the server says what is wrong with it.
 */
import { STATUS_CLASSES } from "@paydesk/contract/developers";
import { adminUrl, type Query } from "../../app/router.tsx";
import type { RequestLogFilters } from "../../data/request-log.ts";

export const REQUEST_LOGS_PATH = "/payments/developers/logs";
export const REQUEST_LOG_DETAILS_PATH = "/payments/developers/logs/details";

/** Each filter's URL parameter. */
export const REQUEST_LOG_URL_PARAMS = {
	status_class: "status_class",
	path: "request_path",
	key_name: "key_name",
} as const satisfies Record<keyof RequestLogFilters, string>;

type FilterName = keyof typeof REQUEST_LOG_URL_PARAMS;

const single = (value: string | string[] | undefined): string =>
	(Array.isArray(value) ? value[0] : value)?.trim() ?? "";

export function requestLogFilters(query: Query): RequestLogFilters {
	const filters: RequestLogFilters = {};
	for (const name of Object.keys(REQUEST_LOG_URL_PARAMS) as FilterName[]) {
		const value = single(query[REQUEST_LOG_URL_PARAMS[name]]);
		if (value !== "") filters[name] = value;
	}
	if (filters.status_class && !(STATUS_CLASSES as readonly string[]).includes(filters.status_class)) {
		delete filters.status_class;
	}
	return filters;
}

/** The URL patch that shows the list with these filters (an empty one is removed). */
export function filtersToQuery(filters: RequestLogFilters): Record<string, string | undefined> {
	const patch: Record<string, string | undefined> = {};
	for (const name of Object.keys(REQUEST_LOG_URL_PARAMS) as FilterName[]) {
		patch[REQUEST_LOG_URL_PARAMS[name]] = filters[name]?.trim() || undefined;
	}
	return patch;
}

export const requestLogDetailsUrl = (id: string): string => adminUrl(REQUEST_LOG_DETAILS_PATH, { id });

export const requestLogsUrl = (): string => adminUrl(REQUEST_LOGS_PATH);
