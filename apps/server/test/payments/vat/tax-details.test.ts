import type { TaxDetails, VatLookup } from "@paydesk/contract/vat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { name: "Test Store" });
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function lookup(number: string) {
	const response = await t.app.inject({
		method: "GET",
		url: `${BASE}/vat/${encodeURIComponent(number)}`,
		headers: admin.headers,
	});
	return {
		status: response.statusCode,
		body: json<VatLookup & { code?: string; message?: string }>(response),
	};
}

async function save(payload: Record<string, unknown>) {
	const response = await t.app.inject({
		method: "POST",
		url: `${BASE}/vat`,
		headers: admin.headers,
		payload,
	});
	return {
		status: response.statusCode,
		body: json<TaxDetails & { code?: string; message?: string }>(response),
	};
}

describe("GET /vat/{number} (spec 1 §7)", () => {
	it("answers a well-formed number, normalised, with the registered name and address", async () => {
		const { status, body } = await lookup("DE 123456789");
		expect(status).toBe(200);
		expect(body).toEqual({
			vat_number: "DE123456789",
			name: "Test Store GmbH",
			address: "Friedrichstraße 1\n10117 Berlin\nGermany",
		});
	});

	it("answers a null address where the sandbox registry knows none", async () => {
		const { body } = await lookup("LU12345678");
		expect(body).toEqual({ vat_number: "LU12345678", name: "Test Store", address: null });
	});

	it("reads 13 digits as a Japanese Corporate Number and EL as Greece", async () => {
		expect((await lookup("1234567890123")).body).toMatchObject({
			vat_number: "1234567890123",
			name: "Test Store K.K.",
		});
		expect((await lookup("EL 123456789")).body).toMatchObject({
			vat_number: "EL123456789",
			name: "Test Store IKE",
		});
	});

	it("refuses a malformed number with the reason as its message", async () => {
		const short = await lookup("DE 1234");
		expect(short.status).toBe(400);
		expect(short.body).toMatchObject({
			code: "wcpay_vat_number_invalid",
			message: "The VAT number must have 8 to 12 digits after its country code, for example DE 123456789.",
		});
		expect((await lookup("GR 123456789")).body.message).toBe(
			"Greek VAT numbers start with EL, for example EL 123456789.",
		);
	});
});

describe("POST /vat saves the tax details (spec 1 §3 Tax details payload)", () => {
	it("needs a business name and address that are not blank", async () => {
		const blank = await save({ name: "  ", address: "Berlin" });
		expect(blank.status).toBe(400);
		expect(blank.body).toMatchObject({
			code: "wcpay_tax_details_invalid",
			message: "Please enter your business name.",
		});
		const missing = await save({ name: "Test Store" });
		expect(missing.status).toBe(400);
		expect(missing.body.code).toBe("rest_missing_callback_param");
	});

	it("refuses a malformed VAT number", async () => {
		const { status, body } = await save({ vat_number: "DE 12", name: "Test Store", address: "Berlin" });
		expect(status).toBe(400);
		expect(body.code).toBe("wcpay_vat_number_invalid");
	});

	it("saves without a VAT number (a business not registered for VAT)", async () => {
		const { status, body } = await save({ name: " Test Store ", address: " 1 Main St " });
		expect(status).toBe(200);
		expect(body).toEqual({ vat_number: null, name: "Test Store", address: "1 Main St" });
	});

	it("answers vat_number, name and address, and the account then has submitted VAT data", async () => {
		const { status, body } = await save({
			vat_number: "de 123 456 789",
			name: "Test Store GmbH",
			address: "Friedrichstraße 1\n10117 Berlin",
		});
		expect(status).toBe(200);
		expect(body).toEqual({
			vat_number: "DE123456789",
			name: "Test Store GmbH",
			address: "Friedrichstraße 1\n10117 Berlin",
		});
		const account = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers });
		expect(account.json()).toMatchObject({ hasSubmittedVatData: true });
	});

	it("needs manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/vat`,
			headers: customer.headers,
			payload: { name: "x", address: "y" },
		});
		expect(response.statusCode).toBe(403);
	});
});
