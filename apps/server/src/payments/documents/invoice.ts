/**
 * The tax invoice of a vat_invoice document: who issued it (the payments provider), who it is
 * billed to (the tax details the merchant confirmed), the period, the processing fees the
 * ledger charged in that period per currency, and the VAT lines. Laid out on one A4 page, in
 * the language of the user who downloads it, dates in the store's date format; names and
 * addresses print in any script (fonts.ts).
 */

import type { TaxDetails } from "@paydesk/contract/vat";
import { languageTag } from "@paydesk/domain/dates";
import { formatAmount } from "@paydesk/domain/money";
import { type Reader, readerDate } from "../../i18n/reader-language.ts";
import { textWidth } from "./fonts.ts";
import { A4, type PdfRule, type PdfText, wrapText, writePdf } from "./pdf.ts";

/** The sandbox partner that charges the fees; obviously not a real company. */
export const PROVIDER = {
	name: "Paydesk Sandbox Payments Ltd.",
	address: ["1 Example Quay", "Dublin 2, D02 X000", "Ireland"],
	vatNumber: "IE 0000000SB",
} as const;

export interface InvoiceInput {
	documentId: string;
	/** Epoch seconds. */
	issued: number;
	periodFrom: number | null;
	periodTo: number | null;
	storeName: string;
	/** Who reads it: their language, the store's date format and time zone. */
	reader: Reader;
	taxDetails: TaxDetails;
	/** Fees charged in the period per currency; for an invoice without a period, its own amount. */
	fees: readonly { currency: string; amount: number }[];
	created: Date;
}

const LEFT = 50;
const RIGHT = A4.width - 50;
const COLUMN = 310;
const BLOCK_WIDTH = 230;

/** Lines of a party block: bold name, then address and VAT number lines, wrapped. */
function partyLines(
	reader: Reader,
	name: string,
	address: readonly string[],
	vatNumber: string | null,
): PdfText[] {
	const { t } = reader;
	const texts: PdfText[] = [];
	for (const line of wrapText(name, BLOCK_WIDTH, 11, "bold"))
		texts.push({ x: 0, y: 0, size: 11, text: line, face: "bold" });
	for (const part of address)
		for (const line of wrapText(part, BLOCK_WIDTH, 10)) texts.push({ x: 0, y: 0, size: 10, text: line });
	if (vatNumber) {
		/* translators: %s: a VAT number, e.g. DE123456789. */
		const text = t.sprintf(t.__("VAT number: %s", "paydesk"), vatNumber);
		texts.push({ x: 0, y: 0, size: 10, text });
	}
	return texts;
}

/** Stacks a block's lines downwards from `top` at `x`, answering where the block ends. */
function stack(texts: PdfText[], x: number, top: number, out: PdfText[]): number {
	let y = top;
	for (const text of texts) {
		out.push({ ...text, x, y });
		y -= text.size + 4;
	}
	return y;
}

export function taxInvoicePdf(input: InvoiceInput): Promise<Buffer> {
	const { reader } = input;
	const { t } = reader;
	const texts: PdfText[] = [];
	const rules: PdfRule[] = [];
	// Invoice periods are calendar months in UTC, as the partner bills them.
	const period =
		input.periodFrom !== null && input.periodTo !== null
			? t.sprintf(
					/* translators: an invoice's period, 1: its first day, 2: its last day. */
					t.__("%1$s to %2$s", "paydesk"),
					readerDate(reader, input.periodFrom, "UTC"),
					readerDate(reader, input.periodTo, "UTC"),
				)
			: t.__("Not stated on this invoice", "paydesk");
	const capitals = (text: string) => text.toLocaleUpperCase(languageTag(reader.locale));

	texts.push({ x: LEFT, y: 780, size: 22, text: t.__("Tax invoice", "paydesk"), face: "bold" });
	texts.push({ x: RIGHT, y: 784, size: 11, text: PROVIDER.name, face: "bold", align: "right" });
	let y = 748;
	const facts = [
		[t.__("Invoice number", "paydesk"), input.documentId],
		[t.__("Invoice date", "paydesk"), readerDate(reader, input.issued)],
		[t.__("Period", "paydesk"), period],
	] as const;
	// The values line up after the longest label, as some languages' labels are long.
	const valueX = LEFT + Math.max(100, ...facts.map(([label]) => textWidth(label, 10) + 12));
	for (const [label, value] of facts) {
		texts.push({ x: LEFT, y, size: 10, text: label, grey: 0.4 });
		texts.push({ x: valueX, y, size: 10, text: value });
		y -= 16;
	}

	const top = y - 24;
	const from = capitals(t._x("From", "invoice party", "paydesk"));
	texts.push({ x: LEFT, y: top, size: 9, text: from, face: "bold", grey: 0.4 });
	const billedTo = capitals(t.__("Billed to", "paydesk"));
	texts.push({ x: COLUMN, y: top, size: 9, text: billedTo, face: "bold", grey: 0.4 });
	const details = input.taxDetails;
	const fromEnd = stack(
		partyLines(reader, PROVIDER.name, PROVIDER.address, PROVIDER.vatNumber),
		LEFT,
		top - 18,
		texts,
	);
	/* translators: %s: the store's name. */
	const storeLine = t.sprintf(t.__("Store: %s", "paydesk"), input.storeName);
	const billedEnd = stack(
		partyLines(reader, details.name, [...details.address.split(/\r?\n/), storeLine], details.vat_number),
		COLUMN,
		top - 18,
		texts,
	);

	y = Math.min(fromEnd, billedEnd) - 28;
	texts.push({ x: LEFT, y, size: 10, text: t.__("Description", "paydesk"), face: "bold" });
	texts.push({ x: RIGHT, y, size: 10, text: t.__("Amount", "paydesk"), face: "bold", align: "right" });
	rules.push({ x1: LEFT, y1: y - 8, x2: RIGHT, y2: y - 8, width: 0.75 });
	y -= 26;
	const money = (amount: number, currency: string) =>
		formatAmount(amount, currency, { code: true, locale: reader.locale });
	const fees = input.fees.length > 0 ? input.fees : [{ currency: "usd", amount: 0 }];
	for (const fee of fees) {
		const code = fee.currency.toUpperCase();
		/* translators: %s: a currency code, e.g. EUR. */
		const feeLine = t.sprintf(t.__("Payment processing fees (%s)", "paydesk"), code);
		texts.push({ x: LEFT, y, size: 10, text: feeLine });
		texts.push({ x: RIGHT, y, size: 10, text: money(fee.amount, fee.currency), align: "right" });
		y -= 18;
		/* translators: %d: a VAT rate in percent; %% prints a percent sign. */
		const vatLine = t.sprintf(t.__("VAT at %d%%", "paydesk"), 0);
		texts.push({ x: LEFT, y, size: 10, text: vatLine, grey: 0.3 });
		texts.push({ x: RIGHT, y, size: 10, text: money(0, fee.currency), align: "right", grey: 0.3 });
		y -= 18;
	}
	rules.push({ x1: LEFT, y1: y + 8, x2: RIGHT, y2: y + 8, width: 0.5, grey: 0.6 });
	y -= 8;
	for (const fee of fees) {
		/* translators: %s: a currency code, e.g. EUR. */
		const total = t.sprintf(t.__("Total (%s)", "paydesk"), fee.currency.toUpperCase());
		texts.push({ x: LEFT, y, size: 11, text: total, face: "bold" });
		texts.push({
			x: RIGHT,
			y,
			size: 11,
			text: money(fee.amount, fee.currency),
			face: "bold",
			align: "right",
		});
		y -= 18;
	}

	y -= 20;
	const note = details.vat_number
		? t.__("Reverse charge: the customer accounts for the VAT on these services.", "paydesk")
		: t.__("No VAT has been charged on these services.", "paydesk");
	for (const line of wrapText(note, RIGHT - LEFT, 10)) {
		texts.push({ x: LEFT, y, size: 10, text: line });
		y -= 14;
	}
	if (input.fees.length === 0)
		texts.push({ x: LEFT, y, size: 10, text: t.__("No fees were charged in this period.", "paydesk") });

	const footer = t.__(
		"Issued by the sandbox payments partner of Paydesk: a test document, not valid for tax purposes.",
		"paydesk",
	);
	texts.push({ x: (A4.width - textWidth(footer, 8)) / 2, y: 40, size: 8, text: footer, grey: 0.45 });
	rules.push({ x1: LEFT, y1: 56, x2: RIGHT, y2: 56, width: 0.5, grey: 0.8 });

	/* translators: %s: an invoice's number. */
	const title = t.sprintf(t.__("Tax invoice %s", "paydesk"), input.documentId);
	return writePdf({ ...A4, texts, rules }, { title, author: PROVIDER.name, created: input.created });
}
