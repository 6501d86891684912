/**
 * The payment areas are autoloaded (plugins.ts): every folder of payments/ with a routes.ts is
 * registered, so a new area is served without a line in app.ts, and an area the autoload
 * missed shows here as contract routes the app does not have.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { buildPath } from "@paydesk/contract/route";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFastifyPath } from "../http/contract-route.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { paymentAreas } from "./plugins.ts";

const PAYMENTS_API = "/wp-json/wc/v3/payments/";

let server: TestApp;

beforeAll(async () => {
	server = await createTestApp();
});
afterAll(async () => {
	await server.close();
});

describe("the payment areas", () => {
	it("are every folder of payments/ with a routes.ts, in name order", () => {
		const here = import.meta.dirname;
		const folders = readdirSync(here, { withFileTypes: true })
			.filter((entry) => entry.isDirectory() && existsSync(path.join(here, entry.name, "routes.ts")))
			.map((entry) => entry.name);
		expect(folders).toContain("transactions");
		expect(paymentAreas()).toEqual(folders.sort());
	});

	it("each export their plugin as the default", async () => {
		for (const name of paymentAreas()) {
			const area = await import(`./${name}/routes.ts`);
			expect(typeof area.default, name).toBe("function");
		}
	});

	it("serve every contract route", () => {
		const missing = ALL_ROUTES.filter(
			(route) => !server.app.hasRoute({ method: route.method, url: toFastifyPath(route.path) }),
		).map((route) => `${route.method} ${route.path}`);
		expect(missing).toEqual([]);
	});

	it("answer through the root's authentication and error handling", async () => {
		const guarded = ALL_ROUTES.filter((route) => route.path.startsWith(PAYMENTS_API) && !route.public);
		expect(guarded.length).toBeGreaterThan(50);
		for (const route of guarded) {
			const params = Object.fromEntries(
				[...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, "x"]),
			);
			const response = await server.app.inject({ method: route.method, url: buildPath(route.path, params) });
			expect([route.path, response.statusCode, response.json().code]).toEqual([
				route.path,
				401,
				"rest_not_logged_in",
			]);
		}
	});
});
