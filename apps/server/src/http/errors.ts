/**
 * Every failure answers in the WordPress REST shape; server errors are logged with the
 * request id and never leak a stack trace.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { IDEMPOTENCY_KEY_REUSED } from "@paydesk/contract/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IdempotencyKeyReused } from "../ledger/idempotency.ts";
import { wpDiePage } from "./html.ts";
import { noRoute, RestError } from "./rest-error.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";

const UNAVAILABLE_CODES = new Set([
	"ECONNREFUSED",
	"ECONNRESET",
	"ETIMEDOUT",
	"57P01",
	"57P03",
	"08006",
	"08001",
	"08003",
]);

function isDatabaseUnavailable(error: unknown): boolean {
	const code = (error as { code?: unknown }).code;
	const message = String((error as { message?: unknown }).message ?? "");
	return (
		(typeof code === "string" && UNAVAILABLE_CODES.has(code)) ||
		// pg's own words for a connection the server ended, or one it cannot use since.
		/Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|is not queryable/.test(
			message,
		)
	);
}

/** What the multipart parser (busboy) throws on a body that is cut short or malformed. */
const MALFORMED_MULTIPART =
	/terminated early|Unexpected end of (form|multipart)|Malformed part header|Boundary not found|Multipart: /i;

function toRestError(error: FastifyError | RestError | Error): RestError | null {
	if (error instanceof RestError) return error;
	// One answer for a key brought back with another request, whichever layer found it: the HTTP
	// layer's claim or a money movement's own check in its transaction (ledger/idempotency.ts).
	if (error instanceof IdempotencyKeyReused) {
		return new RestError(IDEMPOTENCY_KEY_REUSED, error.message, 400);
	}
	// A client's broken upload is its own fault (400), not a server error.
	if (MALFORMED_MULTIPART.test(String(error.message))) {
		return new RestError("rest_invalid_param", "The multipart body is malformed or incomplete.", 400);
	}
	const fastifyError = error as FastifyError;
	switch (fastifyError.code) {
		case "FST_ERR_CTP_BODY_TOO_LARGE":
			return new RestError(
				"rest_payload_too_large",
				"The request body is larger than the server accepts.",
				413,
			);
		case "FST_ERR_CTP_INVALID_JSON_BODY":
		case "FST_ERR_CTP_EMPTY_JSON_BODY":
			return new RestError("rest_invalid_json", "Invalid JSON body passed.", 400);
		case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
			return new RestError(
				"rest_unsupported_media_type",
				"The request's content type is not supported.",
				415,
			);
		case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
			return new RestError("rest_invalid_param", "The Content-Length header does not match the body.", 400);
		case "FST_REQ_FILE_TOO_LARGE":
		case "FST_FILES_LIMIT":
		case "FST_PARTS_LIMIT":
			return new RestError(
				"rest_payload_too_large",
				"The uploaded file is larger than the server accepts.",
				413,
			);
		case "FST_INVALID_MULTIPART_CONTENT_TYPE":
			return new RestError("rest_invalid_param", "The request is not a multipart upload.", 400);
	}
	if (
		typeof fastifyError.statusCode === "number" &&
		fastifyError.statusCode >= 400 &&
		fastifyError.statusCode < 500
	) {
		return new RestError("rest_invalid_request", fastifyError.message, fastifyError.statusCode);
	}
	return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
	app.setErrorHandler((error, request, reply) => {
		const known = toRestError(error as FastifyError);
		if (known) {
			// The rest of a refused oversized body is never read: close the connection rather than
			// leave a half-read request holding the socket (or read the rest only to discard it).
			if (known.status === 413) reply.header("connection", "close");
			if (known.status === 429 && typeof known.data.retry_after === "number") {
				reply.header("retry-after", String(known.data.retry_after));
			}
			return reply.code(known.status).send(known.toBody());
		}
		if (isDatabaseUnavailable(error)) {
			request.log.error({ err: error }, "database unavailable");
			return reply
				.code(503)
				.header("retry-after", "5")
				.send({
					code: "rest_service_unavailable",
					message: "The payments database is unavailable. Please try again in a moment.",
					data: { status: 503, request_id: request.id },
				});
		}
		request.log.error({ err: error }, "request failed");
		return reply.code(500).send({
			code: "internal_server_error",
			message: "There has been a critical error on this website.",
			data: { status: 500, request_id: request.id },
		});
	});

	app.setNotFoundHandler((request, reply) => {
		if (request.url.startsWith("/wp-json/")) return reply.code(404).send(noRoute().toBody());
		return reply
			.code(404)
			.type("text/html; charset=utf-8")
			.send(wpDiePage("Sorry, this page could not be found.", "Page not found"));
	});
}

/** What Node's HTTP parser reports before Fastify has a request, as the REST error it answers. */
function clientErrorOf(code: string | undefined): RestError {
	switch (code) {
		case "HPE_HEADER_OVERFLOW":
			return new RestError(
				"rest_headers_too_large",
				"The request's headers are larger than the server accepts.",
				431,
			);
		case "ERR_HTTP_REQUEST_TIMEOUT":
			return new RestError("rest_request_timeout", "The request took too long to arrive.", 408);
		default:
			return new RestError(
				"rest_invalid_request",
				"The HTTP request could not be read: its request line or headers are malformed.",
				400,
			);
	}
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse (headers too large, a malformed
 * line, a bad header character) is answered in the WordPress shape with the security headers,
 * not Fastify's own, and the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
	if (error.code === "ECONNRESET" || !socket.writable) {
		socket.destroy();
		return;
	}
	const known = clientErrorOf(error.code);
	const body = JSON.stringify(known.toBody());
	const headers = {
		"content-type": "application/json; charset=utf-8",
		"content-length": String(Buffer.byteLength(body)),
		connection: "close",
		...SECURITY_HEADERS,
	};
	const head = Object.entries(headers)
		.map(([name, value]) => `${name}: ${value}`)
		.join("\r\n");
	socket.end(`HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n${head}\r\n\r\n${body}`);
}

/**
 * Fastify's frameworkErrors: a URL it cannot decode, or a route constraint it cannot check, is a
 * 400 in the WordPress shape with the security headers (no hook runs for such a request).
 */
export function answerFrameworkError(
	error: FastifyError,
	_request: FastifyRequest,
	reply: FastifyReply,
): void {
	const known =
		error.code === "FST_ERR_BAD_URL"
			? new RestError("rest_invalid_request", "The request's URL is malformed: it cannot be decoded.", 400)
			: new RestError("rest_invalid_request", error.message, 400);
	void reply.code(known.status).headers(SECURITY_HEADERS).send(known.toBody());
}
