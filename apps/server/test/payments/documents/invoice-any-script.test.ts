/**
 * Documents in any script, for stores that sell abroad: the tax invoice prints any name — a Polish address, a
 * Japanese one, a Russian name, a rupee amount — and a reader's text extraction (pdftotext)
 * gives each back as written. It reads in the language of the user who downloads it, its dates
 * in the store's date format with that language's month names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentsTable } from "../../../src/db/schema.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../../src/testing/test-app.ts";
import { writeOptions } from "../../../src/wp/queries.ts";
import { at } from "../../support/payout-fixtures.ts";
import { pdfFonts, pdfText } from "../../support/pdf-tools.ts";

const DOCUMENTS = "/wp-json/wc/v3/payments/documents";
const BILLED_TO = {
	name: "Иван Петров",
	address: "ul. Piotrkowska 1\n90-001 Łódź\n東京都千代田区丸の内1-1",
	vat_number: null,
};

function invoice(overrides: Partial<DocumentsTable>): DocumentsTable {
	return {
		account_id: TEST_ACCOUNT,
		id: "doc_x",
		type: "vat_invoice",
		date: at("2026-11-01T02:00:00Z"),
		period_from: null,
		period_to: null,
		amount: 0,
		currency: "usd",
		...overrides,
	};
}

let t: TestApp;
let english: Actor;
let french: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				name: "Sklep Łódź",
				settings: JSON.stringify({ store_timezone: "Asia/Kolkata" }),
				vat_details: JSON.stringify(BILLED_TO),
			});
			await writeOptions(db.kysely, TEST_ACCOUNT, { date_format: "j F Y" });
			await db.kysely
				.insertInto("documents")
				.values([
					invoice({ id: "doc_inr", amount: 123_456, currency: "inr" }),
					invoice({
						id: "doc_oct",
						period_from: at("2026-10-01T00:00:00Z"),
						period_to: at("2026-10-31T23:59:59Z"),
					}),
				])
				.execute();
		},
	});
	english = await t.actor("administrator");
	french = await t.actor("shop_manager");
	await t.app.inject({
		method: "POST",
		url: "/wp-json/wp/v2/users/me",
		headers: french.headers,
		payload: { locale: "fr_FR" },
	});
});
afterAll(async () => t.close());

async function download(actor: Actor, id: string): Promise<Buffer> {
	const response = await t.app.inject({ method: "GET", url: `${DOCUMENTS}/${id}`, headers: actor.headers });
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-type"]).toBe("application/pdf");
	return response.rawPayload;
}

describe("the tax invoice prints any name", () => {
	it('contains "Łódź", "東京", "₹" and a Cyrillic name, which pdftotext gives back', async () => {
		const text = pdfText(await download(english, "doc_inr"));
		for (const written of ["Łódź", "東京", "₹", "Иван Петров"]) expect(text).toContain(written);
		expect(text).toContain("90-001 Łódź");
		expect(text).toContain("東京都千代田区丸の内1-1");
		expect(text).toContain("Store: Sklep Łódź");
		expect(text).toContain("₹1,234.56 INR");
	});

	it("embeds subsets of the fonts that have those letters, with their Unicode maps", async () => {
		const fonts = pdfFonts(await download(english, "doc_inr"));
		expect(new Set(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")))).toEqual(
			new Set(["NotoSans-Regular", "NotoSans-Bold", "NotoSansJP-Regular"]),
		);
		for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicodeMap: true });
	});
});

describe("the tax invoice reads in the downloading user's language", () => {
	it("in English, dates in the store's date format", async () => {
		const text = pdfText(await download(english, "doc_oct"));
		expect(text).toContain("Tax invoice");
		expect(text).toContain("Invoice date");
		expect(text).toContain("1 November 2026");
		expect(text).toContain("1 October 2026 to 31 October 2026");
		expect(text).toContain("BILLED TO");
	});

	it("in French: its texts, month names and amounts as French writes them", async () => {
		const period = pdfText(await download(french, "doc_oct"));
		expect(period).toContain("Facture fiscale");
		expect(period).toContain("Date de facture");
		expect(period).toContain("1 novembre 2026");
		expect(period).toContain("du 1 octobre 2026 au 31 octobre 2026");
		expect(period).toContain("FACTURÉ À");
		expect(period).toContain("Boutique : Sklep Łódź");
		expect(period).toContain("Aucuns frais n’ont été prélevés sur cette période.");
		const rupees = pdfText(await download(french, "doc_inr"));
		expect(rupees).toContain("Non indiquée sur cette facture");
		expect(rupees).toContain("1 234,56 ₹ INR");
		expect(rupees).toContain("Frais de traitement des paiements (INR)");
	});
});
