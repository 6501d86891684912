/**
 * The store's general settings: GET/POST /wp-json/wp/v2/settings with WordPress's
 * field names, for administrators only; a user's own language; and the page settings the
 * admin starts from, which now come from them instead of constants.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import { loadStoreTimeZone } from "../../src/lists/time-zones.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const SETTINGS = "/wp-json/wp/v2/settings";
let t: TestApp;
let admin: Actor;
let manager: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
});
afterAll(async () => t.close());

const get = (url: string, actor: Actor) => t.app.inject({ method: "GET", url, headers: actor.headers });
const post = (url: string, actor: Actor, payload: Record<string, unknown>) =>
	t.app.inject({ method: "POST", url, headers: actor.headers, payload });
const pageSettings = (actor: Actor) =>
	buildPageSettings(
		t.db.kysely,
		{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "http://x" },
		actor.user,
		{ nonceSecret: "s", now: t.clock.seconds() },
	);

describe("who may change the store's settings", () => {
	it("a shop manager can neither read nor change them (403), and nothing changes", async () => {
		const before = json(await get(SETTINGS, admin));
		expect((await get(SETTINGS, manager)).statusCode).toBe(403);
		const refused = await post(SETTINGS, manager, { title: "Hijacked", timezone: "Asia/Tokyo" });
		expect(refused.statusCode).toBe(403);
		expect(json(refused)).toMatchObject({ code: "rest_forbidden" });
		expect(json(await get(SETTINGS, admin))).toEqual(before);
	});
});

describe("an administrator changes them", () => {
	it("reads WordPress's defaults, saves every field and reads them back", async () => {
		expect(json(await get(SETTINGS, admin))).toMatchObject({
			date_format: "F j, Y",
			time_format: "g:i a",
			start_of_week: 1,
			language: "",
			two_factor_required_roles: [],
		});
		const update = {
			title: "Boutique Léa",
			description: "Savons et bougies",
			timezone: "Europe/Paris",
			date_format: "j F Y",
			time_format: "H:i",
			start_of_week: 1,
			language: "fr_FR",
			two_factor_required_roles: ["shop_manager"],
		};
		const saved = await post(SETTINGS, admin, update);
		expect(saved.statusCode).toBe(200);
		expect(json(saved)).toEqual(update);
		expect(json(await get(SETTINGS, admin))).toEqual(update);
		expect(await loadStoreTimeZone(t.db.kysely, TEST_ACCOUNT), "one time zone for exports too").toBe(
			"Europe/Paris",
		);
		// The shop manager of the tests below has no two-factor sign-in.
		await post(SETTINGS, admin, { two_factor_required_roles: [] });
	});

	it("keeps one of WordPress's manual offsets as WordPress stores it, and exports read it", async () => {
		const saved = await post(SETTINGS, admin, { timezone: "UTC+5.5" });
		expect(saved.statusCode).toBe(200);
		expect(json(saved)).toMatchObject({ timezone: "UTC+5.5" });
		expect(await loadStoreTimeZone(t.db.kysely, TEST_ACCOUNT)).toBe("UTC+5.5");
		await post(SETTINGS, admin, { timezone: "Europe/Paris" });
	});

	it.each([
		["timezone", "Mars/Olympus"],
		["start_of_week", 7],
		["language", "xx_XX"],
		["date_format", ""],
		["title", "x".repeat(201)],
		["two_factor_required_roles", ["owner"]],
	])("refuses a bad %s, naming it", async (field, value) => {
		const response = await post(SETTINGS, admin, { [field]: value });
		expect(response.statusCode).toBe(400);
		expect(Object.keys(json<{ data: { params: object } }>(response).data.params)).toEqual([field]);
	});
});

describe("the admin starts from them", () => {
	it("page settings carry the store's formats, name, time zone and language", async () => {
		await post(SETTINGS, admin, {
			title: "Boutique Léa",
			date_format: "j F Y",
			time_format: "H:i",
			timezone: "Europe/Paris",
			language: "fr_FR",
		});
		const settings = await pageSettings(manager);
		expect(settings).toMatchObject({
			siteTitle: "Boutique Léa",
			storeName: "Boutique Léa",
			dateFormat: "j F Y",
			timeFormat: "H:i",
			timezone: "Europe/Paris",
			locale: { code: "fr_FR", language: "fr" },
		});
	});

	it("a user's own language wins over the site's; clearing it follows the site again", async () => {
		await post(SETTINGS, admin, { language: "fr_FR" });
		const chosen = await post("/wp-json/wp/v2/users/me", manager, { locale: "de_CH" });
		expect(chosen.statusCode).toBe(200);
		expect(json(chosen)).toMatchObject({ locale: "de_CH" });
		expect((await pageSettings(manager)).locale).toEqual({ code: "de_CH", language: "de" });
		expect((await pageSettings(admin)).locale.code).toBe("fr_FR");
		await post("/wp-json/wp/v2/users/me", manager, { locale: "" });
		expect((await pageSettings(manager)).locale.code).toBe("fr_FR");
		expect((await post("/wp-json/wp/v2/users/me", manager, { locale: "klingon" })).statusCode).toBe(400);
	});

	it("subscriptions are active only when the payment settings enable them", async () => {
		expect((await pageSettings(admin)).isSubscriptionsActive).toBe(false);
		await post("/wp-json/wc/v3/payments/settings", admin, { is_wcpay_subscriptions_enabled: true });
		const settings = await pageSettings(admin);
		expect(settings.isSubscriptionsActive).toBe(settings.featureFlags.wcpaySubscriptions);
	});
});
