import type { z } from "zod";
import type { RateLimitName } from "./rate-limits.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * What a caller must be able to do, named as WordPress's current_user_can() names it:
 * view_woocommerce_reports reads the payments and exports them (administrators, shop managers
 * and payments viewers); manage_woocommerce changes the store and moves its money
 * (administrators and shop managers); manage_options is the administrator's (site settings,
 * developer secrets).
 */
export type Capability = "view_woocommerce_reports" | "manage_woocommerce" | "manage_options";

/**
 * One REST route: the single source for request validation on the server, the typed client
 * in the admin, and the OpenAPI document. Paths use `{name}` for path parameters.
 */
export interface RouteContract<
	Params extends z.ZodType = z.ZodType,
	Query extends z.ZodType = z.ZodType,
	Body extends z.ZodType = z.ZodType,
	Response extends z.ZodType = z.ZodType,
> {
	method: HttpMethod;
	path: string;
	summary: string;
	tag: string;
	params?: Params;
	query?: Query;
	body?: Body;
	response: Response;
	/** Routes anyone may call (the OpenAPI document). Every other route needs `capability`. */
	public?: boolean;
	/**
	 * What the caller must be able to do, when not the default of its method (capabilityOf):
	 * exports and the caller's own preferences say view_woocommerce_reports, secrets say
	 * manage_woocommerce or manage_options.
	 */
	capability?: Capability;
	/** Error codes this route answers besides the common ones (400, 401, 403). */
	errors?: readonly string[];
	/** The answer is not JSON (a CSV or a PDF), described by the content type. */
	produces?: string;
	/** An expensive route, limited per user to the named rate of RATE_LIMITS. */
	rateLimit?: RateLimitName;
}

export function defineRoute<
	Params extends z.ZodType,
	Query extends z.ZodType,
	Body extends z.ZodType,
	Response extends z.ZodType,
>(contract: RouteContract<Params, Query, Body, Response>): RouteContract<Params, Query, Body, Response> {
	return contract;
}

/**
 * The capability a route asks for, decided here once: its contract's own, else reading (GET)
 * needs view_woocommerce_reports and any other method, a change, needs manage_woocommerce.
 */
export function capabilityOf(route: Pick<RouteContract, "method" | "capability">): Capability {
	return route.capability ?? (route.method === "GET" ? "view_woocommerce_reports" : "manage_woocommerce");
}

export type ParamsOf<C> =
	C extends RouteContract<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
export type QueryOf<C> =
	C extends RouteContract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type QueryInputOf<C> =
	C extends RouteContract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<C> =
	C extends RouteContract<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<C> =
	C extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
/** What a route's handler may answer (its response schema's input), e.g. a test's fixture. */
export type ResponseInputOf<C> =
	C extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;

/** Fills `{name}` path parameters: buildPath("/deposits/{id}", { id: "po_1" }). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
		return encodeURIComponent(String(value));
	});
}

export const REST_BASE = "/wp-json/wc/v3/payments";
