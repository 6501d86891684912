import type { FastifyInstance } from "fastify";

/** What a signed-in answer may be kept as: nowhere, by no one (WordPress sends the same for REST). */
export const PRIVATE_NO_STORE = "no-store, private";

/**
 * Headers on every answer: the admin runs only Paydesk's own scripts (the sandbox partner's
 * scripts are served from this origin too), may not be framed, and leaks no referrer.
 */
export const SECURITY_HEADERS = {
	"content-security-policy":
		"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
	"x-content-type-options": "nosniff",
	"referrer-policy": "strict-origin-when-cross-origin",
	"x-frame-options": "SAMEORIGIN",
} as const;

/**
 * The security headers on every answer; an answer to a signed-in user (REST data about
 * customers and money, an admin page) is never cached by the browser or a proxy.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
	app.addHook("onSend", async (request, reply, payload) => {
		// A route may narrow the policy for its own answer (a file shown in place); never widen it.
		const own = reply.getHeader("content-security-policy");
		reply.headers(SECURITY_HEADERS);
		if (typeof own === "string") reply.header("content-security-policy", own);
		if (request.auth?.user && /^\/(wp-json|wp-admin)\//.test(request.url)) {
			reply.header("cache-control", PRIVATE_NO_STORE);
		}
		return payload;
	});
}
