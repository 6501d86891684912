/**
 * The Stripe client against a tiny local HTTP server that answers as the test tells it: Stripe's
 * form encoding and headers, 429 waited out with Retry-After, 5xx tried again (a POST only with
 * an Idempotency-Key), Stripe's error as StripeError, and the per-key throttle's spacing read
 * from an injected clock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	encodeForm,
	StripeClients,
	StripeError,
	type StripeTime,
	TokenBucket,
} from "../../../src/processors/stripe/client.ts";
import { STRIPE_API_VERSION } from "../../../src/stripe-api/plugin.ts";

interface Seen {
	method: string;
	url: string;
	headers: IncomingMessage["headers"];
	body: string;
}

type Answer = (request: Seen, res: ServerResponse) => void;

let server: Server;
let base: string;
const seen: Seen[] = [];
let answers: Answer[] = [];

const json =
	(status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
	(_req, res) => {
		res.writeHead(status, { "content-type": "application/json", ...headers });
		res.end(JSON.stringify(body));
	};

beforeAll(async () => {
	server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on("data", (chunk: Buffer) => chunks.push(chunk));
		req.on("end", () => {
			const request = {
				method: req.method ?? "",
				url: req.url ?? "",
				headers: req.headers,
				body: Buffer.concat(chunks).toString("utf8"),
			};
			seen.push(request);
			const answer = answers.shift() ?? json(200, { ok: true });
			answer(request, res);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
	seen.length = 0;
	answers = [];
});

/** A clock that only moves when slept on: every wait is recorded, none is real. */
function fakeTime(): StripeTime & { sleeps: number[]; at: number } {
	const time = {
		at: 0,
		sleeps: [] as number[],
		now: () => time.at,
		sleep: async (ms: number) => {
			time.sleeps.push(ms);
			time.at += ms;
		},
	};
	return time;
}

describe("encodeForm", () => {
	it("writes nested objects with brackets, arrays of values with [], arrays of objects with indexes", () => {
		const text = encodeForm({
			url: "https://example.com/hook?a=1",
			enabled_events: ["*", "charge.succeeded"],
			metadata: { order: "42", note: "a b" },
			items: [{ price: "p_1", quantity: 2 }],
			description: null,
			expand: undefined,
			flag: true,
		});
		expect(decodeURIComponent(text)).toBe(
			"url=https://example.com/hook?a=1&enabled_events[]=*&enabled_events[]=charge.succeeded&metadata[order]=42&metadata[note]=a b&items[0][price]=p_1&items[0][quantity]=2&description=&flag=true",
		);
		expect(new URLSearchParams(text).get("url")).toBe("https://example.com/hook?a=1");
	});
});

describe("a request", () => {
	it("carries the key, the pinned version and the idempotency key, and a POST's form body", async () => {
		const clients = new StripeClients({ apiBase: base, time: fakeTime() });
		answers = [json(200, { id: "we_1", object: "webhook_endpoint" })];
		const endpoint = await clients
			.client("sk_test_abc")
			.createWebhookEndpoint(
				{ url: "https://shop.example/hook", enabled_events: ["*"] },
				{ idempotencyKey: "ik_1" },
			);
		expect(endpoint.id).toBe("we_1");
		const [request] = seen;
		expect(request?.method).toBe("POST");
		expect(request?.url).toBe("/v1/webhook_endpoints");
		expect(request?.headers.authorization).toBe("Bearer sk_test_abc");
		expect(request?.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
		expect(request?.headers["idempotency-key"]).toBe("ik_1");
		expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
		expect(decodeURIComponent(request?.body ?? "")).toBe("url=https://shop.example/hook&enabled_events[]=*");
	});

	it("sends a GET's parameters in the query", async () => {
		const clients = new StripeClients({ apiBase: base, time: fakeTime() });
		await clients.client("sk_test_abc").get("/v1/charges", { limit: 1, created: { gte: 5 } });
		expect(decodeURIComponent(seen[0]?.url ?? "")).toBe("/v1/charges?limit=1&created[gte]=5");
		expect(seen[0]?.body).toBe("");
	});

	it("answers Stripe's error as a StripeError with its status, type, code, message and param", async () => {
		const clients = new StripeClients({ apiBase: base, time: fakeTime() });
		answers = [
			json(
				400,
				{
					error: {
						type: "invalid_request_error",
						code: "parameter_missing",
						message: "Missing url.",
						param: "url",
					},
				},
				{ "request-id": "req_9" },
			),
		];
		const error = await clients
			.client("sk_test_abc")
			.post("/v1/webhook_endpoints")
			.catch((caught) => caught);
		expect(error).toBeInstanceOf(StripeError);
		expect(error).toMatchObject({
			status: 400,
			type: "invalid_request_error",
			code: "parameter_missing",
			message: "Missing url.",
			param: "url",
			requestId: "req_9",
		});
	});
});

describe("retries", () => {
	it("waits out a 429 for its Retry-After, then succeeds", async () => {
		const time = fakeTime();
		const clients = new StripeClients({ apiBase: base, time });
		answers = [
			json(
				429,
				{ error: { type: "rate_limit_error", message: "Too many requests." } },
				{ "retry-after": "2" },
			),
			json(200, { object: "balance" }),
		];
		const balance = await clients.client("sk_test_abc").get<{ object: string }>("/v1/balance");
		expect(balance.object).toBe("balance");
		expect(seen).toHaveLength(2);
		expect(time.sleeps).toContain(2000);
	});

	it("backs off exponentially on a 429 without Retry-After, and gives up after the bound", async () => {
		const time = fakeTime();
		const clients = new StripeClients({ apiBase: base, time, maxRetries: 2 });
		const limited = json(429, { error: { type: "rate_limit_error", message: "Too many requests." } });
		answers = [limited, limited, limited];
		const error = await clients
			.client("sk_test_abc")
			.get("/v1/balance")
			.catch((caught) => caught);
		expect(error).toMatchObject({ status: 429, type: "rate_limit_error" });
		expect(seen).toHaveLength(3);
		expect(time.sleeps.filter((ms) => ms >= 500)).toEqual([500, 1000]);
	});

	it("tries a GET again after a 500", async () => {
		const time = fakeTime();
		const clients = new StripeClients({ apiBase: base, time });
		answers = [json(500, { error: { type: "api_error", message: "Oops." } }), json(200, { id: "acct_1" })];
		const account = await clients.client("sk_test_abc").retrieveAccount();
		expect(account.id).toBe("acct_1");
		expect(seen).toHaveLength(2);
	});

	it("tries a POST again after a 500 only when it carries an Idempotency-Key", async () => {
		const clients = new StripeClients({ apiBase: base, time: fakeTime() });
		const failing = json(500, { error: { type: "api_error", message: "Oops." } });
		answers = [failing, json(200, { id: "re_1" })];
		const error = await clients
			.client("sk_test_abc")
			.post("/v1/refunds", { charge: "ch_1" })
			.catch((caught) => caught);
		expect(error).toMatchObject({ status: 500, type: "api_error", message: "Oops." });
		expect(seen).toHaveLength(1);

		seen.length = 0;
		answers = [failing, json(200, { id: "re_1" })];
		const refund = await clients
			.client("sk_test_abc")
			.post<{ id: string }>("/v1/refunds", { charge: "ch_1" }, { idempotencyKey: "ik_2" });
		expect(refund.id).toBe("re_1");
		expect(seen.map((request) => request.headers["idempotency-key"])).toEqual(["ik_2", "ik_2"]);
	});

	it("answers a network failure as a StripeError of status 0 once the retries are spent", async () => {
		const time = fakeTime();
		const clients = new StripeClients({
			apiBase: "http://127.0.0.1:1",
			time,
			maxRetries: 1,
			fetch: async () => {
				throw new TypeError("fetch failed");
			},
		});
		const error = await clients
			.client("sk_test_abc")
			.get("/v1/balance")
			.catch((caught) => caught);
		expect(error).toMatchObject({ status: 0, type: "api_connection_error" });
		expect(time.sleeps).toEqual([500]);
	});
});

describe("the throttle", () => {
	it("lets a burst through, then spaces calls by 1/rate seconds", async () => {
		const time = fakeTime();
		const bucket = new TokenBucket(10, 2, time);
		const startedAt: number[] = [];
		for (let i = 0; i < 5; i++) {
			await bucket.take();
			startedAt.push(time.at);
		}
		expect(startedAt).toEqual([0, 0, 100, 200, 300]);
	});

	it("refills while idle, up to its burst", async () => {
		const time = fakeTime();
		const bucket = new TokenBucket(10, 2, time);
		await bucket.take();
		await bucket.take();
		time.at += 10_000;
		await bucket.take();
		await bucket.take();
		expect(time.sleeps).toEqual([]);
		await bucket.take();
		expect(time.sleeps).toEqual([100]);
	});

	it("is one bucket per key: another key is not slowed", async () => {
		const time = fakeTime();
		const clients = new StripeClients({ apiBase: base, time, maxRps: 1 });
		await clients.client("sk_test_one").get("/v1/balance");
		await clients.client("sk_test_two").get("/v1/balance");
		expect(time.sleeps).toEqual([]);
		await clients.client("sk_test_one").get("/v1/balance");
		expect(time.sleeps).toEqual([1000]);
	});
});
