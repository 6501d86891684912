/**
 * GET /wp-json/wp/v2/users/{id}: another user of the store, for the user page the payment
 * timeline links to (a manual fraud decision names its user). A user of another store, or none,
 * is WordPress's 404 rest_user_invalid_id; the page itself is served at /wp-admin/user-edit.php.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestApp } from "../../src/testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
	t = await createTestApp();
});
afterAll(async () => t.close());

const userUrl = (id: number | string) => `/wp-json/wp/v2/users/${id}`;

describe("GET /wp-json/wp/v2/users/{id}", () => {
	it("answers a user of the store with login, name, e-mail and role, and no meta", async () => {
		const admin = await t.actor("administrator");
		const manager = await t.actor("shop_manager");
		const response = await t.app.inject({
			method: "GET",
			url: userUrl(manager.user.id),
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(json(response)).toEqual({
			id: manager.user.id,
			username: manager.user.login,
			name: manager.user.displayName,
			first_name: "Test",
			last_name: manager.user.lastName,
			email: manager.user.email,
			roles: ["shop_manager"],
		});
	});

	it("knows the payments viewer: its role, and what it may do", async () => {
		const admin = await t.actor("administrator");
		const viewer = await t.actor("payments_viewer");
		const other = await t.app.inject({ method: "GET", url: userUrl(viewer.user.id), headers: admin.headers });
		expect(json(other).roles).toEqual(["payments_viewer"]);
		const me = await t.app.inject({ method: "GET", url: "/wp-json/wp/v2/users/me", headers: viewer.headers });
		expect(me.statusCode).toBe(200);
		expect(json(me)).toMatchObject({
			roles: ["payments_viewer"],
			capabilities: { view_woocommerce_reports: true, read: true },
		});
		expect(json<{ capabilities: object }>(me).capabilities).not.toHaveProperty("manage_woocommerce");
		// The viewer reads the store's users too (the payment timeline names who decided).
		const seen = await t.app.inject({ method: "GET", url: userUrl(admin.user.id), headers: viewer.headers });
		expect(json(seen).roles).toEqual(["administrator"]);
	});

	it("answers 404 rest_user_invalid_id for an id the store does not have", async () => {
		const admin = await t.actor("administrator");
		const response = await t.app.inject({ method: "GET", url: userUrl(999_999), headers: admin.headers });
		expect(response.statusCode).toBe(404);
		expect(json(response)).toMatchObject({ code: "rest_user_invalid_id", message: "Invalid user ID." });
	});

	it("never answers a user of another store (ids are counted per store)", async () => {
		const admin = await t.actor("administrator");
		const elsewhere = await t.actor("administrator", "acct_other_store");
		const response = await t.app.inject({
			method: "GET",
			url: userUrl(elsewhere.user.id),
			headers: admin.headers,
		});
		if (response.statusCode === 200) expect(json(response).email).not.toBe(elsewhere.user.email);
		else expect(response.statusCode).toBe(404);
	});

	it("refuses an id that is not a positive whole number, naming the parameter", async () => {
		const admin = await t.actor("administrator");
		const response = await t.app.inject({ method: "GET", url: userUrl("abc"), headers: admin.headers });
		expect(response.statusCode).toBe(400);
		expect(json(response)).toMatchObject({
			code: "rest_invalid_param",
			data: { params: { id: expect.any(String) } },
		});
	});

	it("is refused to a customer, as every route is", async () => {
		const customer = await t.actor("customer");
		const response = await t.app.inject({
			method: "GET",
			url: userUrl(customer.user.id),
			headers: customer.headers,
		});
		expect(response.statusCode).toBe(403);
	});
});
