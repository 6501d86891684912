/**
 * The tests' network (testing/network.ts): a request is answered by the handler of its route's
 * method and path template, recorded with what it sent, and one that nothing answers, or a
 * handler that throws, fails the test.
 */
import { advanceSandboxClock, getSandboxClock } from "@paydesk/contract/sandbox-clock";
import { getCurrentUser, getUser } from "@paydesk/contract/wp";
import { describe, expect, it } from "vitest";
import { ApiError, callRoute } from "../app/api.ts";
import { deferred, on, onUrl, pending, rawJson, restError, stubApi } from "./network.ts";
import { testSettings } from "./settings.ts";

const CLOCK = { now: 100, iso: "1970-01-01T00:01:40.000Z", offset_seconds: 0, processed_through: 100 };
const USER = {
	id: 2,
	username: "sam",
	name: "Sam",
	first_name: "Sam",
	last_name: "",
	email: "sam@example.com",
	roles: ["shop_manager"],
};

describe("answering", () => {
	it("answers by method and path template, with the path parameters and the query", async () => {
		testSettings();
		const requests = stubApi(
			on(getUser).reply(({ params, query }) => ({
				...USER,
				username: `${params.id}:${String(query.context)}`,
			})),
			on(getSandboxClock).reply(() => CLOCK),
			on(advanceSandboxClock).reply(({ body }) => ({ ...CLOCK, now: CLOCK.now + body.advance })),
		);
		expect(await callRoute(getUser, { params: { id: 7 }, query: { context: "edit" } })).toMatchObject({
			username: "7:edit",
		});
		expect((await callRoute(getSandboxClock)).now).toBe(100);
		expect((await callRoute(advanceSandboxClock, { body: { advance: 5 } })).now).toBe(105);
		expect(requests.map((request) => [request.method, request.url, request.route])).toEqual([
			["GET", "/wp-json/wp/v2/users/7?context=edit", getUser],
			["GET", "/wp-json/wc/v3/payments/sandbox/clock", getSandboxClock],
			["POST", "/wp-json/wc/v3/payments/sandbox/clock", advanceSandboxClock],
		]);
	});

	it("prefers a literal path to a template, and of two handlers for one route the later one", async () => {
		testSettings();
		stubApi(
			on(getUser).reply(() => USER),
			on(getCurrentUser).reply(() => ({ ...USER, id: 1, capabilities: {}, locale: "", meta: {} })),
			on(getSandboxClock).reply(() => CLOCK),
			on(getSandboxClock).reply(() => ({ ...CLOCK, now: 200 })),
		);
		expect((await callRoute(getCurrentUser)).id).toBe(1);
		expect((await callRoute(getUser, { params: { id: 2 } })).id).toBe(2);
		expect((await callRoute(getSandboxClock)).now).toBe(200);
	});

	it("answers a WordPress REST error, which the client reads as an ApiError", async () => {
		testSettings();
		stubApi(on(getSandboxClock).reply(() => restError(409, "wcpay_test_clock_unavailable", "real time")));
		const error = await callRoute(getSandboxClock).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({ status: 409, code: "wcpay_test_clock_unavailable", message: "real time" });
		expect((error as ApiError).data).toEqual({ status: 409 });
	});

	it("answers when the test says so, and a pending answer ends with an aborted request", async () => {
		testSettings();
		const later = deferred<typeof CLOCK>();
		stubApi(
			on(getSandboxClock).reply(() => later.promise),
			on(advanceSandboxClock).reply(() => pending()),
		);
		const read = callRoute(getSandboxClock);
		later.resolve({ ...CLOCK, now: 300 });
		expect((await read).now).toBe(300);
		const abort = new AbortController();
		const advance = callRoute(advanceSandboxClock, { body: { advance: 1 }, signal: abort.signal });
		abort.abort();
		await expect(advance).rejects.toMatchObject({ name: "AbortError" });
	});

	it("answers a URL outside the contract with onUrl", async () => {
		const requests = stubApi(
			onUrl("GET", "/sandbox-partner/v1/account_notifications", () => rawJson({}, 400)),
		);
		const response = await fetch("/sandbox-partner/v1/account_notifications", {
			headers: { authorization: "Bearer secret" },
		});
		expect(response.status).toBe(400);
		expect(requests[0]?.route).toBeNull();
		expect(requests[0]?.headers.get("authorization")).toBe("Bearer secret");
	});
});

describe("recording", () => {
	it("keeps the method, URL, path parameters, PHP-style query, headers and JSON body", async () => {
		testSettings();
		const requests = stubApi(on(advanceSandboxClock).reply(() => CLOCK));
		await callRoute(advanceSandboxClock, {
			body: { advance: 86_400 },
			query: { list: ["a", "b"] },
			headers: { "Idempotency-Key": "clock-1" },
		});
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request).toMatchObject({
			method: "POST",
			url: "/wp-json/wc/v3/payments/sandbox/clock?list[0]=a&list[1]=b",
			path: "/wp-json/wc/v3/payments/sandbox/clock",
			params: {},
			query: { list: ["a", "b"] },
			body: { advance: 86_400 },
		});
		expect(request?.headers.get("Idempotency-Key")).toBe("clock-1");
		expect(request?.headers.get("X-WP-Nonce")).toBe(testSettings().restNonce);
	});

	it("decodes path parameters", async () => {
		testSettings();
		const requests = stubApi(on(getUser).reply(() => USER));
		await callRoute(getUser, { params: { id: "a b" } });
		expect(requests[0]?.url).toBe("/wp-json/wp/v2/users/a%20b");
		expect(requests[0]?.params).toEqual({ id: "a b" });
	});
});

describe("failing loudly", () => {
	let unanswered: { status: number; body: unknown } | null = null;

	// The test fails when it ends: `fails` expects that.
	it.fails("a request no handler answers fails the test", async () => {
		stubApi(on(getSandboxClock).reply(() => CLOCK));
		const response = await fetch("/wp-json/wc/v3/payments/sandbox/clock?x=1", { method: "DELETE" });
		unanswered = { status: response.status, body: await response.json() };
	});

	it("…and is answered 501, naming the method and the URL", () => {
		expect(unanswered).toEqual({
			status: 501,
			body: {
				code: "paydesk_test_unhandled_request",
				message: "No handler of stubApi answers DELETE /wp-json/wc/v3/payments/sandbox/clock?x=1",
				data: { status: 501 },
			},
		});
	});

	it.fails("a handler that throws fails the test", async () => {
		stubApi(
			on(getSandboxClock).reply(() => {
				throw new Error("no clock");
			}),
		);
		await callRoute(getSandboxClock).catch(() => undefined);
	});

	it.fails("an answer the route's response schema refuses fails the test", async () => {
		stubApi(on(getSandboxClock).reply(() => ({ ...CLOCK, now: 1.5 })));
		await callRoute(getSandboxClock);
	});

	it("a wrong fixture does not compile", () => {
		// @ts-expect-error: the clock's `now` is a number.
		on(getSandboxClock).reply(() => ({ ...CLOCK, now: "soon" }));
		// @ts-expect-error: a contract route answers its response, a REST error or a file, not any JSON.
		on(getSandboxClock).reply(() => rawJson({ now: 1 }));
	});
});
