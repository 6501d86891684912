/**
 * JSON request bodies as WordPress reads them: an empty body (or one of only whitespace) with
 * `Content-Type: application/json` is no parameters at all, not an error; anything else must be
 * valid JSON (400 rest_invalid_json otherwise, see errors.ts), with fastify's guards against
 * `__proto__` and `constructor.prototype` keys kept, and nested at most MAX_JSON_DEPTH deep, so
 * nothing that walks a body (the Idempotency-Key fingerprint, a stored document) can recurse
 * until the stack runs out.
 */
import type { FastifyInstance } from "fastify";
import { RestError } from "./rest-error.ts";

/** Arrays and objects inside each other; Paydesk's own documents nest a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the text's arrays and objects nest deeper than `max`: one pass over the characters,
 * skipping strings, without building anything. Run before JSON.parse, and before any recursion.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
	let depth = 0;
	let inString = false;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (inString) {
			if (code === 0x5c)
				index++; // a backslash escapes the next character
			else if (code === 0x22) inString = false;
		} else if (code === 0x22) inString = true;
		else if (code === 0x5b || code === 0x7b) {
			if (++depth > max) return true;
		} else if (code === 0x5d || code === 0x7d) depth--;
	}
	return false;
}

export const tooDeep = () =>
	new RestError(
		"rest_invalid_json",
		`Invalid JSON body passed: arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep.`,
		400,
		{ json_error_code: 1, json_error_message: "Maximum stack depth exceeded" },
	);

export function registerJsonBody(app: FastifyInstance): void {
	const parseJson = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		const text = typeof body === "string" ? body : body.toString("utf8");
		if (text.trim() === "") {
			done(null, undefined);
			return;
		}
		if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
			done(tooDeep(), undefined);
			return;
		}
		parseJson(request, text, done);
	});
}
