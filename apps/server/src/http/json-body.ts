/**
 * JSON request bodies as WordPress reads them: an empty body (or one of only whitespace) with
 * `Content-Type: application/json` is no parameters at all, not an error; anything else must be
 * valid JSON (400 rest_invalid_json otherwise, see errors.ts), with fastify's guards against
 * `__proto__` and `constructor.prototype` keys kept.
 */
import type { FastifyInstance } from "fastify";

export function registerJsonBody(app: FastifyInstance): void {
	const parseJson = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		const text = typeof body === "string" ? body : body.toString("utf8");
		if (text.trim() === "") {
			done(null, undefined);
			return;
		}
		parseJson(request, text, done);
	});
}
