/** The store's customers: a pool per market, so returning customers reuse name, card and address. */
import { CARD_BRANDS, CARD_FUNDING } from "./catalog-payments.ts";
import { COUNTRIES, MARKETS, type Market, namesFor } from "./catalog-people.ts";
import { type Random, Weighted } from "./random.ts";

export interface SavedCard {
	brand: string;
	last4: string;
	funding: string;
	expMonth: number;
	expYear: number;
}

export interface Customer {
	name: string;
	email: string;
	country: string;
	market: Market;
	/** orders.billing_address: { address_1, city, postcode, country } */
	addressJson: string;
	/** charges.billing_details in the processor's shape. */
	billingDetailsJson: string;
	card: SavedCard;
	ibanLast4: string;
}

const brands = new Weighted(CARD_BRANDS);
const funding = new Weighted(CARD_FUNDING);

/** Letters and digits only, accents dropped: the local part of an e-mail address. */
export function ascii(text: string): string {
	return text
		.normalize("NFD")
		.replace(/[\u0300-\u036f]/g, "")
		.replace(/[^A-Za-z0-9]/g, "")
		.toLowerCase();
}

/** A postcode pattern ("#####", "SW1A #AA") with each # a random digit. */
export function fillPattern(random: Random, pattern: string): string {
	let out = "";
	for (const char of pattern) out += char === "#" ? String(random.int(0, 9)) : char;
	return out;
}

function makeCustomer(random: Random, market: Market, currentYear: number): Customer {
	const country = COUNTRIES[random.pick(market.countries)];
	if (!country) throw new Error(`Unknown country in market ${market.key}`);
	const names = namesFor(country.language);
	const first = random.pick(names.first);
	const last = random.pick(names.last);
	const name = `${first} ${last}`;
	const separator = random.pick([".", "", "_"]);
	const suffix = random.chance(0.4) ? String(random.int(1, 99)) : "";
	const email = `${ascii(first)}${separator}${ascii(last)}${suffix}@${random.pick(names.domains)}`;
	const [city, state, postcodePattern] = random.pick(country.cities);
	const line1 =
		country.language === "en" || country.language === "ja"
			? `${random.int(1, 2400)} ${random.pick(names.streets)}`
			: `${random.pick(names.streets)} ${random.int(1, 160)}`;
	const postcode = fillPattern(random, postcodePattern);
	const phone = `${country.phone} ${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`;
	const addressJson = JSON.stringify({ address_1: line1, city, postcode, country: country.code });
	const billingDetailsJson = JSON.stringify({
		address: { city, country: country.code, line1, line2: null, postal_code: postcode, state: state || null },
		email,
		name,
		phone,
	});
	return {
		name,
		email,
		country: country.code,
		market,
		addressJson,
		billingDetailsJson,
		card: {
			brand: brands.pick(random),
			last4: random.digits(4),
			funding: funding.pick(random),
			expMonth: random.int(1, 12),
			expYear: currentYear + random.int(0, 5),
		},
		ibanLast4: random.digits(4),
	};
}

/** Customers grouped by market, and a weighted draw of a market for the next order. */
export class CustomerPool {
	private readonly byMarket = new Map<string, Customer[]>();
	private readonly markets: Weighted<Market>;

	constructor(random: Random, size: number, currentYear: number) {
		const totalWeight = MARKETS.reduce((sum, m) => sum + m.weight, 0);
		for (const market of MARKETS) {
			const count = Math.max(6, Math.round((size * market.weight) / totalWeight));
			const customers: Customer[] = [];
			for (let i = 0; i < count; i++) customers.push(makeCustomer(random, market, currentYear));
			this.byMarket.set(market.key, customers);
		}
		this.markets = new Weighted(MARKETS.map((m) => [m, m.weight] as const));
	}

	market(random: Random): Market {
		return this.markets.pick(random);
	}

	/** A customer of a market; returning customers (the first fifth of the pool) come back more. */
	customer(random: Random, market: Market): Customer {
		const list = this.byMarket.get(market.key) ?? [];
		const regulars = Math.max(1, Math.floor(list.length / 5));
		const index = random.chance(0.35) ? random.int(0, regulars - 1) : random.int(0, list.length - 1);
		const customer = list[index];
		if (!customer) throw new Error(`No customer in market ${market.key}`);
		return customer;
	}

	/** A market of the given settlement currency, by weight. */
	marketIn(random: Random, currency: string): Market {
		for (let attempt = 0; attempt < 64; attempt++) {
			const market = this.markets.pick(random);
			if (market.currency === currency) return market;
		}
		return MARKETS.find((m) => m.currency === currency) ?? (MARKETS[0] as Market);
	}
}
