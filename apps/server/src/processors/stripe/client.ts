/**
 * A small client of Stripe's API over Node's fetch, for a merchant's own Stripe account: Stripe's
 * form encoding (nested `a[b]`, arrays `a[]`), `Authorization: Bearer`, the pinned
 * `Stripe-Version`, an optional `Idempotency-Key`. File uploads are multipart, sent to Stripe's
 * files host (files.stripe.com), or to STRIPE_API_BASE when that names another Stripe.
 *
 * - Throttled: a token bucket per key (`maxRps` a second, as many at once), shared by every
 *   client of the same StripeClients, so concurrent work on one account stays under Stripe's rate.
 * - A 429 is waited out (its Retry-After, else exponential backoff) and tried again: Stripe did not
 *   act on it. A 5xx or a network failure is tried again, a bounded number of times, only when
 *   repeating cannot act twice: a GET or DELETE, or a POST carrying an Idempotency-Key.
 * - Failures are StripeError, with Stripe's status, type, code, message and param.
 *
 * Time is injected (now, sleep) so the throttle and the backoff are tested without waiting.
 */
import type Stripe from "stripe";
import { STRIPE_API_VERSION } from "../../stripe-api/plugin.ts";

export const DEFAULT_STRIPE_API_BASE = "https://api.stripe.com";
/** Where Stripe takes uploads (`POST /v1/files`). */
export const DEFAULT_STRIPE_FILES_BASE = "https://files.stripe.com";
export const DEFAULT_STRIPE_MAX_RPS = 20;
/** Further tries after the first, for a 429, a 5xx or a network failure. */
export const DEFAULT_MAX_RETRIES = 3;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is not waited for: the error is answered instead. */
const MAX_RETRY_AFTER_MS = 60_000;

/** A failure of a call to Stripe: Stripe's error answer, or no answer (status 0). */
export class StripeError extends Error {
	readonly status: number;
	readonly type: string;
	readonly code: string | undefined;
	readonly param: string | undefined;
	readonly requestId: string | undefined;
	/** Stripe's error object as it came (a decline carries its payment_intent there). */
	readonly raw: Readonly<Record<string, unknown>> | undefined;

	constructor(input: {
		status: number;
		type: string;
		message: string;
		code?: string | undefined;
		param?: string | undefined;
		requestId?: string | undefined;
		raw?: Readonly<Record<string, unknown>> | undefined;
	}) {
		super(input.message);
		this.name = "StripeError";
		this.status = input.status;
		this.type = input.type;
		this.code = input.code;
		this.param = input.param;
		this.requestId = input.requestId;
		this.raw = input.raw;
	}
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/**
 * Stripe's form encoding: `a[b]=1` for objects, `a[]=x` for arrays of plain values, `a[0][b]=1`
 * for arrays of objects; undefined is left out, null sent empty (Stripe's way to unset).
 */
export function encodeForm(params: FormParams): string {
	const pairs: string[] = [];
	const add = (name: string, value: FormValue): void => {
		if (value === undefined) return;
		if (value === null) {
			pairs.push(`${encodeURIComponent(name)}=`);
		} else if (Array.isArray(value)) {
			const nested = value.some((item) => item !== null && typeof item === "object");
			for (const [index, item] of value.entries()) add(nested ? `${name}[${index}]` : `${name}[]`, item);
		} else if (typeof value === "object") {
			for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
		} else {
			pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
		}
	};
	for (const [key, value] of Object.entries(params)) add(key, value);
	return pairs.join("&");
}

export interface StripeTime {
	/** Milliseconds, any origin. */
	now(): number;
	sleep(ms: number): Promise<void>;
}

const realTime: StripeTime = {
	now: () => performance.now(),
	sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A token bucket: `rate` tokens a second, holding at most `burst`. A caller takes its token at
 * once when there is one, else reserves the next and sleeps until it is due; reserving before
 * sleeping keeps concurrent callers spaced rather than waking together.
 */
export class TokenBucket {
	private tokens: number;
	private last: number;

	constructor(
		private readonly rate: number,
		private readonly burst: number,
		private readonly time: StripeTime,
	) {
		this.tokens = burst;
		this.last = time.now();
	}

	async take(): Promise<void> {
		const now = this.time.now();
		this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.rate) / 1000);
		this.last = now;
		this.tokens -= 1;
		if (this.tokens < 0) await this.time.sleep((-this.tokens * 1000) / this.rate);
	}
}

export interface StripeClientsOptions {
	/** Where Stripe's API is: https://api.stripe.com, or a Paydesk sandbox in tests. */
	apiBase?: string | undefined;
	/**
	 * Where uploads go: files.stripe.com by default; the API's own base when `apiBase` names
	 * another Stripe (a sandbox answers both).
	 */
	filesBase?: string | undefined;
	maxRps?: number | undefined;
	maxRetries?: number | undefined;
	fetch?: typeof fetch;
	time?: StripeTime;
}

export interface RequestOptions {
	idempotencyKey?: string | undefined;
}

/** A file for Stripe's Files API. */
export interface FileUpload {
	purpose: string;
	filename: string;
	mimeType: string;
	content: Uint8Array;
}

type Method = "GET" | "POST" | "DELETE";

/** Clients of Stripe's API sharing one throttle per key. */
export class StripeClients {
	private readonly buckets = new Map<string, TokenBucket>();
	readonly apiBase: string;
	readonly filesBase: string;
	readonly maxRps: number;
	readonly maxRetries: number;
	readonly fetch: typeof fetch;
	readonly time: StripeTime;

	constructor(options: StripeClientsOptions = {}) {
		this.apiBase = (options.apiBase ?? DEFAULT_STRIPE_API_BASE).replace(/\/+$/, "");
		this.filesBase = (options.filesBase ?? options.apiBase ?? DEFAULT_STRIPE_FILES_BASE).replace(/\/+$/, "");
		this.maxRps = options.maxRps ?? DEFAULT_STRIPE_MAX_RPS;
		this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
		this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
		this.time = options.time ?? realTime;
	}

	/** The bucket of one key (made the first time the key is used). */
	bucketOf(apiKey: string): TokenBucket {
		let bucket = this.buckets.get(apiKey);
		if (!bucket) {
			bucket = new TokenBucket(this.maxRps, this.maxRps, this.time);
			this.buckets.set(apiKey, bucket);
		}
		return bucket;
	}

	/** Forgets a key's bucket (the key is no longer used). */
	forget(apiKey: string): void {
		this.buckets.delete(apiKey);
	}

	client(apiKey: string): StripeClient {
		return new StripeClient(this, apiKey);
	}
}

function backoffMs(attempt: number): number {
	return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** attempt);
}

/** Retry-After in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
function retryAfterMs(header: string | null, nowMs: number): number | null {
	if (!header) return null;
	const seconds = Number(header);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(header);
	return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

async function errorOf(response: Response): Promise<StripeError> {
	const requestId = response.headers.get("request-id") ?? undefined;
	const text = await response.text().catch(() => "");
	let body: { error?: { type?: unknown; message?: unknown; code?: unknown; param?: unknown } } | undefined;
	try {
		body = JSON.parse(text) as typeof body;
	} catch {
		body = undefined;
	}
	const error = body?.error;
	const str = (value: unknown) => (typeof value === "string" ? value : undefined);
	return new StripeError({
		status: response.status,
		type: str(error?.type) ?? "api_error",
		message: str(error?.message) ?? `Stripe answered HTTP ${response.status}.`,
		code: str(error?.code),
		param: str(error?.param),
		requestId,
		raw: error !== null && typeof error === "object" ? (error as Record<string, unknown>) : undefined,
	});
}

/** One key's calls to Stripe's API. */
export class StripeClient {
	constructor(
		private readonly clients: StripeClients,
		private readonly apiKey: string,
	) {}

	get<T>(path: string, params: FormParams = {}): Promise<T> {
		return this.request<T>("GET", path, params);
	}

	post<T>(path: string, params: FormParams = {}, options: RequestOptions = {}): Promise<T> {
		return this.request<T>("POST", path, params, options);
	}

	delete<T>(path: string, params: FormParams = {}): Promise<T> {
		return this.request<T>("DELETE", path, params);
	}

	retrieveAccount(): Promise<Stripe.Account> {
		return this.get<Stripe.Account>("/v1/account");
	}

	createWebhookEndpoint(
		params: {
			url: string;
			enabled_events: string[];
			description?: string;
			metadata?: Record<string, string>;
		},
		options: RequestOptions = {},
	): Promise<Stripe.WebhookEndpoint> {
		return this.post<Stripe.WebhookEndpoint>("/v1/webhook_endpoints", params, options);
	}

	deleteWebhookEndpoint(id: string): Promise<Stripe.DeletedWebhookEndpoint> {
		return this.delete<Stripe.DeletedWebhookEndpoint>(`/v1/webhook_endpoints/${encodeURIComponent(id)}`);
	}

	/** Uploads a file to Stripe's Files API (multipart/form-data, at the files host). */
	uploadFile(file: FileUpload, options: RequestOptions = {}): Promise<Stripe.File> {
		const body = () => {
			const form = new FormData();
			form.append("purpose", file.purpose);
			form.append("file", new Blob([file.content], { type: file.mimeType }), file.filename);
			return form;
		};
		return this.send<Stripe.File>("POST", `${this.clients.filesBase}/v1/files`, body, options);
	}

	request<T>(
		method: Method,
		path: string,
		params: FormParams = {},
		options: RequestOptions = {},
	): Promise<T> {
		const form = encodeForm(params);
		const url = `${this.clients.apiBase}${path}${method !== "POST" && form ? `?${form}` : ""}`;
		return this.send<T>(method, url, method === "POST" ? form : undefined, options);
	}

	private async send<T>(
		method: Method,
		url: string,
		/**
		 * A POST's body: form-encoded text, or a multipart form made for each try (a sent form's
		 * stream is spent), whose boundary fetch sets in its content type.
		 */
		body: string | (() => FormData) | undefined,
		options: RequestOptions,
	): Promise<T> {
		const { time, maxRetries } = this.clients;
		const headers: Record<string, string> = {
			authorization: `Bearer ${this.apiKey}`,
			"stripe-version": STRIPE_API_VERSION,
			accept: "application/json",
		};
		if (typeof body === "string") headers["content-type"] = "application/x-www-form-urlencoded";
		if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
		// Repeating a POST without a key could act twice (two refunds): it is tried once.
		const repeatable = method !== "POST" || Boolean(options.idempotencyKey);

		for (let attempt = 0; ; attempt++) {
			await this.clients.bucketOf(this.apiKey).take();
			let response: Response;
			try {
				response = await this.clients.fetch(url, {
					method,
					headers,
					...(body === undefined ? {} : { body: typeof body === "string" ? body : body() }),
				});
			} catch (caught) {
				if (repeatable && attempt < maxRetries) {
					await time.sleep(backoffMs(attempt));
					continue;
				}
				throw new StripeError({
					status: 0,
					type: "api_connection_error",
					message: `Could not reach Stripe (${caught instanceof Error ? caught.message : String(caught)}).`,
				});
			}
			if (response.ok) return (await response.json()) as T;
			if (response.status === 429 && attempt < maxRetries) {
				const wait = retryAfterMs(response.headers.get("retry-after"), Date.now()) ?? backoffMs(attempt);
				if (wait <= MAX_RETRY_AFTER_MS) {
					await response.body?.cancel();
					await time.sleep(wait);
					continue;
				}
			}
			if (response.status >= 500 && repeatable && attempt < maxRetries) {
				await response.body?.cancel();
				await time.sleep(backoffMs(attempt));
				continue;
			}
			throw await errorOf(response);
		}
	}
}
