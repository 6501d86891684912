/** Country names in the page's language, from the browser's own tables (no bundled list). */
import { getSettings } from "../../app/settings.ts";

let names: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
	if (names !== undefined) return names;
	try {
		names = new Intl.DisplayNames([getSettings().locale.code.replace("_", "-"), "en"], { type: "region" });
	} catch {
		names = null;
	}
	return names;
}

/** "DE" -> "Germany"; an unknown or empty code stays as it is. */
export function countryName(code: string | null | undefined): string {
	if (!code) return "";
	try {
		return displayNames()?.of(code.toUpperCase()) ?? code;
	} catch {
		return code;
	}
}

/**
 * ISO 3166-1 alpha-2 codes, for the customer country filter: a customer may come from any
 * country, so the choice is not limited to the countries seen so far.
 */
export { COUNTRY_CODES } from "@paydesk/domain/countries";
