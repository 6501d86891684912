/**
 * The tax invoice of a vat_invoice document: who issued it (the payments provider), who it is
 * billed to (the tax details the merchant confirmed), the period, the processing fees the
 * ledger charged in that period per currency, and the VAT lines. Laid out on one A4 page.
 */

import type { TaxDetails } from "@paydesk/contract/vat";
import { formatDate } from "@paydesk/domain/dates";
import { formatAmount } from "@paydesk/domain/money";
import { A4, type PdfRule, type PdfText, textWidth, wrapText, writePdf } from "./pdf.ts";

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
	storeTimeZone: string;
	taxDetails: TaxDetails;
	/** Fees charged in the period per currency; for an invoice without a period, its own amount. */
	fees: readonly { currency: string; amount: number }[];
	created: Date;
}

const LEFT = 50;
const RIGHT = A4.width - 50;
const COLUMN = 310;
const BLOCK_WIDTH = 230;

const day = (seconds: number, zone: string) => formatDate("F j, Y", seconds, zone);

/** Lines of a party block: bold name, then address and VAT number lines, wrapped. */
function partyLines(name: string, address: readonly string[], vatNumber: string | null): PdfText[] {
	const texts: PdfText[] = [];
	for (const line of wrapText(name, BLOCK_WIDTH, 11, "bold"))
		texts.push({ x: 0, y: 0, size: 11, text: line, face: "bold" });
	for (const part of address)
		for (const line of wrapText(part, BLOCK_WIDTH, 10)) texts.push({ x: 0, y: 0, size: 10, text: line });
	if (vatNumber) texts.push({ x: 0, y: 0, size: 10, text: `VAT number: ${vatNumber}` });
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

export function taxInvoicePdf(input: InvoiceInput): Buffer {
	const texts: PdfText[] = [];
	const rules: PdfRule[] = [];
	const zone = input.storeTimeZone;
	// Invoice periods are calendar months in UTC, as the partner bills them.
	const period =
		input.periodFrom !== null && input.periodTo !== null
			? `${day(input.periodFrom, "UTC")} to ${day(input.periodTo, "UTC")}`
			: "Not stated on this invoice";

	texts.push({ x: LEFT, y: 780, size: 22, text: "Tax invoice", face: "bold" });
	texts.push({ x: RIGHT, y: 784, size: 11, text: PROVIDER.name, face: "bold", align: "right" });
	let y = 748;
	for (const [label, value] of [
		["Invoice number", input.documentId],
		["Invoice date", day(input.issued, zone)],
		["Period", period],
	] as const) {
		texts.push({ x: LEFT, y, size: 10, text: label, grey: 0.4 });
		texts.push({ x: LEFT + 100, y, size: 10, text: value });
		y -= 16;
	}

	const top = y - 24;
	texts.push({ x: LEFT, y: top, size: 9, text: "FROM", face: "bold", grey: 0.4 });
	texts.push({ x: COLUMN, y: top, size: 9, text: "BILLED TO", face: "bold", grey: 0.4 });
	const details = input.taxDetails;
	const fromEnd = stack(
		partyLines(PROVIDER.name, PROVIDER.address, PROVIDER.vatNumber),
		LEFT,
		top - 18,
		texts,
	);
	const billedEnd = stack(
		partyLines(
			details.name,
			[...details.address.split(/\r?\n/), `Store: ${input.storeName}`],
			details.vat_number,
		),
		COLUMN,
		top - 18,
		texts,
	);

	y = Math.min(fromEnd, billedEnd) - 28;
	texts.push({ x: LEFT, y, size: 10, text: "Description", face: "bold" });
	texts.push({ x: RIGHT, y, size: 10, text: "Amount", face: "bold", align: "right" });
	rules.push({ x1: LEFT, y1: y - 8, x2: RIGHT, y2: y - 8, width: 0.75 });
	y -= 26;
	const money = (amount: number, currency: string) => formatAmount(amount, currency, { code: true });
	const fees = input.fees.length > 0 ? input.fees : [{ currency: "usd", amount: 0 }];
	for (const fee of fees) {
		texts.push({ x: LEFT, y, size: 10, text: `Payment processing fees (${fee.currency.toUpperCase()})` });
		texts.push({ x: RIGHT, y, size: 10, text: money(fee.amount, fee.currency), align: "right" });
		y -= 18;
		texts.push({ x: LEFT, y, size: 10, text: "VAT at 0%", grey: 0.3 });
		texts.push({ x: RIGHT, y, size: 10, text: money(0, fee.currency), align: "right", grey: 0.3 });
		y -= 18;
	}
	rules.push({ x1: LEFT, y1: y + 8, x2: RIGHT, y2: y + 8, width: 0.5, grey: 0.6 });
	y -= 8;
	for (const fee of fees) {
		texts.push({ x: LEFT, y, size: 11, text: `Total (${fee.currency.toUpperCase()})`, face: "bold" });
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
		? "Reverse charge: the customer accounts for the VAT on these services."
		: "No VAT has been charged on these services.";
	for (const line of wrapText(note, RIGHT - LEFT, 10)) {
		texts.push({ x: LEFT, y, size: 10, text: line });
		y -= 14;
	}
	if (input.fees.length === 0)
		texts.push({ x: LEFT, y, size: 10, text: "No fees were charged in this period." });

	const footer =
		"Issued by the sandbox payments partner of Paydesk: a test document, not valid for tax purposes.";
	texts.push({ x: (A4.width - textWidth(footer, 8)) / 2, y: 40, size: 8, text: footer, grey: 0.45 });
	rules.push({ x1: LEFT, y1: 56, x2: RIGHT, y2: 56, width: 0.5, grey: 0.8 });

	return writePdf(
		{ ...A4, texts, rules },
		{ title: `Tax invoice ${input.documentId}`, author: PROVIDER.name, created: input.created },
	);
}
