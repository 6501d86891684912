/**
 * The typed REST client: every call names its route contract, so the path, method and
 * answer type come from packages/contract. Errors arrive as ApiError with the server's code.
 */
import { type BodyOf, buildPath, type ResponseOf, type RouteContract } from "@paydesk/contract/route";
import { buildQueryString, type QueryValue } from "@paydesk/domain/query-string";
import type { ClientRoute } from "./client-route.ts";
import { getSettings } from "./settings.ts";

export class ApiError extends Error {
	readonly code: string;
	readonly status: number;
	readonly data: Record<string, unknown>;

	constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}) {
		super(message);
		this.name = "ApiError";
		this.code = code;
		this.status = status;
		this.data = data;
	}
}

export interface CallInput {
	params?: Record<string, string | number>;
	query?: Record<string, QueryValue>;
	headers?: Record<string, string>;
	signal?: AbortSignal;
	/** The request outlives the page (sent as the page is left). */
	keepalive?: boolean;
}

/**
 * The body a route takes, from its contract: the input of its body schema (required unless the
 * schema accepts undefined). A route that declares no body schema takes no JSON body; it may take
 * a multipart FormData (a file upload), which a JSON schema cannot describe.
 */
export type BodyInput<C extends RouteContract> =
	unknown extends BodyOf<C>
		? { body?: FormData }
		: undefined extends BodyOf<C>
			? { body?: BodyOf<C> }
			: { body: BodyOf<C> };

/** What callRoute takes for a route; it may be left out only when the route needs no body. */
export type RouteInput<C extends RouteContract> = CallInput & BodyInput<C>;

export function routeUrl(contract: ClientRoute, input: Pick<CallInput, "params" | "query"> = {}): string {
	const path = buildPath(contract.path, input.params);
	const query = input.query ? buildQueryString(input.query) : "";
	return query ? `${path}?${query}` : path;
}

async function readError(response: Response): Promise<ApiError> {
	try {
		const body = (await response.json()) as {
			code?: string;
			message?: string;
			data?: Record<string, unknown>;
		};
		return new ApiError(
			body.code ?? "unknown_error",
			body.message ?? response.statusText,
			response.status,
			body.data,
		);
	} catch {
		return new ApiError("unknown_error", response.statusText || "The request failed.", response.status);
	}
}

/** A same-origin fetch with the REST nonce, as the admin's calls must carry it. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set("X-WP-Nonce", getSettings().restNonce);
	if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has("content-type")) {
		headers.set("content-type", "application/json");
	}
	let response: Response;
	try {
		response = await fetch(url, { credentials: "same-origin", ...init, headers });
	} catch (error) {
		if ((error as Error).name === "AbortError") throw error;
		throw new ApiError("network_error", "The server could not be reached. Please check your connection.", 0);
	}
	if (!response.ok) throw await readError(response);
	return response;
}

async function send<C extends RouteContract>(
	contract: C,
	input: CallInput & { body?: unknown },
): Promise<ResponseOf<C>> {
	const route: ClientRoute = contract;
	const { body } = input;
	const response = await apiFetch(routeUrl(route, input), {
		method: route.method,
		body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
		headers: input.headers,
		signal: input.signal,
		keepalive: input.keepalive,
	});
	if (route.produces) return (await response.blob()) as ResponseOf<C>;
	return (await response.json()) as ResponseOf<C>;
}

/** Calls a route with the body its contract declares (and none when it declares none). */
export function callRoute<C extends RouteContract>(
	contract: C,
	...[input = {} as RouteInput<C>]: undefined extends BodyInput<C>["body"]
		? [input?: RouteInput<C>]
		: [input: RouteInput<C>]
): Promise<ResponseOf<C>> {
	return send(contract, input);
}

/**
 * Reads a route without sending any body: for helpers written once for many read routes (a
 * list's page, one object), where the route is a type parameter and its body cannot be known.
 */
export function readRoute<C extends RouteContract>(
	contract: C,
	input: CallInput = {},
): Promise<ResponseOf<C>> {
	return send(contract, input);
}
