/**
 * Documents of spec 1 §2.4/§3/§8: the document types, their labels and descriptions, and which
 * need tax details before they are downloaded.
 */
import { sprintf, type Translator } from "./translator.ts";

export const DOCUMENT_TYPES = ["vat_invoice"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The type filter offers the single type 'Tax Invoice' (spec 1 §2.4). */
export function documentTypeLabels(t: Translator): Readonly<Record<DocumentType, string>> {
	return { vat_invoice: t.__("Tax Invoice", "paydesk") };
}

export function isKnownDocumentType(type: string): type is DocumentType {
	return (DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** The Type column: the type's label, or the raw type when the admin does not know it. */
export function documentTypeLabel(type: string, t: Translator): string {
	return isKnownDocumentType(type) ? documentTypeLabels(t)[type] : type;
}

export interface DocumentPeriod {
	type: string;
	/** Epoch seconds or an ISO string; null when the document has no period. */
	period_from: string | number | null;
	period_to: string | number | null;
}

/**
 * The Description column (spec 1 §8): 'Unknown document type' for a type the admin does not
 * know, 'Tax invoice without proper period dates' when a tax invoice lacks either date,
 * otherwise the invoice's period, each date written by `formatDay`.
 */
export function documentDescription(
	document: DocumentPeriod,
	formatDay: (value: string | number) => string,
	t: Translator,
): string {
	if (!isKnownDocumentType(document.type)) return t.__("Unknown document type", "paydesk");
	if (document.period_from === null || document.period_to === null) {
		return t.__("Tax invoice without proper period dates", "paydesk");
	}
	return sprintf(
		/* translators: %1$s: the first day of the invoice's period, %2$s: its last day */
		t.__("Tax invoice for %1$s to %2$s", "paydesk"),
		formatDay(document.period_from),
		formatDay(document.period_to),
	);
}

/** A tax invoice needs tax details first (spec 1 §4.6); other documents download at once. */
export function requiresTaxDetails(type: string): boolean {
	return type === "vat_invoice";
}

/** Default list order and page size of the documents page (spec 1 §9). */
