/** Small realistic lists of customer names, places and markets for the demo store. */

type Language = "en" | "de" | "fr" | "nl" | "it" | "es" | "nordic" | "ja";

/** Lists are written as "a|b|c" to keep this file short. */
function list(lists: Record<Language, string>): Record<Language, readonly string[]> {
	const out = {} as Record<Language, readonly string[]>;
	for (const [language, joined] of Object.entries(lists) as [Language, string][])
		out[language] = joined.split("|");
	return out;
}

const FIRST_NAMES: Record<Language, readonly string[]> = list({
	en: "James|Olivia|Liam|Emma|Noah|Ava|Ethan|Sophia|Mason|Isabella|Lucas|Mia|Logan|Charlotte|Jack|Amelia|Henry|Harper|Owen|Evelyn|Grace|Daniel|Chloe|Samuel",
	de: "Lukas|Anna|Leon|Lea|Finn|Hannah|Jonas|Lena|Felix|Marie|Paul|Laura|Max|Sophie|Emil|Clara",
	fr: "Lucas|Camille|Hugo|Léa|Louis|Chloé|Jules|Manon|Arthur|Inès|Gabriel|Louise|Raphaël|Jade",
	nl: "Daan|Emma|Sem|Julia|Lucas|Tess|Milan|Sophie|Levi|Zoë|Finn|Saar",
	it: "Leonardo|Sofia|Francesco|Giulia|Alessandro|Aurora|Lorenzo|Alice|Matteo|Ginevra",
	es: "Hugo|Lucía|Martín|Sofía|Pablo|María|Daniel|Paula|Alejandro|Valeria",
	nordic: "Erik|Astrid|Lars|Ingrid|Oskar|Freja|Magnus|Elsa|Nils|Maja",
	ja: "Haruto|Yui|Sota|Hina|Yuto|Mei|Riku|Sakura",
});

const LAST_NAMES: Record<Language, readonly string[]> = list({
	en: "Smith|Johnson|Williams|Brown|Jones|Miller|Davis|Wilson|Anderson|Taylor|Thomas|Moore|Martin|Jackson|Thompson|White|Harris|Clark|Lewis|Walker|Hall|Young|King|Wright",
	de: "Müller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Schulz|Hoffmann|Koch|Richter",
	fr: "Martin|Bernard|Dubois|Thomas|Robert|Richard|Petit|Durand|Leroy|Moreau|Simon|Laurent",
	nl: "de Jong|Jansen|de Vries|van den Berg|Bakker|Visser|Smit|Meijer|Mulder|de Boer",
	it: "Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco",
	es: "García|Rodríguez|González|Fernández|López|Martínez|Sánchez|Pérez|Gómez|Martín",
	nordic: "Johansson|Andersson|Nielsen|Hansen|Larsen|Karlsson|Olsen|Lindqvist|Berg|Eriksen",
	ja: "Sato|Suzuki|Takahashi|Tanaka|Watanabe|Ito|Yamamoto|Nakamura",
});

const STREETS: Record<Language, readonly string[]> = list({
	en: "Main Street|Oak Avenue|Maple Drive|Cedar Lane|Park Road|High Street|Elm Street|Church Road|Lake View|Mill Lane",
	de: "Hauptstraße|Bahnhofstraße|Gartenweg|Lindenallee|Schulstraße|Bergstraße",
	fr: "rue de la Paix|avenue Victor Hugo|rue du Moulin|boulevard Voltaire|rue des Lilas",
	nl: "Kerkstraat|Dorpsstraat|Molenweg|Stationsweg|Lindelaan",
	it: "Via Roma|Via Garibaldi|Corso Italia|Via Mazzini|Via Verdi",
	es: "Calle Mayor|Avenida de la Constitución|Calle del Sol|Paseo del Prado",
	nordic: "Storgatan|Kirkegade|Parkveien|Strandvejen|Skolgatan",
	ja: "Chuo-dori|Sakura-dori|Meiji-dori",
});

const EMAIL_DOMAINS: Record<Language, readonly string[]> = list({
	en: "gmail.com|outlook.com|yahoo.com|icloud.com|proton.me|hotmail.com",
	de: "gmail.com|web.de|gmx.de|t-online.de|outlook.de",
	fr: "gmail.com|orange.fr|free.fr|laposte.net|outlook.fr",
	nl: "gmail.com|ziggo.nl|kpnmail.nl|outlook.com",
	it: "gmail.com|libero.it|virgilio.it|outlook.it",
	es: "gmail.com|hotmail.es|yahoo.es|outlook.es",
	nordic: "gmail.com|outlook.com|telia.com|live.no",
	ja: "gmail.com|yahoo.co.jp|docomo.ne.jp",
});

/** A city with its region and a postcode pattern (# = a digit). */
type City = readonly [city: string, state: string, postcode: string];

export interface Country {
	code: string;
	language: Language;
	phone: string;
	cities: readonly City[];
}

export const COUNTRIES: Record<string, Country> = {
	US: {
		code: "US",
		language: "en",
		phone: "+1",
		cities: [
			["New York", "NY", "100##"],
			["Austin", "TX", "787##"],
			["Seattle", "WA", "981##"],
			["Denver", "CO", "802##"],
			["Chicago", "IL", "606##"],
			["Portland", "OR", "972##"],
			["Atlanta", "GA", "303##"],
			["San Diego", "CA", "921##"],
			["Boston", "MA", "021##"],
			["Miami", "FL", "331##"],
		],
	},
	CA: {
		code: "CA",
		language: "en",
		phone: "+1",
		cities: [
			["Toronto", "ON", "M5V #A#"],
			["Vancouver", "BC", "V6B #C#"],
			["Montréal", "QC", "H2X #B#"],
		],
	},
	AU: {
		code: "AU",
		language: "en",
		phone: "+61",
		cities: [
			["Sydney", "NSW", "20##"],
			["Melbourne", "VIC", "30##"],
			["Brisbane", "QLD", "40##"],
		],
	},
	NZ: {
		code: "NZ",
		language: "en",
		phone: "+64",
		cities: [
			["Auckland", "AUK", "10##"],
			["Wellington", "WGN", "60##"],
		],
	},
	JP: {
		code: "JP",
		language: "ja",
		phone: "+81",
		cities: [
			["Tokyo", "13", "1##-####"],
			["Osaka", "27", "5##-####"],
		],
	},
	GB: {
		code: "GB",
		language: "en",
		phone: "+44",
		cities: [
			["London", "", "SW1A #AA"],
			["Manchester", "", "M1 #AE"],
			["Bristol", "", "BS1 #QA"],
			["Edinburgh", "", "EH1 #RE"],
			["Leeds", "", "LS1 #UR"],
		],
	},
	IE: {
		code: "IE",
		language: "en",
		phone: "+353",
		cities: [
			["Dublin", "D", "D02 X###"],
			["Cork", "CO", "T12 ####"],
		],
	},
	DE: {
		code: "DE",
		language: "de",
		phone: "+49",
		cities: [
			["Berlin", "BE", "10###"],
			["München", "BY", "80###"],
			["Hamburg", "HH", "20###"],
			["Köln", "NW", "50###"],
		],
	},
	AT: {
		code: "AT",
		language: "de",
		phone: "+43",
		cities: [
			["Wien", "9", "1###"],
			["Graz", "6", "80##"],
		],
	},
	CH: {
		code: "CH",
		language: "de",
		phone: "+41",
		cities: [
			["Zürich", "ZH", "80##"],
			["Bern", "BE", "30##"],
		],
	},
	FR: {
		code: "FR",
		language: "fr",
		phone: "+33",
		cities: [
			["Paris", "", "750##"],
			["Lyon", "", "690##"],
			["Marseille", "", "130##"],
			["Bordeaux", "", "330##"],
		],
	},
	BE: {
		code: "BE",
		language: "nl",
		phone: "+32",
		cities: [
			["Antwerpen", "VAN", "2###"],
			["Gent", "VOV", "9###"],
			["Brussel", "BRU", "1###"],
		],
	},
	NL: {
		code: "NL",
		language: "nl",
		phone: "+31",
		cities: [
			["Amsterdam", "NH", "10## AB"],
			["Utrecht", "UT", "35## CD"],
			["Rotterdam", "ZH", "30## EF"],
		],
	},
	IT: {
		code: "IT",
		language: "it",
		phone: "+39",
		cities: [
			["Milano", "MI", "201##"],
			["Roma", "RM", "001##"],
			["Torino", "TO", "101##"],
		],
	},
	ES: {
		code: "ES",
		language: "es",
		phone: "+34",
		cities: [
			["Madrid", "M", "280##"],
			["Barcelona", "B", "080##"],
			["Valencia", "V", "460##"],
		],
	},
	SE: {
		code: "SE",
		language: "nordic",
		phone: "+46",
		cities: [
			["Stockholm", "AB", "11# ##"],
			["Göteborg", "O", "41# ##"],
		],
	},
	DK: {
		code: "DK",
		language: "nordic",
		phone: "+45",
		cities: [
			["København", "84", "1###"],
			["Aarhus", "82", "8000"],
		],
	},
	NO: {
		code: "NO",
		language: "nordic",
		phone: "+47",
		cities: [
			["Oslo", "03", "0###"],
			["Bergen", "46", "50##"],
		],
	},
};

export function namesFor(language: Language): {
	first: readonly string[];
	last: readonly string[];
	streets: readonly string[];
	domains: readonly string[];
} {
	return {
		first: FIRST_NAMES[language],
		last: LAST_NAMES[language],
		streets: STREETS[language],
		domains: EMAIL_DOMAINS[language],
	};
}

export type SettlementCurrency = "usd" | "eur" | "gbp";

/**
 * Where customers come from: the settlement currency of their payments, the currency they pay
 * in, its rate (settlement major units per customer major unit) and the share of orders.
 * About 75% USD, 15% EUR and 10% GBP; a few per cent pay in another currency.
 */
export interface Market {
	key: string;
	currency: SettlementCurrency;
	customerCurrency: string;
	rate: number;
	weight: number;
	countries: readonly string[];
}

export const MARKETS: readonly Market[] = [
	{ key: "us", currency: "usd", customerCurrency: "usd", rate: 1, weight: 70, countries: ["US"] },
	{ key: "ca", currency: "usd", customerCurrency: "cad", rate: 0.7342, weight: 2.5, countries: ["CA"] },
	{ key: "au", currency: "usd", customerCurrency: "aud", rate: 0.6581, weight: 1.5, countries: ["AU"] },
	{ key: "nz", currency: "usd", customerCurrency: "nzd", rate: 0.6093, weight: 0.5, countries: ["NZ"] },
	{ key: "jp", currency: "usd", customerCurrency: "jpy", rate: 0.006712, weight: 0.5, countries: ["JP"] },
	{
		key: "eu",
		currency: "eur",
		customerCurrency: "eur",
		rate: 1,
		weight: 14,
		countries: ["DE", "DE", "FR", "FR", "NL", "BE", "IT", "ES", "AT", "IE"],
	},
	{ key: "se", currency: "eur", customerCurrency: "sek", rate: 0.08745, weight: 0.4, countries: ["SE"] },
	{ key: "dk", currency: "eur", customerCurrency: "dkk", rate: 0.13405, weight: 0.3, countries: ["DK"] },
	{ key: "ch", currency: "eur", customerCurrency: "chf", rate: 1.0412, weight: 0.3, countries: ["CH"] },
	{ key: "gb", currency: "gbp", customerCurrency: "gbp", rate: 1, weight: 9.5, countries: ["GB"] },
	{ key: "no", currency: "gbp", customerCurrency: "nok", rate: 0.07318, weight: 0.5, countries: ["NO"] },
];
