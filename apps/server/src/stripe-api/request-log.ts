/**
 * The request log of Stripe's API: each `/v1` request made with a key of an account, written in
 * one INSERT once its answer has gone out (onResponse), so the caller never waits for it. The
 * answer's text is caught on its way out (onSend); a write that fails is logged and dropped, never
 * turned into an error of a request already answered. Requests without a valid key name no
 * account and are not kept.
 *
 * Parameters and answers are stored redacted: card numbers (any value of 12 to 19 digits, and
 * every `number`), CVCs, and secrets by name or by look (http/log-redaction.ts: keys, client
 * secrets, webhook secrets). The answer is kept up to RESPONSE_KEPT_CHARS.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { newOrderedId } from "../db/ids.ts";
import type { Database, RequestLogTable } from "../db/schema.ts";
import { looksSecret, REDACTED } from "../http/log-redaction.ts";
import { queryOf } from "./params.ts";

/** How long the log keeps a request (server time). */
export const REQUEST_LOG_RETENTION_SECONDS = 7 * 86_400;

/** The answer's text kept per request: a page of 100 objects fits, a runaway answer does not. */
export const RESPONSE_KEPT_CHARS = 64 * 1024;

/** Names whose value is always hidden: card numbers and codes, secrets, passwords, tokens. */
const SECRET_NAME = /^(number|cvc|cvv|cvc2|pin)$|secret|password|token|^(key|api_key|authorization)$/i;
/** A card number, with or without spaces or dashes. */
const CARD_NUMBER = /^\d(?:[ -]?\d){11,18}$/;

/** A parsed form body, query or JSON answer with its secrets replaced by [redacted]. */
export function redactValue(value: unknown, name = ""): unknown {
	if (Array.isArray(value)) return value.map((item) => redactValue(item, name));
	if (value && typeof value === "object") {
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, redactValue(item, key)]),
		);
	}
	if (value === null || value === undefined || typeof value === "boolean") return value ?? null;
	if (SECRET_NAME.test(name)) return REDACTED;
	if (typeof value === "string" && (CARD_NUMBER.test(value) || looksSecret(value))) return REDACTED;
	return value;
}

/** The answer's text redacted; null when it was not JSON. */
export function redactedAnswer(text: string | null): string | null {
	if (text === null) return null;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return null;
	}
	return JSON.stringify(redactValue(parsed)).slice(0, RESPONSE_KEPT_CHARS);
}

declare module "fastify" {
	interface FastifyRequest {
		/** The text of a `/v1` answer, kept for the request log. */
		v1Answer?: string;
	}
}

function rowOf(request: FastifyRequest, reply: FastifyReply, now: number): RequestLogTable | null {
	const key = request.stripeKey;
	if (!key) return null;
	const path = request.url.split("?")[0] ?? request.url;
	const params = request.method === "POST" ? (request.body ?? {}) : queryOf(request.url);
	const idempotencyKey = request.headers["idempotency-key"];
	return {
		account_id: key.accountId,
		id: newOrderedId("rlog"),
		request_id: String(reply.getHeader("request-id") ?? ""),
		created: now,
		method: request.method,
		path,
		route: request.routeOptions.url ?? path,
		status: reply.statusCode,
		status_class: Math.floor(reply.statusCode / 100),
		key_id: key.keyId,
		key_name: key.name,
		duration_ms: Math.round(reply.elapsedTime),
		idempotency_key: typeof idempotencyKey === "string" ? idempotencyKey.slice(0, 255) : null,
		params: JSON.stringify(redactValue(typeof params === "object" ? params : {})),
		response: redactedAnswer(request.v1Answer ?? null),
	};
}

/** Adds the request log's hooks to `/v1`. */
export function recordRequests(v1: FastifyInstance): void {
	v1.addHook("onSend", async (request, _reply, payload) => {
		if (typeof payload === "string") request.v1Answer = payload;
		else if (Buffer.isBuffer(payload)) request.v1Answer = payload.toString("utf8");
		return payload;
	});
	v1.addHook("onResponse", async (request, reply) => {
		const row = rowOf(request, reply, v1.deps.clock.seconds());
		if (!row) return;
		try {
			await v1.deps.db.kysely.insertInto("request_log").values(row).execute();
		} catch (error) {
			request.log.warn({ err: error }, "request not written to the request log");
		}
	});
}

/** Removes requests older than the log keeps them; answers how many. */
export async function purgeRequestLog(db: Kysely<Database>, now: number): Promise<number> {
	const result = await db
		.deleteFrom("request_log")
		.where("created", "<", now - REQUEST_LOG_RETENTION_SECONDS)
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
