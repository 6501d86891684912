/**
 * Every route of the OpenAPI document, called as anonymous, as a customer, as a payments viewer,
 * as a shop manager and (for manage_options) as an administrator: a new route cannot ship without
 * its capability's guard. Reading needs view_woocommerce_reports, which the payments viewer holds;
 * changing anything needs manage_woocommerce, which it does not; the contract names the few
 * routes that differ, and the lists below pin them down.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { buildPath, type Capability, capabilityOf } from "@paydesk/contract/route";
import type { Role } from "@paydesk/contract/wp";
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
let viewer: Actor;
let manager: Actor;
let administrator: Actor;
let customerBasic: Record<string, string>;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	customer = await t.actor("customer");
	viewer = await t.actor("payments_viewer");
	manager = await t.actor("shop_manager");
	administrator = await t.actor("administrator");
	customerBasic = await t.basic(customer.user);
});
afterAll(async () => t.close());

const guarded = ALL_ROUTES.filter((route) => !route.public);
const nameOf = (route: (typeof guarded)[number]) => `${route.method} ${route.path}`;

/** Who holds each capability, as WordPress and WooCommerce grant them. */
const HOLDERS: Record<Capability, readonly Role[]> = {
	view_woocommerce_reports: ["administrator", "shop_manager", "payments_viewer"],
	manage_woocommerce: ["administrator", "shop_manager"],
	manage_options: ["administrator"],
};

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

async function expectLetIn(route: (typeof guarded)[number], actor: Actor) {
	const allowed = await call(route, actor.headers);
	expect([401, 403], `${actor.user.role}: ${allowed.body.slice(0, 200)}`).not.toContain(allowed.statusCode);
	expect(allowed.statusCode).toBeLessThan(500);
}

async function expectRefused(route: (typeof guarded)[number], actor: Actor) {
	const refused = await call(route, actor.headers);
	expect(refused.statusCode, actor.user.role).toBe(403);
	expect(refused.json()).toMatchObject({ code: "rest_forbidden", data: { status: 403 } });
}

describe("every route requires its capability (spec 3 §2: manage_woocommerce to change the store)", () => {
	it("has routes to check", () => {
		expect(guarded.length).toBeGreaterThan(20);
	});

	it.each(guarded.map((route) => [nameOf(route), route] as const))(
		"%s answers 401 anonymous, 403 to a customer, and lets in exactly the roles that hold its capability",
		async (_name, route) => {
			const anonymous = await call(route);
			expect(anonymous.statusCode).toBe(401);
			expect(anonymous.json()).toMatchObject({ code: "rest_not_logged_in", data: { status: 401 } });

			const refused = await call(route, customer.headers);
			expect(refused.statusCode).toBe(403);
			expect(refused.json()).toMatchObject({ code: "rest_forbidden", data: { status: 403 } });

			const holders = HOLDERS[capabilityOf(route)];
			if (holders.includes("payments_viewer")) await expectLetIn(route, viewer);
			else await expectRefused(route, viewer);

			if (holders.includes("shop_manager")) {
				await expectLetIn(route, manager);
				return;
			}
			// Site settings and developer secrets are the administrator's: a shop manager is refused.
			await expectRefused(route, manager);
			await expectLetIn(route, administrator);
		},
	);
});

describe("a payments viewer reads and exports, and changes nothing of the store", () => {
	const viewerMay = (route: (typeof guarded)[number]) =>
		HOLDERS[capabilityOf(route)].includes("payments_viewer");

	it("reads every route but the credentials, the site's settings and the audit log", () => {
		const kept = guarded.filter((route) => route.method === "GET" && !viewerMay(route)).map(nameOf);
		expect(kept.sort()).toEqual(
			[
				"GET /wp-json/wc/v3/payments/accounts/session",
				"GET /wp-json/wc/v3/payments/audit-log",
				"GET /wp-json/wc/v3/payments/audit-log/download",
				"GET /wp-json/wc/v3/payments/developers/api-keys",
				"GET /wp-json/wc/v3/payments/developers/webhook-endpoints/{id}/secret",
				"GET /wp-json/wc/v3/payments/stripe/connect",
				"GET /wp-json/wp/v2/settings",
			].sort(),
		);
	});

	it("is refused every write but the export requests and its own records (profile, sign-in, read marks, usage, survey)", () => {
		const allowed = guarded.filter((route) => route.method !== "GET" && viewerMay(route)).map(nameOf);
		const exportRequests = [
			"POST /wp-json/wc/v3/payments/deposits/download",
			"POST /wp-json/wc/v3/payments/transactions/download",
			"POST /wp-json/wc/v3/payments/disputes/download",
		];
		/** The user's own records: none of them is the store's. */
		const own =
			/^(POST|PUT|DELETE) \/wp-json\/(wp\/v2\/users\/me(\/|$)|two-factor\/|wc\/v3\/payments\/(notifications\/|tracks$|survey\/))/;
		expect(allowed.filter((name) => !exportRequests.includes(name) && !own.test(name))).toEqual([]);
		expect(allowed).toEqual(
			expect.arrayContaining([
				...exportRequests,
				"POST /wp-json/wc/v3/payments/notifications/{id}/read",
				"POST /wp-json/wc/v3/payments/notifications/read",
				"POST /wp-json/wp/v2/users/me",
				"POST /wp-json/wc/v3/payments/tracks",
				"POST /wp-json/wc/v3/payments/survey/payments-overview",
			]),
		);
	});

	it("may export every list it reads: each CSV download and export request is open to it", () => {
		// The audit log is the administrators' alone, its list as its download.
		const exports = guarded.filter(
			(route) => /\/download(\/\{export_id\})?$/.test(route.path) && !route.path.includes("/audit-log/"),
		);
		expect(exports.length).toBeGreaterThanOrEqual(10);
		for (const route of exports) expect(viewerMay(route), nameOf(route)).toBe(true);
	});
});

describe("the OpenAPI document names each route's capability", () => {
	it("as x-capability, the one the server checks", async () => {
		const response = await t.app.inject({ method: "GET", url: "/wp-json/wc/v3/payments/openapi.json" });
		const paths = response.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>().paths;
		for (const route of guarded) {
			expect(paths[route.path]?.[route.method.toLowerCase()]?.["x-capability"], nameOf(route)).toBe(
				capabilityOf(route),
			);
		}
		expect(paths["/wp-json/wc/v3/payments/refund"]?.post?.["x-capability"]).toBe("manage_woocommerce");
		expect(paths["/wp-json/wc/v3/payments/transactions"]?.get?.["x-capability"]).toBe(
			"view_woocommerce_reports",
		);
		expect(paths["/wp-json/wc/v3/payments/openapi.json"]?.get).not.toHaveProperty("x-capability");
	});
});

describe("every route refuses what only looks like a logged-in merchant", () => {
	it.each(guarded.map((route) => [nameOf(route), route] as const))(
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
