/**
 * A stand-in for the REST API in the transactions component tests: answers by path, records
 * every request (method, URL, headers, body) so a test can assert what the screen asked.
 */
import { vi } from "vitest";

export interface RecordedRequest {
	method: string;
	url: string;
	path: string;
	params: URLSearchParams;
	headers: Headers;
	body: unknown;
}

type Answer = unknown | ((request: RecordedRequest) => Response | unknown | Promise<Response | unknown>);

export function json(body: unknown, status = 200): Response {
	return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function restError(code: string, status: number, data: Record<string, unknown> = {}): Response {
	return json({ code, message: code, data: { status, ...data } }, status);
}

const BASE = "/wp-json/wc/v3/payments";

/** Routes are matched by their exact path, without the REST base ("/transactions/summary"). */
export function stubApi(routes: Record<string, Answer>): RecordedRequest[] {
	const requests: RecordedRequest[] = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: string, init: RequestInit = {}) => {
			const url = new URL(input, "http://localhost");
			const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
			const request: RecordedRequest = {
				method: init.method ?? "GET",
				url: input,
				path,
				params: url.searchParams,
				headers: new Headers(init.headers),
				body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
			};
			requests.push(request);
			if (!(path in routes)) {
				if (path === "/wp-json/wp/v2/users/me") return json({ id: 1, meta: {} });
				return restError("rest_no_route", 404);
			}
			const route = routes[path];
			const answer = typeof route === "function" ? await route(request) : route;
			return answer instanceof Response ? answer : json(answer);
		}),
	);
	return requests;
}
