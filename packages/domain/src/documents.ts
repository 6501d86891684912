/**
 * Documents of spec 1 §2.4/§3/§8: the document types, their labels and descriptions, and which
 * need tax details before they are downloaded.
 */

export const DOCUMENT_TYPES = ["vat_invoice"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The type filter offers the single type 'Tax Invoice' (spec 1 §2.4). */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = { vat_invoice: "Tax Invoice" };

export function isKnownDocumentType(type: string): type is DocumentType {
	return (DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** The Type column: the type's label, or the raw type when the admin does not know it. */
export function documentTypeLabel(type: string): string {
	return isKnownDocumentType(type) ? DOCUMENT_TYPE_LABELS[type] : type;
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
): string {
	if (!isKnownDocumentType(document.type)) return "Unknown document type";
	if (document.period_from === null || document.period_to === null) {
		return "Tax invoice without proper period dates";
	}
	return `Tax invoice for ${formatDay(document.period_from)} to ${formatDay(document.period_to)}`;
}

/** A tax invoice needs tax details first (spec 1 §4.6); other documents download at once. */
export function requiresTaxDetails(type: string): boolean {
	return type === "vat_invoice";
}

/** Default list order and page size of the documents page (spec 1 §9). */
