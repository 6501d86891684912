/**
 * One POST of a webhook: JSON body, Stripe's signature, at most ATTEMPT_TIMEOUT_MS from the first
 * byte sent to the answer's status; redirects are answers like any other (a 3xx is a failure, its
 * Location is never followed). Keeps the first 2 kB of the answer.
 */
import http from "node:http";
import https from "node:https";
import { checkedLookup, literalRefusal } from "./destination.ts";
import { ATTEMPT_TIMEOUT_MS } from "./schedule.ts";

export const RESPONSE_KEPT_BYTES = 2048;

export interface AttemptResult {
	/** The HTTP status answered, or null when none came in time. */
	status: number | null;
	/** A network error, a refusal or a timeout, in words; null when a status came. */
	error: string | null;
	/** The answer's first 2 kB (as UTF-8). */
	body: string | null;
	durationMs: number;
}

export interface WebhookRequest {
	url: string;
	body: string;
	signature: string;
	publicOnly: boolean;
	timeoutMs?: number;
}

/** The headers of a webhook's POST (what the Developers area shows of a delivery, too). */
export function webhookHeaders(body: string, signature: string): Record<string, string> {
	return {
		"content-type": "application/json; charset=utf-8",
		"content-length": String(Buffer.byteLength(body)),
		"stripe-signature": signature,
		"user-agent": "Paydesk-Webhooks/1.0 (Stripe-compatible)",
		"cache-control": "no-cache",
		accept: "*/*; q=0.5, application/json",
	};
}

/**
 * Connections kept open between deliveries (per scheme, and per address rule, since the rule
 * checks each address a connection is made to): a busy endpoint gets its events over a few
 * reused connections rather than one new connection each.
 */
const agents = new Map<string, http.Agent>();

function agentFor(protocol: string, publicOnly: boolean): http.Agent {
	const key = `${protocol}|${publicOnly}`;
	let agent = agents.get(key);
	if (!agent) {
		const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 30_000 };
		agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
		agents.set(key, agent);
	}
	return agent;
}

export function postWebhook(request: WebhookRequest): Promise<AttemptResult> {
	const started = performance.now();
	const elapsed = () => Math.round(performance.now() - started);
	return new Promise((resolve) => {
		let settled = false;
		let status: number | null = null;
		const chunks: Buffer[] = [];
		let kept = 0;
		/** `whole`: the answer was read to its end, so its connection may carry the next delivery. */
		const finish = (error: string | null, whole = false) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			const body =
				status === null ? null : Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString("utf8");
			resolve({ status, error: status === null ? error : null, body, durationMs: elapsed() });
			if (!whole) outgoing?.destroy();
		};
		const timeoutMs = request.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
		const timer = setTimeout(() => finish(`No answer within ${timeoutMs / 1000} s.`), timeoutMs);
		let outgoing: http.ClientRequest | undefined;
		const url = new URL(request.url);
		const refusal = literalRefusal(url, request.publicOnly);
		if (refusal) {
			finish(refusal);
			return;
		}
		const transport = url.protocol === "https:" ? https : http;
		outgoing = transport.request(url, {
			method: "POST",
			lookup: checkedLookup(request.publicOnly),
			agent: agentFor(url.protocol, request.publicOnly),
			headers: webhookHeaders(request.body, request.signature),
		});
		outgoing.on("response", (response) => {
			status = response.statusCode ?? null;
			response.on("data", (chunk: Buffer) => {
				if (kept < RESPONSE_KEPT_BYTES) {
					chunks.push(chunk);
					kept += chunk.length;
				}
				// The rest of a long answer is not read: the status and the kept part are all we record.
				if (kept >= RESPONSE_KEPT_BYTES) finish(null);
			});
			response.on("end", () => finish(null, true));
			response.on("error", () => finish(null));
		});
		outgoing.on("error", (error: Error) => finish(error.message || String(error)));
		outgoing.end(request.body);
	});
}
