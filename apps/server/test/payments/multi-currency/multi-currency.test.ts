import type { CurrenciesResponse } from "@paydesk/contract/multi-currency";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";

const MC = "/wp-json/wc/v3/payments/multi-currency";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function call<T = Record<string, unknown>>(method: "GET" | "POST", url: string, payload?: unknown) {
	const response = await t.app.inject({
		method,
		url,
		headers: admin.headers,
		...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
	});
	return { status: response.statusCode, body: json<T>(response) };
}

describe("GET /multi-currency/currencies (spec 3 §3.9, §7)", () => {
	it("answers available, enabled and default; the store currency is enabled with rate 1", async () => {
		const { status, body } = await call<CurrenciesResponse>("GET", `${MC}/currencies`);
		expect(status).toBe(200);
		expect(Object.keys(body.enabled)).toEqual(["USD"]);
		expect(body.default).toMatchObject({ id: "usd", code: "USD", symbol: "$", is_default: true, rate: 1 });
		expect(body.available.EUR).toMatchObject({ code: "EUR", name: "Euro", symbol: "€", flag: "🇪🇺" });
		expect(Object.keys(body.available).length).toBeGreaterThan(20);
	});
});

describe("POST /multi-currency/update-enabled-currencies", () => {
	it("enables currencies with an exchange rate for each, keeping the store currency", async () => {
		const { status, body } = await call<CurrenciesResponse>("POST", `${MC}/update-enabled-currencies`, {
			enabled: ["eur", "JPY"],
		});
		expect(status).toBe(200);
		expect(Object.keys(body.enabled)).toEqual(["USD", "EUR", "JPY"]);
		expect(body.enabled.EUR?.rate).toBe(0.92);
		expect(body.enabled.JPY).toMatchObject({
			rate: 151.2,
			is_zero_decimal: true,
			exchange_rate_type: "automatic",
		});
		expect(body.enabled.EUR?.last_updated).toBe(Math.floor(Date.parse("2026-11-15T15:00:00Z") / 1000));
	});

	it("refuses a currency that is not available", async () => {
		const { status, body } = await call("POST", `${MC}/update-enabled-currencies`, {
			enabled: ["EUR", "XXX"],
		});
		expect(status).toBe(400);
		expect(body.code).toBe("rest_invalid_param");
		expect(JSON.stringify(body)).toContain("XXX");
	});
});

describe("one currency's settings", () => {
	it("reads defaults and saves a manual rate that the currency list then shows", async () => {
		const read = await call("GET", `${MC}/currencies/eur`);
		expect(read.body).toEqual({
			exchange_rate_type: "automatic",
			manual_rate: null,
			price_rounding: 1,
			price_charm: 0,
		});
		const saved = await call("POST", `${MC}/currencies/EUR`, {
			exchange_rate_type: "manual",
			manual_rate: 0.95,
			price_charm: -0.01,
		});
		expect(saved).toEqual({
			status: 200,
			body: { exchange_rate_type: "manual", manual_rate: 0.95, price_rounding: 1, price_charm: -0.01 },
		});
		const list = await call<CurrenciesResponse>("GET", `${MC}/currencies`);
		expect(list.body.enabled.EUR).toMatchObject({ rate: 0.95, exchange_rate_type: "manual" });
	});

	it("refuses a manual rate without a value, a bad rounding, and a currency that is not enabled", async () => {
		expect((await call("POST", `${MC}/currencies/JPY`, { exchange_rate_type: "manual" })).status).toBe(400);
		expect((await call("POST", `${MC}/currencies/JPY`, { price_rounding: 3 })).status).toBe(400);
		const missing = await call("GET", `${MC}/currencies/GBP`);
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe("wcpay_multi_currency_currency_not_enabled");
	});
});

describe("store settings (get-settings, update-settings)", () => {
	it("answers the two flags, the theme (Storefront by default) and the store's formats", async () => {
		const { body } = await call("GET", `${MC}/get-settings`);
		expect(body).toEqual({
			wcpay_multi_currency_enable_auto_currency: false,
			wcpay_multi_currency_enable_storefront_switcher: false,
			site_theme: "Storefront",
			date_format: "F j, Y",
			time_format: "g:i a",
			store_url: "http://localhost:8080",
		});
	});

	it("takes 'yes' or 'no' for each flag", async () => {
		const { status, body } = await call("POST", `${MC}/update-settings`, {
			wcpay_multi_currency_enable_auto_currency: "yes",
			wcpay_multi_currency_enable_storefront_switcher: "no",
		});
		expect(status).toBe(200);
		expect(body).toMatchObject({
			wcpay_multi_currency_enable_auto_currency: true,
			wcpay_multi_currency_enable_storefront_switcher: false,
		});
		expect(
			(await call("POST", `${MC}/update-settings`, { wcpay_multi_currency_enable_auto_currency: "maybe" }))
				.status,
		).toBe(400);
	});
});

describe("the OpenAPI document", () => {
	it("describes the settings and multi-currency routes", async () => {
		const { status, body } = await call<{ paths: Record<string, unknown> }>(
			"GET",
			"/wp-json/wc/v3/payments/openapi.json",
		);
		expect(status).toBe(200);
		expect(Object.keys(body.paths)).toEqual(
			expect.arrayContaining([
				"/wp-json/wc/v3/payments/settings",
				"/wp-json/wc/v3/payments/settings/{option}",
				"/wp-json/wc/v3/payments/multi-currency/currencies/{code}",
			]),
		);
	});
});
