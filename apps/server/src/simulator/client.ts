/**
 * The simulator's HTTP client: HTTP Basic with an application password, JSON in and out, and a
 * retry of network failures and 5xx answers. A POST carries an Idempotency-Key that its retries
 * repeat, so a payment the server took before the connection dropped is answered again, never
 * taken twice.
 */
import { performance } from "node:perf_hooks";

export interface ClientOptions {
	/** The server's origin, e.g. http://localhost:8080. */
	url: string;
	user: string;
	password: string;
	/** Retries after the first attempt (default 3). */
	retries?: number;
	/** The first retry waits this long, each next one twice as long (default 250 ms). */
	retryDelayMs?: number;
	/** An attempt with no answer after this long is a network failure (default 30 s). */
	timeoutMs?: number;
}

export interface ApiAnswer {
	status: number;
	/** The parsed JSON body (null when it was not JSON). */
	body: unknown;
	/** Duration of each attempt, in milliseconds. */
	attemptsMs: number[];
}

/** No answer from the server, even after the retries. */
export class NetworkFailure extends Error {
	constructor(
		message: string,
		readonly attemptsMs: number[],
	) {
		super(message);
		this.name = "NetworkFailure";
	}
}

export interface ApiClient {
	get(path: string): Promise<ApiAnswer>;
	post(path: string, body: unknown, idempotencyKey: string): Promise<ApiAnswer>;
}

/** Worth another attempt with the same key: a server error, or a first attempt still running. */
function isRetryable(status: number, body: unknown): boolean {
	if (status >= 500) return true;
	const code = (body as { code?: unknown } | null)?.code;
	return status === 409 && code === "rest_idempotency_key_in_use";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
	if (!(error instanceof Error)) return String(error);
	const cause = (error as { cause?: { code?: string; message?: string } }).cause;
	if (error.name === "TimeoutError") return "timed out";
	return cause?.code ?? cause?.message ?? error.message;
}

export function createApiClient(options: ClientOptions): ApiClient {
	const origin = options.url.replace(/\/+$/, "");
	const retries = options.retries ?? 3;
	const firstDelay = options.retryDelayMs ?? 250;
	const timeoutMs = options.timeoutMs ?? 30_000;
	const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString("base64")}`;

	async function send(
		method: "GET" | "POST",
		path: string,
		body?: unknown,
		key?: string,
	): Promise<ApiAnswer> {
		const headers: Record<string, string> = { authorization, accept: "application/json" };
		if (body !== undefined) headers["content-type"] = "application/json";
		if (key) headers["idempotency-key"] = key;
		const attemptsMs: number[] = [];
		let lastFailure = "";
		for (let attempt = 0; attempt <= retries; attempt++) {
			if (attempt > 0) await sleep(firstDelay * 2 ** (attempt - 1));
			const started = performance.now();
			try {
				const response = await fetch(`${origin}${path}`, {
					method,
					headers,
					body: body === undefined ? undefined : JSON.stringify(body),
					signal: AbortSignal.timeout(timeoutMs),
				});
				const text = await response.text();
				attemptsMs.push(performance.now() - started);
				let parsed: unknown = null;
				try {
					parsed = text ? JSON.parse(text) : null;
				} catch {
					parsed = null;
				}
				if (attempt < retries && isRetryable(response.status, parsed)) continue;
				return { status: response.status, body: parsed, attemptsMs };
			} catch (error) {
				attemptsMs.push(performance.now() - started);
				lastFailure = describe(error);
			}
		}
		throw new NetworkFailure(`${method} ${path}: ${lastFailure}`, attemptsMs);
	}

	return {
		get: (path) => send("GET", path),
		post: (path, body, key) => send("POST", path, body, key),
	};
}
