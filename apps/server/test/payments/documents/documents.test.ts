import type { PaymentDocument } from "@paydesk/contract/documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentsTable } from "../../../src/db/schema.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { at, ledgerRow } from "../../support/payout-fixtures.ts";
import { pdfText } from "../../support/pdf-tools.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;
let admin: Actor;

function documentRow(overrides: Partial<DocumentsTable>): DocumentsTable {
	return {
		account_id: TEST_ACCOUNT,
		id: "doc_x",
		type: "vat_invoice",
		date: at("2026-11-01T02:00:00Z"),
		period_from: at("2026-10-01T00:00:00Z"),
		period_to: at("2026-10-31T23:59:59Z"),
		amount: 0,
		currency: "usd",
		...overrides,
	};
}

const documents = [
	documentRow({ id: "doc_nov" }),
	documentRow({
		id: "doc_oct",
		date: at("2026-10-01T02:00:00Z"),
		period_from: at("2026-09-01T00:00:00Z"),
		period_to: at("2026-09-30T23:59:59Z"),
	}),
	documentRow({
		id: "doc_undated",
		date: at("2026-10-01T03:00:00Z"),
		period_from: null,
		period_to: null,
		amount: 4_321,
	}),
	documentRow({ id: "doc_other", type: "credit_note", date: at("2026-09-15T12:00:00Z") }),
];

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { name: "Test Store" });
			await db.kysely.insertInto("documents").values(documents).execute();
			await db.kysely
				.insertInto("balance_transactions")
				.values([
					ledgerRow({ fee: 1_250, created: at("2026-10-03T10:00:00Z") }),
					ledgerRow({ fee: 4_850, created: at("2026-10-30T10:00:00Z") }),
					ledgerRow({ fee: 900, currency: "eur", created: at("2026-10-12T10:00:00Z") }),
					// Outside the October period: not on its invoice.
					ledgerRow({ fee: 77_777, created: at("2026-11-02T10:00:00Z") }),
				])
				.execute();
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

async function get<T>(url: string, actor: Actor = admin): Promise<{ status: number; body: T }> {
	const response = await t.app.inject({ method: "GET", url, headers: actor.headers });
	return { status: response.statusCode, body: json<T>(response) };
}

type List = { data: PaymentDocument[]; total_count: number };
const ids = (list: List) => list.data.map((document) => document.document_id);

describe("GET /documents (spec 1 §2.4)", () => {
	it("sorts by date descending by default and answers the Document fields", async () => {
		const { status, body } = await get<List>(`${BASE}/documents`);
		expect(status).toBe(200);
		expect(ids(body)).toEqual(["doc_nov", "doc_undated", "doc_oct", "doc_other"]);
		expect(body.total_count).toBe(4);
		expect(body.data[0]).toEqual({
			document_id: "doc_nov",
			type: "vat_invoice",
			date: "2026-11-01T02:00:00.000Z",
			period_from: "2026-10-01T00:00:00.000Z",
			period_to: "2026-10-31T23:59:59.000Z",
		});
		expect(body.data[1]).toMatchObject({ period_from: null, period_to: null });
	});

	it("pages and sorts ascending", async () => {
		const page = await get<List>(`${BASE}/documents?pagesize=2&page=2`);
		expect(ids(page.body)).toEqual(["doc_oct", "doc_other"]);
		const ascending = await get<List>(`${BASE}/documents?direction=asc`);
		expect(ids(ascending.body)).toEqual(["doc_other", "doc_oct", "doc_undated", "doc_nov"]);
	});

	it("filters by type is / is not (the single type vat_invoice)", async () => {
		expect(ids((await get<List>(`${BASE}/documents?type_is=vat_invoice`)).body)).toEqual([
			"doc_nov",
			"doc_undated",
			"doc_oct",
		]);
		expect(ids((await get<List>(`${BASE}/documents?type_is_not=vat_invoice`)).body)).toEqual(["doc_other"]);
		const bad = await get<{ code: string }>(`${BASE}/documents?type_is=receipt`);
		expect(bad.status).toBe(400);
		expect(bad.body.code).toBe("rest_invalid_param");
	});

	it("filters by date rules, joined by match", async () => {
		expect(ids((await get<List>(`${BASE}/documents?date_after=2026-10-01`)).body)).toEqual(["doc_nov"]);
		expect(
			ids((await get<List>(`${BASE}/documents?date_between[]=2026-09-01&date_between[]=2026-10-01`)).body),
		).toEqual(["doc_undated", "doc_oct", "doc_other"]);
		const any = await get<List>(`${BASE}/documents?match=any&date_after=2026-10-01&type_is_not=vat_invoice`);
		expect(ids(any.body)).toEqual(["doc_nov", "doc_other"]);
	});
});

describe("GET /documents/summary", () => {
	it("counts the documents the filters match", async () => {
		expect((await get<{ count: number }>(`${BASE}/documents/summary`)).body).toEqual({ count: 4 });
		expect((await get<{ count: number }>(`${BASE}/documents/summary?type_is=vat_invoice`)).body).toEqual({
			count: 3,
		});
	});
});

describe("GET /documents/{id}: the tax invoice PDF (spec 1 §4.6)", () => {
	it("is refused until tax details exist, with a clear code", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/documents/doc_nov`,
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(409);
		expect(response.json()).toMatchObject({
			code: "wcpay_tax_details_missing",
			message: "Please set your tax details before downloading a tax invoice.",
		});
	});

	it("answers a missing document with wcpay_document_not_found", async () => {
		const { status, body } = await get<{ code: string }>(`${BASE}/documents/doc_missing`);
		expect(status).toBe(404);
		expect(body.code).toBe("wcpay_document_not_found");
	});

	it("answers the PDF itself once tax details were submitted, with the period's fees", async () => {
		const saved = await t.app.inject({
			method: "POST",
			url: `${BASE}/vat`,
			headers: admin.headers,
			payload: {
				vat_number: "DE 123456789",
				name: "Test Store GmbH",
				address: "Friedrichstraße 1\n10117 Berlin",
			},
		});
		expect(saved.statusCode).toBe(200);
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/documents/doc_nov`,
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toBe("application/pdf");
		expect(response.headers["content-disposition"]).toBe('attachment; filename="tax-invoice-doc_nov.pdf"');
		const pdf = response.rawPayload.toString("latin1");
		expect(pdf.startsWith("%PDF-1.4")).toBe(true);
		expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
		// The text a reader extracts (the fonts' subsets draw glyph ids, not letters).
		const text = pdfText(response.rawPayload);
		// The fees charged in October, per currency, summed from the ledger.
		expect(text).toContain("$61.00 USD");
		expect(text).toContain("€9.00 EUR");
		expect(text).not.toContain("777.77");
		expect(text).toContain("Test Store GmbH");
		expect(text).toContain("Friedrichstraße 1");
		expect(text).toContain("VAT number: DE123456789");
		expect(text).toContain("October 1, 2026 to October 31, 2026");
	});

	it("writes a tax invoice without a period with its own amount", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/documents/doc_undated`,
			headers: admin.headers,
		});
		const text = pdfText(response.rawPayload);
		expect(text).toContain("Not stated on this invoice");
		expect(text).toContain("$43.21 USD");
	});

	it("is downloaded by the browser with _wpnonce in the URL; a cookie alone is not enough", async () => {
		const cookie = { cookie: admin.headers.cookie ?? "" };
		const withNonce = await t.app.inject({
			method: "GET",
			url: `${BASE}/documents/doc_oct?_wpnonce=${admin.headers["x-wp-nonce"]}`,
			headers: cookie,
		});
		expect(withNonce.statusCode).toBe(200);
		expect(withNonce.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
		const cookieOnly = await t.app.inject({
			method: "GET",
			url: `${BASE}/documents/doc_oct`,
			headers: cookie,
		});
		expect(cookieOnly.statusCode).toBe(401);
	});

	it("refuses a document type it cannot render", async () => {
		const { status, body } = await get<{ code: string }>(`${BASE}/documents/doc_other`);
		expect(status).toBe(400);
		expect(body.code).toBe("wcpay_document_type_unsupported");
	});

	it("needs manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		expect((await get(`${BASE}/documents`, customer)).status).toBe(403);
		expect((await get(`${BASE}/documents/doc_nov`, customer)).status).toBe(403);
	});
});
