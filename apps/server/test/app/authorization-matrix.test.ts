/**
 * Every route of the OpenAPI document, called as anonymous, as a customer and as a shop
 * manager: a new route cannot ship without the manage_woocommerce guard.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { buildPath } from "@paydesk/contract/route";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	injectOnce,
	TEST_ACCOUNT,
	type TestApp,
} from "../../src/testing/test-app.ts";

let t: TestApp;
let customer: Actor;
let manager: Actor;
let administrator: Actor;
let customerBasic: Record<string, string>;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	customer = await t.actor("customer");
	manager = await t.actor("shop_manager");
	administrator = await t.actor("administrator");
	customerBasic = await t.basic(customer.user);
});
afterAll(async () => t.close());

const guarded = ALL_ROUTES.filter((route) => !route.public);

function urlOf(path: string): string {
	const params: Record<string, string> = {};
	for (const match of path.matchAll(/\{(\w+)\}/g)) params[match[1] ?? ""] = "x1";
	return buildPath(path, params);
}

function call(route: (typeof guarded)[number], headers: Record<string, string> = {}) {
	return injectOnce(t.app, {
		method: route.method,
		url: urlOf(route.path),
		headers: route.method === "GET" ? headers : { ...headers, "content-type": "application/json" },
		payload: route.method === "GET" ? undefined : "{}",
	});
}

describe("every route requires manage_woocommerce (spec 3 §2)", () => {
	it("has routes to check", () => {
		expect(guarded.length).toBeGreaterThan(20);
	});

	it.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))(
		"%s answers 401 anonymous, 403 to a customer, and lets a shop manager in (an administrator for manage_options)",
		async (_name, route) => {
			const anonymous = await call(route);
			expect(anonymous.statusCode).toBe(401);
			expect(anonymous.json()).toMatchObject({ code: "rest_not_logged_in", data: { status: 401 } });

			const refused = await call(route, customer.headers);
			expect(refused.statusCode).toBe(403);
			expect(refused.json()).toMatchObject({ code: "rest_forbidden", data: { status: 403 } });

			if (route.capability === "manage_options") {
				// Site settings are the administrator's: a shop manager is refused.
				const manager403 = await call(route, manager.headers);
				expect(manager403.statusCode).toBe(403);
				expect(manager403.json()).toMatchObject({ code: "rest_forbidden" });
				const allowed = await call(route, administrator.headers);
				expect([401, 403]).not.toContain(allowed.statusCode);
				expect(allowed.statusCode).toBeLessThan(500);
				return;
			}
			const allowed = await call(route, manager.headers);
			expect([401, 403]).not.toContain(allowed.statusCode);
			expect(allowed.statusCode).toBeLessThan(500);
		},
	);
});

describe("every route refuses what only looks like a logged-in merchant", () => {
	it.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))(
		"%s: a cookie without X-WP-Nonce is anonymous (401); a wrong nonce is refused (403); a customer's application password is refused (403)",
		async (_name, route) => {
			const cookieOnly = await call(route, { cookie: manager.headers.cookie ?? "" });
			expect(cookieOnly.statusCode).toBe(401);
			expect(cookieOnly.json()).toMatchObject({ code: "rest_not_logged_in" });

			const wrongNonce = await call(route, {
				cookie: manager.headers.cookie ?? "",
				"x-wp-nonce": "0123456789",
			});
			expect(wrongNonce.statusCode).toBe(403);
			expect(wrongNonce.json()).toMatchObject({ code: "rest_cookie_invalid_nonce" });

			const script = await call(route, customerBasic);
			expect(script.statusCode).toBe(403);
			expect(script.json()).toMatchObject({ code: "rest_forbidden" });
		},
	);
});
