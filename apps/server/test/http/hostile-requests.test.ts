/**
 * Requests an attacker shapes, answered in the WordPress error shape with the security headers
 * and without harm: JSON nested deep enough to overflow a recursion, redirect targets and return
 * URLs holding control or non-Latin-1 characters, headers too large for Node's parser, a store
 * title holding replacement patterns, a login form posted from another site.
 */
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { postLoginForm } from "../../src/testing/login-form.ts";
import {
	type Actor,
	createTestApp,
	TEST_ACCOUNT,
	TEST_PASSWORD,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { INTENTS, paymentBody } from "../support/intake-fixtures.ts";
import { expectRestError, stateFingerprint } from "../support/invariants.ts";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const SECURITY = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("deeply nested JSON is refused before anything recurses over it", () => {
	it("20,000 levels: 400 rest_invalid_json, for a keyed write and the user-meta save, and nothing changes", async () => {
		const before = await stateFingerprint(t.db.kysely);
		for (const [url, payload] of [
			[INTENTS, `{"amount":${nested(20_000)}}`],
			["/wp-json/wp/v2/users/me", `{"meta":{"deep":${nested(20_000)}}}`],
		] as const) {
			const response = await t.app.inject({
				method: "POST",
				url,
				headers: { ...admin.headers, "content-type": "application/json", "idempotency-key": `deep-${url}` },
				payload,
			});
			expect(response.statusCode, url).toBe(400);
			expectRestError(response);
			expect(response.json()).toMatchObject({ code: "rest_invalid_json" });
			expect(response.json().message).toContain("64 levels");
		}
		expect(await stateFingerprint(t.db.kysely)).toEqual(before);
	});

	it("brackets inside strings do not count, and 64 levels are still a body", async () => {
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me",
			headers: { ...admin.headers, "content-type": "application/json" },
			payload: `{"meta":{"note":"${"[".repeat(500)}\\"{{{","deep":${nested(60)}}}`,
		});
		// Refused by the route's own schema if at all, never as too deep.
		expect(response.json()?.code).not.toBe("rest_invalid_json");
	});
});

describe("a NUL character is refused wherever a request carries it", () => {
	it("in a JSON string, a query and a form body: 400 naming it, and nothing changes", async () => {
		const before = await stateFingerprint(t.db.kysely);
		const answers = [
			await t.app.inject({
				method: "POST",
				url: INTENTS,
				headers: { ...admin.headers, "content-type": "application/json" },
				payload: JSON.stringify(paymentBody(undefined, { metadata: { note: "Jo\u0000hn" } })),
			}),
			await t.app.inject({
				method: "GET",
				url: "/wp-json/wc/v3/payments/transactions?search=Jo%00hn",
				headers: admin.headers,
			}),
			await t.app.inject({
				method: "POST",
				url: "/wp-login.php",
				headers: { "content-type": "application/x-www-form-urlencoded" },
				payload: "log=admin%00&pwd=x",
			}),
		];
		for (const answer of answers) {
			expect(answer.statusCode, answer.body).toBe(400);
			expect(answer.json()).toMatchObject({ code: "rest_invalid_param" });
			expect(answer.json().message).toContain("NUL");
		}
		expect(await stateFingerprint(t.db.kysely)).toEqual(before);
	});
});

describe("redirect targets are read as a browser reads them", () => {
	const logIn = (redirectTo: string) =>
		postLoginForm(t.app, { log: admin.user.login, pwd: TEST_PASSWORD, redirect_to: redirectTo });

	it("a redirect_to holding a control or non-Latin-1 character logs in to the overview, with the cookie", async () => {
		for (const target of ["/wp-admin/\r\nSet-Cookie: x=1", "/wp-admin/\n", "/x\u2028y", "/\t/evil.example"]) {
			const response = await logIn(target);
			expect(response.statusCode, JSON.stringify(target)).toBe(302);
			expect(response.headers.location).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
			expect(response.cookies.map((cookie) => cookie.name)).toContain("wordpress_logged_in_paydesk");
		}
	});

	it("a same-site path with non-ASCII characters is sent percent-encoded", async () => {
		const response = await logIn("/wp-admin/admin.php?page=wc-admin&search=Łódź\u3000");
		expect(response.headers.location).toBe(
			"/wp-admin/admin.php?page=wc-admin&search=%C5%81%C3%B3d%C5%BA%E3%80%80",
		);
	});

	it("a return_url with a control character is a 400 naming it; a non-Latin-1 one is kept percent-encoded", async () => {
		const refused = await t.app.inject({
			method: "POST",
			url: INTENTS,
			headers: admin.headers,
			payload: paymentBody("4000 0027 6000 3184", { return_url: "https://shop.example/back\r\nx" }),
		});
		expect(refused.statusCode).toBe(400);
		expectRestError(refused);
		expect(refused.body).toContain("return_url");
		const kept = await t.app.inject({
			method: "POST",
			url: INTENTS,
			headers: admin.headers,
			payload: paymentBody("4000 0027 6000 3184", { return_url: "https://shop.example/merci\u3000?a=1" }),
		});
		expect(kept.statusCode).toBe(200);
		const { next_action } = kept.json() as { next_action: { redirect_url: string } };
		const page = new URL(next_action.redirect_url, "http://localhost");
		const finished = await t.app.inject({
			method: "POST",
			url: page.pathname,
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({
				client_secret: page.searchParams.get("client_secret") ?? "",
				account: page.searchParams.get("account") ?? "",
				result: "complete",
			}).toString(),
		});
		expect(finished.statusCode).toBe(303);
		expect(finished.headers.location).toMatch(
			/^https:\/\/shop\.example\/merci%E3%80%80\?a=1&payment_intent=pi_\w+$/,
		);
	});
});

describe("errors Node's parser raises are in the WordPress shape with the security headers", () => {
	let server: FastifyInstance;
	let port = 0;
	beforeAll(async () => {
		server = await t.anotherServer();
		await server.listen({ port: 0, host: "127.0.0.1" });
		port = (server.server.address() as { port: number }).port;
	});
	afterAll(async () => server.close());

	/** Sends raw bytes and reads the whole answer. */
	const raw = (request: string) =>
		new Promise<string>((resolve, reject) => {
			const socket = connect(port, "127.0.0.1", () => socket.end(request));
			let answer = "";
			socket.on("data", (chunk) => {
				answer += chunk.toString("latin1");
			});
			socket.on("end", () => resolve(answer));
			socket.on("error", reject);
		});
	const parts = (answer: string) => {
		const [head = "", body = ""] = answer.split("\r\n\r\n");
		const [status = "", ...lines] = head.split("\r\n");
		const headers = Object.fromEntries(
			lines.map((line) => [
				line.slice(0, line.indexOf(":")).toLowerCase(),
				line.slice(line.indexOf(":") + 1).trim(),
			]),
		);
		return { status, headers, body: JSON.parse(body) as { code: string; data: { status: number } } };
	};

	it("431: headers larger than the server accepts", async () => {
		const answer = parts(
			await raw(`GET /wp-json/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
		);
		expect(answer.status).toMatch(/^HTTP\/1\.1 431/);
		expect(answer.body).toMatchObject({ code: "rest_headers_too_large", data: { status: 431 } });
		for (const header of SECURITY) expect(answer.headers[header], header).toBeTruthy();
	});

	it("400: a header holding a bad character, and a malformed request line", async () => {
		for (const request of [
			"GET /wp-json/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n",
			"NONSENSE\r\n\r\n",
		]) {
			const answer = parts(await raw(request));
			expect(answer.status).toMatch(/^HTTP\/1\.1 400/);
			expect(answer.body).toMatchObject({ code: "rest_invalid_request", data: { status: 400 } });
			for (const header of SECURITY) expect(answer.headers[header], header).toBeTruthy();
		}
	});

	it("400: a URL that cannot be decoded", async () => {
		const response = await fetch(`http://127.0.0.1:${port}/wp-json/wc/v3/payments/%E0%A4%A`);
		expect([400, 404]).toContain(response.status);
		const body = (await response.json()) as { code: string; data: { status: number } };
		expect(body.data.status).toBe(response.status);
		for (const header of SECURITY) expect(response.headers.get(header), header).toBeTruthy();
	});
});

describe("a login form posted from another site is refused (login CSRF)", () => {
	const form = (extra: Record<string, string> = {}) =>
		new URLSearchParams({ log: admin.user.login, pwd: TEST_PASSWORD, ...extra }).toString();

	it("without the login page's test cookie, the right password does not log in", async () => {
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-login.php",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: form({ testcookie: "x".repeat(24) }),
		});
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain("this form was sent from another site");
		expect(response.cookies.map((cookie) => cookie.name)).not.toContain("wordpress_logged_in_paydesk");
	});

	it("with the cookie but another site's Origin, or Sec-Fetch-Site: cross-site, it does not either", async () => {
		const crossSite: Record<string, string>[] = [
			{ origin: "https://evil.example" },
			{ "sec-fetch-site": "cross-site" },
		];
		for (const headers of crossSite) {
			const response = await postLoginForm(t.app, { log: admin.user.login, pwd: TEST_PASSWORD }, { headers });
			expect(response.statusCode, JSON.stringify(headers)).toBe(403);
		}
		const sameSite = await postLoginForm(
			t.app,
			{ log: admin.user.login, pwd: TEST_PASSWORD },
			{ headers: { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" } },
		);
		expect(sameSite.statusCode).toBe(302);
	});
});

describe("pages and answers for a signed-in user are never cached", () => {
	it("REST answers carry Cache-Control: no-store, private", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc/v3/payments/accounts",
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(response.headers["cache-control"]).toBe("no-store, private");
	});
});

describe("the intake's order", () => {
	it("item totals that add up to more than the amount are a 400 naming order.items, and nothing is written", async () => {
		const before = await stateFingerprint(t.db.kysely);
		const response = await t.app.inject({
			method: "POST",
			url: INTENTS,
			headers: admin.headers,
			payload: paymentBody(undefined, {
				amount: 5000,
				order: { items: [{ name: "Tote", quantity: 2, total: 5001 }] },
			}),
		});
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		expect(response.json()).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { "order.items": expect.stringContaining("more than the amount") } },
		});
		expect(await stateFingerprint(t.db.kysely)).toEqual(before);
	});
});
