/**
 * JSON request bodies as WordPress reads them: an empty body (or one of only whitespace) with
 * `Content-Type: application/json` is no parameters at all, not an error; anything else must be
 * valid JSON (400 rest_invalid_json otherwise, see errors.ts), with fastify's guards against
 * `__proto__` and `constructor.prototype` keys kept, and nested at most MAX_JSON_DEPTH deep, so
 * nothing that walks a body (the Idempotency-Key fingerprint, a stored document) can recurse
 * until the stack runs out. No text of a request may hold a NUL character.
 */
import type { FastifyInstance } from "fastify";
import { RestError } from "./rest-error.ts";

/** Arrays and objects inside each other; Paydesk's own documents nest a few levels. */
export const MAX_JSON_DEPTH = 64;

/** What a JSON body holds that no route may take, found before it is parsed. */
export type JsonScan = "ok" | "too-deep" | "nul";

/**
 * One pass over a JSON text, skipping nothing but building nothing: whether its arrays and
 * objects nest deeper than `max`, and whether a string holds a NUL character (`\u0000`), which
 * PostgreSQL refuses to store and a spreadsheet cuts a cell at. Run before JSON.parse, and before
 * any recursion.
 */
export function scanJson(text: string, max: number): JsonScan {
	let depth = 0;
	let inString = false;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (inString) {
			if (code === 0x5c) {
				// A backslash escapes the next character; \u0000 is a NUL.
				if (text.startsWith("u0000", index + 1)) return "nul";
				index++;
			} else if (code === 0x22) inString = false;
		} else if (code === 0x22) inString = true;
		else if (code === 0x5b || code === 0x7b) {
			if (++depth > max) return "too-deep";
		} else if (code === 0x5d || code === 0x7d) depth--;
	}
	return "ok";
}

export const tooDeep = () =>
	new RestError(
		"rest_invalid_json",
		`Invalid JSON body passed: arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep.`,
		400,
		{ json_error_code: 1, json_error_message: "Maximum stack depth exceeded" },
	);

/** A NUL character in a request: refused wherever it is, as no text may hold one. */
export const nulCharacter = () =>
	new RestError("rest_invalid_param", "Text may not hold a NUL character (\\u0000 or %00).", 400);

/**
 * JSON bodies as described above; a URL or a form body holding %00 is refused before any route
 * reads it, as a JSON string holding \u0000 is.
 */
export function registerJsonBody(app: FastifyInstance): void {
	app.addHook("onRequest", async (request) => {
		if (/%00/.test(request.url)) throw nulCharacter();
	});
	app.addHook("preValidation", async (request) => {
		const body = request.body;
		if (
			body &&
			typeof body === "object" &&
			!Array.isArray(body) &&
			/urlencoded/.test(request.headers["content-type"] ?? "")
		) {
			const values = Object.values(body).flat();
			if (values.some((value) => typeof value === "string" && value.includes("\u0000"))) throw nulCharacter();
		}
	});
	const parseJson = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		const text = typeof body === "string" ? body : body.toString("utf8");
		if (text.trim() === "") {
			done(null, undefined);
			return;
		}
		const scan = scanJson(text, MAX_JSON_DEPTH);
		if (scan !== "ok") {
			done(scan === "nul" ? nulCharacter() : tooDeep(), undefined);
			return;
		}
		parseJson(request, text, done);
	});
}
