/**
 * WooCommerce's settings API for the store's general group: the store's address,
 * selling and shipping locations and currency under WooCommerce's option names, with
 * WooCommerce's answers — a list of setting objects, one setting read or changed, a batch whose
 * refused items save nothing while the others are saved — for users who can manage_woocommerce
 * (shop managers too, as in WooCommerce). Fraud protection reads the selling countries saved here,
 * and the page settings read the store's country and currency until an account is connected.
 */
import { GENERAL_SETTING_IDS, type StoreSetting } from "@paydesk/contract/store-settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const GENERAL = "/wp-json/wc/v3/settings/general";
/** A store that has not connected a payments account yet. */
const NEW_STORE = "acct_new_store";
let t: TestApp;
let admin: Actor;
let manager: Actor;
let customer: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT);
			await insertTestAccount(db.kysely, NEW_STORE, {
				connected: 0,
				status: "pending",
				details_submitted: 0,
			});
		},
	});
	admin = await t.actor("administrator");
	manager = await t.actor("shop_manager");
	customer = await t.actor("customer");
});
afterAll(async () => t.close());

const request = (
	method: "GET" | "PUT" | "POST",
	url: string,
	actor?: Actor,
	payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: actor?.headers ?? {}, payload });
const put = (id: string, value: unknown, actor: Actor = manager) =>
	request("PUT", `${GENERAL}/${id}`, actor, { value });
const batch = (update: unknown[], actor: Actor = manager) =>
	request("POST", `${GENERAL}/batch`, actor, { update });
const settingValue = async (id: string) =>
	json<StoreSetting>(await request("GET", `${GENERAL}/${id}`, manager)).value;

describe("GET /wc/v3/settings/general lists the group as WooCommerce does", () => {
	it("answers every setting with WooCommerce's fields and a new store's defaults", async () => {
		const response = await request("GET", GENERAL, manager);
		expect(response.statusCode).toBe(200);
		const settings = json<StoreSetting[]>(response);
		expect(settings.map((setting) => setting.id)).toEqual([...GENERAL_SETTING_IDS]);
		expect(new Set(settings.map((setting) => setting.group_id))).toEqual(new Set(["general"]));
		const byId = Object.fromEntries(settings.map((setting) => [setting.id, setting]));
		expect(byId.woocommerce_store_address).toEqual({
			id: "woocommerce_store_address",
			label: "Address line 1",
			description: "The street address for your business location.",
			type: "text",
			default: "",
			tip: "The street address for your business location.",
			value: "",
			group_id: "general",
		});
		expect(byId.woocommerce_default_country).toMatchObject({
			type: "select",
			default: "US:CA",
			value: "US:CA",
		});
		expect(byId.woocommerce_default_country?.options).toMatchObject({
			"US:CA": "United States (US) - California",
			FR: "France",
		});
		expect(byId.woocommerce_default_country?.options).not.toHaveProperty("US");
		expect(byId.woocommerce_specific_allowed_countries).toMatchObject({ type: "multiselect", value: [] });
		expect(byId.woocommerce_currency).toMatchObject({ value: "USD" });
		expect(byId.woocommerce_currency?.options?.EUR).toBe("Euro (€) - EUR");
		expect(
			Object.fromEntries(
				[
					"woocommerce_allowed_countries",
					"woocommerce_currency_pos",
					"woocommerce_price_thousand_sep",
					"woocommerce_price_decimal_sep",
					"woocommerce_price_num_decimals",
					"woocommerce_calc_taxes",
					"woocommerce_enable_coupons",
				].map((id) => [id, byId[id]?.value]),
			),
		).toEqual({
			woocommerce_allowed_countries: "all",
			woocommerce_currency_pos: "left",
			woocommerce_price_thousand_sep: ",",
			woocommerce_price_decimal_sep: ".",
			woocommerce_price_num_decimals: "2",
			woocommerce_calc_taxes: "no",
			woocommerce_enable_coupons: "yes",
		});
	});

	it("answers an unknown setting 404 rest_setting_setting_invalid 'Invalid setting.'", async () => {
		for (const response of [
			await request("GET", `${GENERAL}/blogname`, manager),
			await put("woocommerce_nonsense", "x"),
		]) {
			expect(response.statusCode).toBe(404);
			expect(json(response)).toEqual({
				code: "rest_setting_setting_invalid",
				message: "Invalid setting.",
				data: { status: 404 },
			});
		}
	});
});

describe("PUT /wc/v3/settings/general/{id} changes one setting", () => {
	it("saves the value and answers the setting with it; a shop manager may", async () => {
		const response = await put("woocommerce_store_address", "  1 Rue de Rivoli  ");
		expect(response.statusCode).toBe(200);
		expect(json(response)).toMatchObject({ id: "woocommerce_store_address", value: "1 Rue de Rivoli" });
		expect(await settingValue("woocommerce_store_address")).toBe("1 Rue de Rivoli");
		expect(json(await put("woocommerce_default_country", "FR"))).toMatchObject({ value: "FR" });
		expect(json(await put("woocommerce_price_num_decimals", 3))).toMatchObject({ value: "3" });
		expect(json(await put("woocommerce_price_thousand_sep", " "))).toMatchObject({ value: " " });
	});

	it.each([
		[
			"woocommerce_default_country",
			"US",
			"woocommerce_default_country must be a country code, with its state",
		],
		["woocommerce_default_country", "XX", "woocommerce_default_country must be a country code"],
		["woocommerce_currency", "XXX", "woocommerce_currency must be a currency code of the store"],
		["woocommerce_currency_pos", "middle", 'woocommerce_currency_pos must be one of "left", "right"'],
		["woocommerce_allowed_countries", "some", 'woocommerce_allowed_countries must be one of "all"'],
		["woocommerce_specific_allowed_countries", ["FR", "Narnia"], '"Narnia" is not one'],
		["woocommerce_calc_taxes", true, 'woocommerce_calc_taxes must be "yes" or "no"'],
		[
			"woocommerce_price_num_decimals",
			-1,
			"woocommerce_price_num_decimals must be a whole number from 0 to 8",
		],
		["woocommerce_store_city", "x".repeat(201), "woocommerce_store_city must be at most 200 characters"],
	])("refuses %s = %j with 400 rest_setting_value_invalid naming the problem", async (id, value, problem) => {
		const before = await settingValue(id);
		const response = await put(id, value);
		expect(response.statusCode).toBe(400);
		const body = json<{
			code: string;
			message: string;
			data: { status: number; params: Record<string, string> };
		}>(response);
		expect(body.code).toBe("rest_setting_value_invalid");
		expect(body.message).toContain(problem);
		expect(body.data.status).toBe(400);
		expect(body.data.params[id]).toContain(problem);
		expect(await settingValue(id), "nothing saved").toEqual(before);
	});
});

describe("POST /wc/v3/settings/general/batch", () => {
	it("saves the valid items and answers a refused one in its place, saving nothing of it", async () => {
		const response = await batch([
			{ id: "woocommerce_store_city", value: "Lyon" },
			{ id: "woocommerce_currency", value: "Monopoly money" },
			{ id: "woocommerce_currency_pos", value: "right_space" },
			{ id: "woocommerce_unknown", value: "x" },
		]);
		expect(response.statusCode).toBe(200);
		const { update } = json<{ update: Record<string, unknown>[] }>(response);
		expect(update).toHaveLength(4);
		expect(update[0]).toMatchObject({ id: "woocommerce_store_city", value: "Lyon", group_id: "general" });
		expect(update[1]).toMatchObject({
			id: "woocommerce_currency",
			error: { code: "rest_setting_value_invalid", data: { status: 400 } },
		});
		expect(update[2]).toMatchObject({ id: "woocommerce_currency_pos", value: "right_space" });
		expect(update[3]).toEqual({
			id: "woocommerce_unknown",
			error: { code: "rest_setting_setting_invalid", message: "Invalid setting.", data: { status: 404 } },
		});
		expect(await settingValue("woocommerce_store_city")).toBe("Lyon");
		expect(await settingValue("woocommerce_currency_pos")).toBe("right_space");
		expect(await settingValue("woocommerce_currency")).toBe("USD");
	});

	it("refuses more than 100 items with WooCommerce's 413", async () => {
		const items = Array.from({ length: 101 }, () => ({ id: "woocommerce_store_city", value: "Paris" }));
		const response = await batch(items);
		expect(response.statusCode).toBe(413);
		expect(json(response)).toMatchObject({ code: "woocommerce_rest_request_entity_too_large" });
		expect(await settingValue("woocommerce_store_city")).toBe("Lyon");
	});
});

describe("who may change the store's settings (manage_woocommerce)", () => {
	it("an administrator and a shop manager may; a customer gets 403; a visitor 401", async () => {
		expect((await put("woocommerce_enable_coupons", "no", admin)).statusCode).toBe(200);
		expect((await put("woocommerce_enable_coupons", "yes", manager)).statusCode).toBe(200);
		const refused = await put("woocommerce_enable_coupons", "no", customer);
		expect(refused.statusCode).toBe(403);
		expect(json(refused)).toMatchObject({ code: "rest_forbidden" });
		expect((await batch([{ id: "woocommerce_enable_coupons", value: "no" }], customer)).statusCode).toBe(403);
		const anonymous = await request("GET", GENERAL);
		expect(anonymous.statusCode).toBe(401);
		expect(json(anonymous)).toMatchObject({ code: "rest_not_logged_in" });
		expect(
			(await put("woocommerce_enable_coupons", "no", { user: customer.user, headers: {} })).statusCode,
		).toBe(401);
		expect(await settingValue("woocommerce_enable_coupons")).toBe("yes");
	});
});

describe("fraud protection reads the selling countries saved here", () => {
	it("the options fraud protection reads hold the mode and the countries just saved", async () => {
		const saved = await batch([
			{ id: "woocommerce_allowed_countries", value: "specific" },
			{ id: "woocommerce_specific_allowed_countries", value: ["FR", "DE", "FR"] },
			{ id: "woocommerce_all_except_countries", value: "" },
		]);
		expect(saved.statusCode).toBe(200);
		const read = await request(
			"GET",
			"/wp-json/wc-admin/options?options=woocommerce_allowed_countries,woocommerce_specific_allowed_countries,woocommerce_all_except_countries",
			manager,
		);
		expect(read.statusCode).toBe(200);
		expect(json(read)).toEqual({
			woocommerce_allowed_countries: "specific",
			woocommerce_specific_allowed_countries: ["FR", "DE"],
			woocommerce_all_except_countries: [],
		});
	});
});

describe("page settings come from the store's settings", () => {
	const pageSettings = (actor: Actor) =>
		buildPageSettings(
			t.db.kysely,
			{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "http://x" },
			actor.user,
			{ nonceSecret: "s", now: t.clock.seconds() },
		);

	it("say what the user may do: a shop manager cannot manage_options, so the admin hides General Settings", async () => {
		expect((await pageSettings(admin)).capabilities).toEqual({
			view_woocommerce_reports: true,
			manage_woocommerce: true,
			manage_options: true,
		});
		expect((await pageSettings(manager)).capabilities).toEqual({
			view_woocommerce_reports: true,
			manage_woocommerce: true,
			manage_options: false,
		});
	});

	it("until an account is connected, the store's country and currency are the store's settings", async () => {
		const owner = await t.actor("shop_manager", NEW_STORE);
		expect(await pageSettings(owner)).toMatchObject({
			connect: { country: "US" },
			storeCurrency: "usd",
			isWooPayStoreCountryAvailable: true,
		});
		const saved = await batch(
			[
				{ id: "woocommerce_default_country", value: "FR" },
				{ id: "woocommerce_currency", value: "EUR" },
			],
			owner,
		);
		expect(saved.statusCode).toBe(200);
		const settings = await pageSettings(owner);
		expect(settings).toMatchObject({
			connect: { country: "FR" },
			storeCurrency: "eur",
			isWooPayStoreCountryAvailable: false,
		});
		expect(settings.currencyData.eur).toMatchObject({ code: "EUR", decimals: 2 });
	});

	it("a connected account keeps its own country and currency", async () => {
		await batch([
			{ id: "woocommerce_default_country", value: "CA:QC" },
			{ id: "woocommerce_currency", value: "CAD" },
		]);
		expect(await pageSettings(manager)).toMatchObject({ connect: { country: "US" }, storeCurrency: "usd" });
	});
});
