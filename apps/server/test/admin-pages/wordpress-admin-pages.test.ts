/**
 * WordPress's own pages the admin app stands in for: General Settings
 * (/wp-admin/options-general.php) only for administrators (manage_options), as WordPress does —
 * a shop manager gets 403 with "Sorry, you are not allowed to access this page." — and the
 * Profile (/wp-admin/profile.php) for every user of the admin. The payments viewer, who reads the
 * payments and changes nothing, has the admin's pages too: its page settings say what it may do.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAGE_SETTINGS_ELEMENT_ID } from "@paydesk/contract/page-settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const REFUSAL = "Sorry, you are not allowed to access this page.";
const adminDist = mkdtempSync(path.join(tmpdir(), "paydesk-admin-dist-"));
let t: TestApp;
let admin: Actor;
let manager: Actor;
let viewer: Actor;
let customer: Actor;

beforeAll(async () => {
	writeFileSync(
		path.join(adminDist, "index.html"),
		`<!doctype html><html><head><title>Paydesk</title></head><body><div id="paydesk-root"></div></body></html>`,
	);
	t = await createTestApp({
		adminDist,
		seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)),
	});
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
	viewer = await t.actor("payments_viewer");
	customer = await t.actor("customer");
});
afterAll(async () => {
	await t.close();
	rmSync(adminDist, { recursive: true, force: true });
});

const open = (url: string, actor?: Actor) =>
	t.app.inject({ method: "GET", url, headers: actor ? { cookie: actor.headers.cookie ?? "" } : {} });

describe("General Settings (/wp-admin/options-general.php)", () => {
	it("is served to an administrator, with the page settings the app starts from", async () => {
		const response = await open("/wp-admin/options-general.php", admin);
		expect(response.statusCode).toBe(200);
		expect(response.body).toContain(`id="${PAGE_SETTINGS_ELEMENT_ID}"`);
	});

	it("answers a shop manager 403 with WordPress's refusal, and no page settings", async () => {
		const response = await open("/wp-admin/options-general.php?settings-updated=true", manager);
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain(REFUSAL);
		expect(response.body).not.toContain(PAGE_SETTINGS_ELEMENT_ID);
	});

	it("refuses a customer and sends a visitor to the login page", async () => {
		expect((await open("/wp-admin/options-general.php", customer)).statusCode).toBe(403);
		const visitor = await open("/wp-admin/options-general.php");
		expect(visitor.statusCode).toBe(302);
		expect(visitor.headers.location).toBe(
			`/wp-login.php?redirect_to=${encodeURIComponent("/wp-admin/options-general.php")}&reauth=1`,
		);
	});
});

describe("Profile (/wp-admin/profile.php)", () => {
	it("is served to every user of the admin: administrators and shop managers", async () => {
		expect((await open("/wp-admin/profile.php", admin)).statusCode).toBe(200);
		expect((await open("/wp-admin/profile.php", manager)).statusCode).toBe(200);
	});

	it("is written in the user's language: <html lang> follows their profile", async () => {
		expect((await open("/wp-admin/profile.php", manager)).body).toContain('<html lang="en-US">');
		const chosen = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/users/me",
			headers: { ...manager.headers, "content-type": "application/json" },
			payload: { locale: "de_CH" },
		});
		expect(chosen.statusCode).toBe(200);
		expect((await open("/wp-admin/profile.php", manager)).body).toContain('<html lang="de-CH">');
		expect((await open("/wp-admin/profile.php", admin)).body).toContain('<html lang="en-US">');
	});

	it("is refused to a customer, who has no admin", async () => {
		const response = await open("/wp-admin/profile.php", customer);
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain(REFUSAL);
	});
});

/** The page settings island of an admin page. */
function pageSettingsOf(body: string): Record<string, unknown> {
	const island = new RegExp(
		`<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">(.*?)</script>`,
		"s",
	).exec(body);
	return JSON.parse(island?.[1] ?? "null") as Record<string, unknown>;
}

describe("the payments viewer's admin pages", () => {
	it("serves it the admin, saying it may read the payments but neither manage the store nor the site", async () => {
		for (const url of [
			"/wp-admin/admin.php?page=wc-admin&path=/payments/transactions",
			"/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments",
			"/wp-admin/post.php?post=1001&action=edit",
			`/wp-admin/user-edit.php?user_id=${viewer.user.id}`,
			"/wp-admin/profile.php",
		]) {
			const page = await open(url, viewer);
			expect(page.statusCode, url).toBe(200);
			expect(pageSettingsOf(page.body)).toMatchObject({
				user: { roles: ["payments_viewer"] },
				capabilities: { view_woocommerce_reports: true, manage_woocommerce: false, manage_options: false },
			});
		}
	});

	it("refuses it WordPress's General Settings, as a shop manager is refused", async () => {
		const response = await open("/wp-admin/options-general.php", viewer);
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain(REFUSAL);
	});
});

describe("the admin page template", () => {
	it("a store title holding every replacement pattern ($& $` $' $$ $1 $<n>) loads the admin as it is", async () => {
		const title = "Jo's $& $` $' $$ $1 $<n> Shop";
		const saved = await t.app.inject({
			method: "POST",
			url: "/wp-json/wp/v2/settings",
			headers: admin.headers,
			payload: { title },
		});
		expect(saved.statusCode, saved.body).toBe(200);
		for (const actor of [admin, manager]) {
			const page = await open("/wp-admin/admin.php?page=wc-admin&path=/payments/overview", actor);
			expect(page.statusCode).toBe(200);
			const island = new RegExp(
				`<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">(.*?)</script>`,
				"s",
			).exec(page.body);
			const settings = JSON.parse(island?.[1] ?? "null") as { siteTitle: string };
			expect(settings.siteTitle).toBe(title);
			expect(page.body).toContain(
				"<title>Payments ‹ Jo&#39;s $&amp; $` $&#39; $$ $1 $&lt;n&gt; Shop — Paydesk</title>",
			);
			// The page's head appears once: nothing was pasted into the settings.
			expect(page.body.match(/<head>/g)).toHaveLength(1);
		}
	});
});
