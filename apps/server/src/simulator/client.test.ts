/**
 * The simulator's client retries a network failure or a 5xx with the same Idempotency-Key, so
 * the server can answer the first attempt's payment instead of taking it twice; a 4xx is an
 * answer, not a reason to retry.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, NetworkFailure } from "./client.ts";

interface Seen {
	key: string | undefined;
	authorization: string | undefined;
}
const seen: Seen[] = [];
/** What the next requests answer, in order; the last one repeats. null drops the connection. */
let script: (number | null)[] = [];
let server: http.Server;
let url = "";

beforeAll(async () => {
	server = http.createServer((request, response) => {
		seen.push({
			key: request.headers["idempotency-key"] as string | undefined,
			authorization: request.headers.authorization,
		});
		const status = script.length > 1 ? script.shift() : script[0];
		if (status === null || status === undefined) {
			request.socket.destroy();
			return;
		}
		response.writeHead(status, { "content-type": "application/json" });
		response.end(JSON.stringify({ code: status === 200 ? "ok" : "rest_error", attempt: seen.length }));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
	createApiClient({ url, user: "admin", password: "abcd efgh", retries: 3, retryDelayMs: 5 });

describe("the simulator's HTTP client", () => {
	it("retries a 5xx and a dropped connection with the same Idempotency-Key and Basic auth", async () => {
		seen.length = 0;
		script = [503, null, 200];
		const answer = await client().post("/wp-json/wc/v3/payments/payment_intents", { amount: 1 }, "sim-1");
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ code: "ok", attempt: 3 });
		expect(answer.attemptsMs).toHaveLength(3);
		expect(seen.map((request) => request.key)).toEqual(["sim-1", "sim-1", "sim-1"]);
		expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from("admin:abcd efgh").toString("base64")}`);
	});

	it("answers a 4xx at once, without retrying", async () => {
		seen.length = 0;
		script = [402];
		const answer = await client().post("/x", {}, "sim-2");
		expect(answer.status).toBe(402);
		expect(seen).toHaveLength(1);
	});

	it("answers the last 5xx once the retries are spent", async () => {
		seen.length = 0;
		script = [500];
		const answer = await client().post("/x", {}, "sim-3");
		expect(answer.status).toBe(500);
		expect(seen).toHaveLength(4);
	});

	it("reports a network failure after the retries", async () => {
		seen.length = 0;
		script = [null];
		await expect(client().get("/x")).rejects.toBeInstanceOf(NetworkFailure);
		expect(seen).toHaveLength(4);
	});
});
