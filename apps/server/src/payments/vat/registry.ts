/**
 * The sandbox partner's VAT registry: it cannot ask the tax authorities, so for a well-formed
 * number it answers a plausible registered business — the store's name with the legal form
 * of the number's country, and a sample address there — which the merchant then confirms or
 * corrects in 'Confirm your business details'.
 */

const LEGAL_FORMS: Readonly<Record<string, string>> = {
	AT: "GmbH",
	BE: "BV",
	CH: "AG",
	DE: "GmbH",
	DK: "ApS",
	ES: "S.L.",
	FI: "Oy",
	FR: "SAS",
	GB: "Ltd",
	GR: "IKE",
	IE: "Ltd",
	IT: "S.r.l.",
	JP: "K.K.",
	NL: "B.V.",
	NO: "AS",
	PL: "sp. z o.o.",
	PT: "Lda.",
	SE: "AB",
};

const SAMPLE_ADDRESSES: Readonly<Record<string, string>> = {
	AT: "Mariahilfer Straße 1\n1060 Wien\nAustria",
	CH: "Bahnhofstrasse 1\n8001 Zürich\nSwitzerland",
	DE: "Friedrichstraße 1\n10117 Berlin\nGermany",
	ES: "Calle de Alcalá 1\n28014 Madrid\nSpain",
	FR: "1 rue de Rivoli\n75001 Paris\nFrance",
	GB: "1 High Street\nLondon EC1A 1AA\nUnited Kingdom",
	IE: "1 Grafton Street\nDublin 2\nIreland",
	IT: "Via del Corso 1\n00186 Roma\nItaly",
	JP: "1-1 Marunouchi, Chiyoda-ku\nTokyo 100-0005\nJapan",
	NL: "Damrak 1\n1012 LG Amsterdam\nNetherlands",
};

/** The business the sandbox says is registered under a well-formed number of `country`. */
export function registeredBusiness(
	storeName: string,
	country: string,
): { name: string | null; address: string | null } {
	const form = LEGAL_FORMS[country];
	return {
		name: form ? `${storeName} ${form}` : storeName,
		address: SAMPLE_ADDRESSES[country] ?? null,
	};
}
