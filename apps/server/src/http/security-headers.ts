import type { FastifyInstance } from "fastify";

/**
 * Headers on every answer: the admin runs only Paydesk's own scripts (the sandbox partner's
 * scripts are served from this origin too), may not be framed, and leaks no referrer.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
	app.addHook("onSend", async (_request, reply, payload) => {
		reply.header(
			"content-security-policy",
			"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
		);
		reply.header("x-content-type-options", "nosniff");
		reply.header("referrer-policy", "strict-origin-when-cross-origin");
		reply.header("x-frame-options", "SAMEORIGIN");
		return payload;
	});
}
