/**
 * The network of the admin's component tests, one way for all of them: `stubApi(...handlers)`
 * answers the admin's fetch calls and records each request. A handler answers one route
 * contract of packages/contract, `on(route).reply(resolve)`, and its answer is typed from the
 * route's response schema, so a fixture that no longer matches the API fails to compile; it is
 * also checked against the schema when sent, which catches what a cast let through.
 *
 * A request is matched by its method and the route's path template ({name} matches one path
 * segment); the most specific template wins ("/users/me" before "/users/{id}"), and of two
 * handlers for one route the later one, so a test can add an override after the defaults.
 * A request no handler answers is answered 501 with its method and URL, and fails the test, as
 * does a handler that throws or an answer the route's schema refuses.
 *
 * Two URLs the admin calls have no route contract: the connect URL (an admin page that answers
 * the sandbox flow in JSON) and the sandbox partner's notifications. `onUrl` answers those.
 */
import type { BodyOf, HttpMethod, ParamsOf, ResponseInputOf, RouteContract } from "@paydesk/contract/route";
import { parseQueryString } from "@paydesk/domain/query-string";
import { onTestFinished } from "vitest";

/** One request the admin sent, as a test asserts it. */
export interface RecordedRequest {
	method: string;
	/** The URL as fetched (path and query string). */
	url: string;
	/** The URL's path, without the query string. */
	path: string;
	/** The route contract that answered, or null (a URL outside the contract, or unanswered). */
	route: RouteContract | null;
	/** The path parameters of the route's template, decoded. */
	params: Record<string, string>;
	/** The query string as the server reads it: `a[0]=x&a[1]=y` is a list. */
	query: Record<string, string | string[]>;
	headers: Headers;
	/** The JSON body parsed, a FormData as sent, or undefined without a body. */
	body: unknown;
}

/** What a handler of `route` is given. */
export interface RouteRequest<C extends RouteContract> {
	/** The path parameters as the URL has them (strings: the server coerces them). */
	params: { [Name in keyof ParamsOf<C>]: string };
	query: Record<string, string | string[] | undefined>;
	/** The JSON body the admin sent, as the route takes it. */
	body: BodyOf<C>;
	request: RecordedRequest;
}

const REPLY = Symbol("reply");

interface ReplyOf<Kind extends string> {
	readonly [REPLY]: Kind;
	readonly status: number;
	readonly body: BodyInit | null;
	readonly headers: Record<string, string>;
}

/** A WordPress REST error: `{ code, message, data: { status, … } }`. */
export type ErrorReply = ReplyOf<"error">;
/** A file, for a route that `produces` one (a PDF, a CSV). */
export type FileReply = ReplyOf<"file">;
/** Any JSON with any status: only for the URLs outside the contract (`onUrl`). */
export type RawReply = ReplyOf<"raw">;
type Reply = ErrorReply | FileReply | RawReply;

/** What a handler of `route` may answer: the route's response, a REST error, or a file. */
export type Answer<C extends RouteContract> = ResponseInputOf<C> | ErrorReply | FileReply;

type Awaitable<T> = T | Promise<T>;

export interface Handler {
	readonly method: string;
	readonly path: string;
	readonly route: RouteContract | null;
	readonly resolve: (request: RecordedRequest) => Awaitable<unknown>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=UTF-8" };

/** A WordPress REST error, as the client reads it into an ApiError (app/api.ts). */
export function restError(
	status: number,
	code: string,
	message: string = code,
	data: Record<string, unknown> = {},
): ErrorReply {
	return {
		[REPLY]: "error",
		status,
		body: JSON.stringify({ code, message, data: { status, ...data } }),
		headers: JSON_HEADERS,
	};
}

/** A file with its headers (content type, disposition), for a route that `produces` one. */
export function fileReply(body: BodyInit, headers: Record<string, string>): FileReply {
	return { [REPLY]: "file", status: 200, body, headers };
}

/** Any JSON with any status, for `onUrl` only: what a partner answers, right or wrong. */
export function rawJson(body: unknown, status = 200): RawReply {
	return { [REPLY]: "raw", status, body: JSON.stringify(body), headers: JSON_HEADERS };
}

/** An answer that never comes (an upload still running when the test looks). */
export function pending(): Promise<never> {
	return new Promise<never>(() => undefined);
}

/** An answer the test gives when it chooses: return `promise`, later call `resolve`. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
	let resolve: (value: T) => void = () => undefined;
	const promise = new Promise<T>((settle) => {
		resolve = settle;
	});
	return { promise, resolve };
}

/**
 * The handler of `route`: `on(route).reply(({ params, query, body }) => answer)`. (Two steps so
 * that the route fixes the answer's type before the compiler reads the answer: given together,
 * it would read "pending" in `{ status: "pending" }` as any string.)
 */
export function on<C extends RouteContract>(
	route: C,
): { reply: (resolve: (request: RouteRequest<C>) => Awaitable<Answer<C>>) => Handler } {
	return {
		reply: (resolve) => ({
			method: route.method,
			path: route.path,
			route,
			resolve: (request) =>
				resolve({
					params: request.params as RouteRequest<C>["params"],
					query: request.query,
					body: request.body as BodyOf<C>,
					request,
				}),
		}),
	};
}

/**
 * Answers a URL the contract does not describe (the connect URL, the partner's notifications):
 * name the answer's type, `onUrl<ConnectUrlAnswer>(…)`, or answer with `rawJson`.
 */
export function onUrl<T = never>(
	method: HttpMethod,
	path: string,
	resolve: (request: RecordedRequest) => Awaitable<T | RawReply | ErrorReply>,
): Handler {
	return { method, path, route: null, resolve };
}

const isReply = (value: unknown): value is Reply =>
	typeof value === "object" && value !== null && REPLY in value;

interface Compiled {
	handler: Handler;
	pattern: RegExp;
	names: string[];
	order: number;
}

function compile(handler: Handler, order: number): Compiled {
	const names: string[] = [];
	const source = handler.path
		.split(/(\{\w+\})/)
		.map((part) => {
			const name = /^\{(\w+)\}$/.exec(part)?.[1];
			if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
			names.push(name);
			return "([^/]+)";
		})
		.join("");
	return { handler, pattern: new RegExp(`^${source}$`), names, order };
}

/** The handler for a request: fewest path parameters first, then the one given last. */
function match(
	handlers: Compiled[],
	method: string,
	path: string,
): { handler: Handler; params: Record<string, string> } | null {
	let best: { compiled: Compiled; values: string[] } | null = null;
	for (const compiled of handlers) {
		if (compiled.handler.method !== method) continue;
		const found = compiled.pattern.exec(path);
		if (!found) continue;
		const better =
			best === null ||
			compiled.names.length < best.compiled.names.length ||
			(compiled.names.length === best.compiled.names.length && compiled.order > best.compiled.order);
		if (better) best = { compiled, values: found.slice(1) };
	}
	if (!best) return null;
	const params: Record<string, string> = {};
	best.compiled.names.forEach((name, index) => {
		params[name] = decodeURIComponent(best.values[index] ?? "");
	});
	return { handler: best.compiled.handler, params };
}

function parseBody(body: RequestInit["body"]): unknown {
	if (typeof body !== "string") return body ?? undefined;
	try {
		return JSON.parse(body) as unknown;
	} catch {
		return body;
	}
}

function record(input: string | URL | Request, init: RequestInit): RecordedRequest {
	const request = input instanceof Request ? input : null;
	const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
	const headers = new Headers(request?.headers);
	new Headers(init.headers).forEach((value, name) => {
		headers.set(name, value);
	});
	const parsed = new URL(url, "http://localhost");
	return {
		method: (init.method ?? request?.method ?? "GET").toUpperCase(),
		url,
		path: parsed.pathname,
		route: null,
		params: {},
		query: { ...parseQueryString(parsed.search.slice(1)) },
		headers,
		body: parseBody(init.body),
	};
}

function abortError(): DOMException {
	return new DOMException("The operation was aborted.", "AbortError");
}

/** Settles as `answer` does, or rejects as fetch does when the request is aborted first. */
function abortable<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
	if (!signal) return answer;
	if (signal.aborted) return Promise.reject(abortError());
	return new Promise<T>((resolve, reject) => {
		signal.addEventListener("abort", () => reject(abortError()), { once: true });
		answer.then(resolve, reject);
	});
}

function describeIssues(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
	return error.issues
		.slice(0, 5)
		.map((issue) => `${issue.path.map(String).join(".") || "(the answer)"}: ${issue.message}`)
		.join("; ");
}

/**
 * Answers the admin's fetch calls with `handlers` until the test ends, and returns the requests
 * as they arrive. Call it in a test or a beforeEach; calling it again replaces the handlers.
 */
export function stubApi(...handlers: Handler[]): RecordedRequest[] {
	const compiled = handlers.map(compile);
	const requests: RecordedRequest[] = [];
	const problems: string[] = [];

	const answerWith = (answer: unknown, request: RecordedRequest): Response => {
		if (isReply(answer)) return new Response(answer.body, { status: answer.status, headers: answer.headers });
		const route = request.route;
		if (route) {
			const checked = route.response.safeParse(answer);
			if (!checked.success) {
				problems.push(
					`${request.method} ${request.url}: the answer does not match the response of ${route.method} ${route.path}: ${describeIssues(checked.error)}`,
				);
			}
		}
		return new Response(JSON.stringify(answer), { status: 200, headers: JSON_HEADERS });
	};

	const stub = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
		const request = record(input, init);
		requests.push(request);
		const found = match(compiled, request.method, request.path);
		if (!found) {
			const message = `No handler of stubApi answers ${request.method} ${request.url}`;
			problems.push(message);
			return answerWith(restError(501, "paydesk_test_unhandled_request", message), request);
		}
		request.route = found.handler.route;
		request.params = found.params;
		let answer: unknown;
		try {
			answer = await abortable(
				Promise.resolve().then(() => found.handler.resolve(request)),
				init.signal ?? (input instanceof Request ? input.signal : null),
			);
		} catch (error) {
			if (error instanceof DOMException && error.name === "AbortError") throw error;
			problems.push(`${request.method} ${request.url}: the handler threw ${String(error)}`);
			return answerWith(restError(500, "paydesk_test_handler_error", String(error)), request);
		}
		return answerWith(answer, request);
	};

	const previous = globalThis.fetch;
	globalThis.fetch = stub as typeof fetch;
	onTestFinished(() => {
		if (globalThis.fetch === stub) globalThis.fetch = previous;
		if (problems.length > 0) {
			throw new Error(`The stubbed API saw ${problems.length} problem(s):\n${problems.join("\n")}`);
		}
	});
	return requests;
}
