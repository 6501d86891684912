/**
 * Countries and the states WooCommerce knows, for the store's address ("US:CA", "FR"), where
 * it sells and ships, and the customer country filter. Names come from the runtime's own tables
 * (Intl.DisplayNames) in the reader's language; the few WooCommerce spells its own way are
 * given here.
 */

/** ISO 3166-1 alpha-2 codes: every country a store may be in, sell to or get a customer from. */
export const COUNTRY_CODES: readonly string[] = (
	"AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS " +
	"BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE " +
	"EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM " +
	"HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC " +
	"LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA " +
	"NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
	"SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO " +
	"TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
	return KNOWN_COUNTRIES.has(code);
}

/** States and provinces, as WooCommerce lists them (i18n/states.php), for the countries that have them here. */
export const COUNTRY_STATES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
	US: {
		AL: "Alabama",
		AK: "Alaska",
		AZ: "Arizona",
		AR: "Arkansas",
		CA: "California",
		CO: "Colorado",
		CT: "Connecticut",
		DE: "Delaware",
		DC: "District Of Columbia",
		FL: "Florida",
		GA: "Georgia",
		HI: "Hawaii",
		ID: "Idaho",
		IL: "Illinois",
		IN: "Indiana",
		IA: "Iowa",
		KS: "Kansas",
		KY: "Kentucky",
		LA: "Louisiana",
		ME: "Maine",
		MD: "Maryland",
		MA: "Massachusetts",
		MI: "Michigan",
		MN: "Minnesota",
		MS: "Mississippi",
		MO: "Missouri",
		MT: "Montana",
		NE: "Nebraska",
		NV: "Nevada",
		NH: "New Hampshire",
		NJ: "New Jersey",
		NM: "New Mexico",
		NY: "New York",
		NC: "North Carolina",
		ND: "North Dakota",
		OH: "Ohio",
		OK: "Oklahoma",
		OR: "Oregon",
		PA: "Pennsylvania",
		RI: "Rhode Island",
		SC: "South Carolina",
		SD: "South Dakota",
		TN: "Tennessee",
		TX: "Texas",
		UT: "Utah",
		VT: "Vermont",
		VA: "Virginia",
		WA: "Washington",
		WV: "West Virginia",
		WI: "Wisconsin",
		WY: "Wyoming",
		AA: "Armed Forces (AA)",
		AE: "Armed Forces (AE)",
		AP: "Armed Forces (AP)",
	},
	CA: {
		AB: "Alberta",
		BC: "British Columbia",
		MB: "Manitoba",
		NB: "New Brunswick",
		NL: "Newfoundland and Labrador",
		NT: "Northwest Territories",
		NS: "Nova Scotia",
		NU: "Nunavut",
		ON: "Ontario",
		PE: "Prince Edward Island",
		QC: "Quebec",
		SK: "Saskatchewan",
		YT: "Yukon Territory",
	},
};

export interface StoreLocation {
	country: string;
	/** "" for a country WooCommerce lists no states for. */
	state: string;
}

/**
 * WooCommerce's base location ("US:CA", "FR"): a country with states names one of them, a
 * country without states stands alone. Null for anything else.
 */
export function parseStoreLocation(value: string): StoreLocation | null {
	const [country = "", state, extra] = value.split(":");
	if (extra !== undefined || !isCountryCode(country)) return null;
	const states = COUNTRY_STATES[country];
	if (!states) return state === undefined ? { country, state: "" } : null;
	return state !== undefined && state in states ? { country, state } : null;
}

/** Names WooCommerce gives where the runtime's own differ. */
const WOOCOMMERCE_NAMES: Readonly<Record<string, string>> = {
	US: "United States (US)",
	GB: "United Kingdom (UK)",
};

const namesByLanguage = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's name in a language ("DE" → "Germany", "Allemagne"); WooCommerce's own names in
 * English; the code itself when the runtime has no name for it.
 */
export function countryDisplayName(code: string, language = "en"): string {
	if (language === "en" && WOOCOMMERCE_NAMES[code]) return WOOCOMMERCE_NAMES[code];
	let names = namesByLanguage.get(language);
	if (names === undefined) {
		try {
			names = new Intl.DisplayNames([language, "en"], { type: "region" });
		} catch {
			names = null;
		}
		namesByLanguage.set(language, names);
	}
	try {
		return names?.of(code) ?? code;
	} catch {
		return code;
	}
}
