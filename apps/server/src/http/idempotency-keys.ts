/**
 * Idempotency-Key on every state-changing REST call: the same key from the same user
 * on the same call replays the first successful answer (with `Idempotent-Replayed: true`)
 * instead of doing the work again; the same key with another call or body is refused with
 * wcpay_idempotency_key_reused; a request arriving while the first is still running waits for
 * its answer (http/request-keys.ts says how, per engine). Failed requests are not remembered, so
 * they can be retried.
 *
 * One hook for all routes, so a new route is covered without doing anything. The money
 * movements also check their key inside their own database transaction (processors/), which
 * still holds if this process dies between the work and the recording of its answer here.
 * Multipart uploads are left out: their body is streamed to the handler, not fingerprinted here.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connection.ts";
import { parseIdempotencyKey } from "../ledger/idempotency.ts";
import { type Claim, openRequestKeys, RequestKeyInUse, type RequestKeyScope } from "./request-keys.ts";
import { invalidParams, RestError } from "./rest-error.ts";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * On SQLite, a claim this old belongs to a request whose server died between the work and the
 * recording of its answer; the next retry takes it over. Money movements stay safe even then:
 * they check the same key again inside their own transaction.
 */
const STALE_CLAIM_SECONDS = 60;
/** How long a duplicate waits for the first request's answer before giving up with 409. */
const WAIT_MS = 30_000;

declare module "fastify" {
	interface FastifyRequest {
		/** The Idempotency-Key this request claimed, for a money movement to check again in its transaction. */
		idempotencyScope?: RequestKeyScope;
		/** The claim on it, held until the answer is sent. */
		idempotencyClaim?: Extract<Claim, { state: "claimed" }>;
	}
}

/** JSON with sorted keys, so a retry that orders its fields differently is the same request. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
	if (value && typeof value === "object") {
		const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
		return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
	}
	return JSON.stringify(value) ?? "null";
}

/**
 * Who a key belongs to: the signed-in user on the REST API; on Stripe's API (`/v1`) the account
 * itself (user 0), as Stripe scopes keys to the account whatever API key sent them.
 */
function ownerOf(request: FastifyRequest): { accountId: string; userId: number } | undefined {
	if (request.url.startsWith("/v1/")) {
		const key = request.stripeKey;
		return key ? { accountId: key.accountId, userId: 0 } : undefined;
	}
	const user = request.auth.user;
	return user && request.url.startsWith("/wp-json/")
		? { accountId: user.accountId, userId: user.id }
		: undefined;
}

/**
 * Whether an answer is kept for the key's retries: a success; on Stripe's API also a card error
 * (402), as the payment was tried and a retry must not try it again.
 */
function keeps(request: FastifyRequest, status: number): boolean {
	return (status >= 200 && status < 300) || (status === 402 && request.url.startsWith("/v1/"));
}

function scopeOf(request: FastifyRequest): RequestKeyScope | undefined {
	const owner = ownerOf(request);
	if (!owner || !WRITE_METHODS.has(request.method)) return undefined;
	const key = parseIdempotencyKey(request.headers["idempotency-key"]);
	if (key === undefined || /^multipart\//i.test(request.headers["content-type"] ?? "")) return undefined;
	if (key === null) {
		throw invalidParams({ "Idempotency-Key": "Idempotency-Key must be 1 to 255 printable characters" });
	}
	const [path = "", query = ""] = request.url.split("?", 2);
	const fingerprint = createHash("sha256")
		.update(`${query}\n${canonical(request.body ?? null)}`)
		.digest("hex");
	return { ...owner, key, method: request.method, path, fingerprint };
}

export function registerIdempotencyKeys(app: FastifyInstance, db: Db, clock: Clock): void {
	const keys = openRequestKeys(db, { waitMs: WAIT_MS, staleClaimSeconds: STALE_CLAIM_SECONDS });
	app.addHook("onClose", () => keys.close());

	app.addHook("preHandler", async (request, reply) => {
		const scope = scopeOf(request);
		if (!scope) return;
		let claim: Claim;
		try {
			claim = await keys.claim(scope, clock.seconds());
		} catch (error) {
			if (error instanceof RequestKeyInUse)
				throw new RestError("rest_idempotency_key_in_use", error.message, 409);
			throw error;
		}
		if (claim.state === "claimed") {
			request.idempotencyScope = scope;
			request.idempotencyClaim = claim;
			return;
		}
		const { answer } = claim;
		if (answer.contentType) reply.header("content-type", answer.contentType);
		await reply.code(answer.status).header("idempotent-replayed", "true").send(answer.body);
	});

	app.addHook("onSend", async (request, reply, payload) => {
		const claim = request.idempotencyClaim;
		if (!claim) return payload;
		request.idempotencyClaim = undefined;
		const status = reply.statusCode;
		const type = reply.getHeader("content-type");
		const contentType = typeof type === "string" ? type : null;
		// Text answers are recorded; a stream or a binary file is not replayable, so it is released.
		const text = contentType === null || /^(application\/json|text\/)/.test(contentType);
		const body =
			typeof payload === "string" ? payload : Buffer.isBuffer(payload) && text ? payload.toString() : null;
		const keep = keeps(request, status) && body !== null;
		await claim.finish(keep ? { status, contentType, body } : null);
		return payload;
	});

	// A request that ended without sending an answer gives its key back.
	app.addHook("onResponse", async (request) => {
		const claim = request.idempotencyClaim;
		request.idempotencyClaim = undefined;
		await claim?.finish(null);
	});
}
