/**
 * The simulator's payment mix: the requests a store's checkout would send to
 * POST /payment_intents over a day, drawn from a seed. Payment i depends only on the seed, i and
 * what the store accepts, so a run replays exactly and concurrent workers may draw in any order.
 *
 * Customers come from the demo store's markets (mostly the store's own country, some Europe and
 * the United Kingdom), pay in their own currency when the store accepts it, and mostly from an
 * IP address in their billing country. Cards are the sandbox's test cards (domain/test-cards):
 * ordinary successful cards by brand, and a few per cent of declines, 3-D Secure, disputes,
 * failing address or CVC checks, elevated or highest risk and cards issued abroad. Non-card
 * methods appear when the store enables them, and fail when the e-mail carries "+fail". A few
 * large and many-item orders cross the store's saved purchase-price and item-count limits.
 */
import {
	type createPaymentIntentBody,
	NON_CARD_METHODS,
	type paymentMethodInput,
} from "@paydesk/contract/payment-intents";
import { isZeroDecimal } from "@paydesk/domain/money";
import { TEST_CARDS, type TestCard } from "@paydesk/domain/test-cards";
import type { z } from "zod";
import { SAMPLE_IP_BY_COUNTRY } from "../geoip/sample-ips.ts";
import { METHOD_MIX } from "../seed/catalog-payments.ts";
import { MARKETS } from "../seed/catalog-people.ts";
import { PRICE_FACTOR, PRODUCTS, pricesIn, TAX_RATE } from "../seed/orders.ts";
import { Random, Weighted } from "../seed/random.ts";
import { addressIn, customerIn } from "./people.ts";

/** A request body as the client sends it (before the contract's defaults apply). */
/** A payment the simulator makes: always with the card's (or method's) details, as a sandbox takes them. */
export type PaymentRequestBody = z.input<typeof createPaymentIntentBody> & {
	payment_method: z.input<typeof paymentMethodInput>;
};

/** What the simulator learnt about the store before the first payment. */
export interface StoreProfile {
	/** Lowercase, e.g. "usd". */
	storeCurrency: string;
	/** Every currency the store accepts, lowercase, the store currency included. */
	currencies: readonly string[];
	/** Enabled payment method ids ("card", "link", "klarna" …). */
	methods: readonly string[];
	/** The saved purchase-price rule's maximum (store currency, minor units) and item-count maximum. */
	limits: { maxAmount: number | null; maxItems: number | null };
	/** Card expiry years start after this year. */
	year: number;
}

export type CardScenario =
	| "card"
	| "international_card"
	| "decline"
	| "blocked_card"
	| "elevated_risk"
	| "checks"
	| "three_d_secure"
	| "dispute"
	| "funds_at_once";
export type Scenario = CardScenario | "non_card" | "non_card_fail";

/** Shares of card payments, in per cent; ordinary successful cards take the rest. */
export const CARD_SCENARIO_SHARES: Readonly<Record<Exclude<CardScenario, "card">, number>> = {
	decline: 4,
	blocked_card: 0.3,
	elevated_risk: 0.5,
	checks: 2,
	three_d_secure: 1,
	dispute: 0.5,
	funds_at_once: 0.5,
	international_card: 3,
};

/** Probabilities of the traits a payment may carry. */
export const TRAIT_SHARES = {
	/** Of card payments. */
	manualCapture: 0.1,
	ipMismatch: 0.04,
	shippingDiffers: 0.03,
	largeOrder: 0.02,
	manyItems: 0.02,
	/** Of non-card payments: the customer's e-mail carries "+fail". */
	nonCardFails: 0.05,
	/** Of 3-D Secure payments: the customer fails the authentication. */
	authenticationFails: 0.2,
} as const;

export interface Traits {
	manualCapture: boolean;
	ipMismatch: boolean;
	shippingDiffers: boolean;
	largeOrder: boolean;
	manyItems: boolean;
}

export interface BasketLine {
	/** Index in the demo store's catalogue (seed/orders.ts PRODUCTS). */
	product: number;
	quantity: number;
}

export interface SimulatedPayment {
	index: number;
	scenario: Scenario;
	traits: Traits;
	/** The customer's answer on the 3-D Secure page; null when the card does not ask. */
	authentication: "complete" | "fail" | null;
	basket: BasketLine[];
	body: PaymentRequestBody;
}

const DECLINE_WEIGHTS: Readonly<Record<string, number>> = {
	generic_decline: 30,
	insufficient_funds: 30,
	lost_card: 5,
	stolen_card: 5,
	expired_card: 10,
	incorrect_cvc: 10,
	processing_error: 10,
};
const BRAND_WEIGHTS: Readonly<Record<string, number>> = {
	visa: 45,
	mastercard: 30,
	amex: 12,
	discover: 6,
	jcb: 3,
	unionpay: 2,
	diners: 2,
};

/** Cards matching a test, each weighted (its brand's weight shared among the brand's cards). */
function pool(test: (card: TestCard) => boolean, weight: (card: TestCard) => number = () => 1) {
	return new Weighted(TEST_CARDS.filter(test).map((card) => [card, weight(card)] as const));
}
const success = TEST_CARDS.filter((card) => card.group === "success");
const CARDS: Readonly<Record<CardScenario, Weighted<TestCard>>> = {
	card: pool(
		(card) => card.group === "success",
		(card) => (BRAND_WEIGHTS[card.brand] ?? 1) / success.filter((other) => other.brand === card.brand).length,
	),
	international_card: pool((card) => card.group === "other" && card.country !== "US"),
	decline: pool(
		(card) => card.group === "decline",
		(card) => DECLINE_WEIGHTS[card.decline?.declineCode ?? ""] ?? 1,
	),
	blocked_card: pool((card) => card.alwaysBlocked === true),
	elevated_risk: pool((card) => card.riskLevel === 1),
	checks: pool((card) => card.group === "checks"),
	three_d_secure: pool((card) => card.threeDSecure === true),
	dispute: pool((card) => card.dispute !== undefined),
	funds_at_once: pool((card) => card.availableAtOnce === true),
};
const CARD_SCENARIOS = new Weighted<CardScenario>([
	["card", 100 - Object.values(CARD_SCENARIO_SHARES).reduce((sum, share) => sum + share, 0)],
	...(Object.entries(CARD_SCENARIO_SHARES) as [CardScenario, number][]),
]);
const MARKET_DRAW = new Weighted(MARKETS.map((market) => [market, market.weight] as const));
const LINE_COUNTS = new Weighted<number>([
	[1, 45],
	[2, 25],
	[3, 14],
	[4, 8],
	[5, 5],
	[6, 3],
]);
const NON_CARD: ReadonlySet<string> = new Set(NON_CARD_METHODS);
const EXPENSIVE = PRODUCTS.flatMap(([, usd], index) => (usd >= 10_000 ? [index] : []));
const CHEAP = PRODUCTS.flatMap(([, usd], index) => (usd <= 2_000 ? [index] : []));
const IP_COUNTRIES = Object.keys(SAMPLE_IP_BY_COUNTRY);

/** Roughly what one unit of `from` is worth in `to`, from the catalogue's price levels. */
const priceLevel = (from: string, to: string) => (PRICE_FACTOR[to] ?? 1) / (PRICE_FACTOR[from] ?? 1);

/** The basket's lines, subtotal, shipping and tax in a currency: what the payment's amount is. */
export function priceBasket(
	basket: readonly BasketLine[],
	currency: string,
	country: string,
): { items: { name: string; quantity: number; total: number }[]; amount: number } {
	const prices = pricesIn(currency);
	const items = basket.map((line) => ({
		name: PRODUCTS[line.product]?.[0] ?? "Product",
		quantity: line.quantity,
		total: (prices[line.product] ?? 0) * line.quantity,
	}));
	const subtotal = items.reduce((sum, item) => sum + item.total, 0);
	const zeroDecimal = isZeroDecimal(currency);
	const factor = PRICE_FACTOR[currency] ?? 1;
	const freeShippingFrom = 75 * factor * (zeroDecimal ? 1 : 100);
	const flatShipping = zeroDecimal ? Math.round(6 * factor) : Math.round(6 * factor) * 100 - 1;
	const shipping = subtotal >= freeShippingFrom ? 0 : flatShipping;
	const tax = Math.round(subtotal * (TAX_RATE[country] ?? 0));
	return { items, amount: subtotal + shipping + tax };
}

function basketOf(random: Random, traits: Traits, profile: StoreProfile, currency: string): BasketLine[] {
	const lines = LINE_COUNTS.pick(random);
	const basket: BasketLine[] = [];
	for (let i = 0; i < lines; i++)
		basket.push({ product: random.int(0, PRODUCTS.length - 1), quantity: random.chance(0.85) ? 1 : 2 });
	if (traits.manyItems) {
		const count = basket.reduce((sum, line) => sum + line.quantity, 0);
		const target = (profile.limits.maxItems ?? 20) + random.int(1, 10);
		basket.push({ product: random.pick(CHEAP), quantity: Math.max(1, target - count) });
	}
	if (traits.largeOrder) {
		const store = profile.storeCurrency;
		const limit =
			profile.limits.maxAmount ?? 1_000 * (PRICE_FACTOR[store] ?? 1) * (isZeroDecimal(store) ? 1 : 100);
		const target = limit * 1.3 * priceLevel(store, currency);
		const prices = pricesIn(currency);
		let total = basket.reduce((sum, line) => sum + (prices[line.product] ?? 0) * line.quantity, 0);
		while (total < target) {
			const line = { product: random.pick(EXPENSIVE), quantity: random.int(1, 3) };
			basket.push(line);
			total += (prices[line.product] ?? 0) * line.quantity;
		}
	}
	return basket;
}

/** A per-payment generator: the seed and the index, spread over the generator's state. */
const randomOf = (seed: number, index: number) =>
	new Random((Math.imul(seed | 0, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) >>> 0);

/** The index-th payment of the run with this seed. */
export function simulatedPayment(seed: number, index: number, profile: StoreProfile): SimulatedPayment {
	const random = randomOf(seed, index);
	const market = MARKET_DRAW.pick(random);
	const country = random.pick(market.countries);
	const accepted = new Set(profile.currencies);
	const currency =
		[market.customerCurrency, market.currency].find((code) => accepted.has(code)) ?? profile.storeCurrency;

	const methods = METHOD_MIX[market.currency].filter(
		([id]) => id === "card" || (NON_CARD.has(id) && profile.methods.includes(id)),
	);
	const method = new Weighted(methods.length > 0 ? methods : [["card", 1] as const]).pick(random);
	const isCard = method === "card";
	const cardScenario = isCard ? CARD_SCENARIOS.pick(random) : null;
	const nonCardFails = !isCard && random.chance(TRAIT_SHARES.nonCardFails);
	const scenario: Scenario = cardScenario ?? (nonCardFails ? "non_card_fail" : "non_card");
	const traits: Traits = {
		manualCapture: isCard && random.chance(TRAIT_SHARES.manualCapture),
		ipMismatch: random.chance(TRAIT_SHARES.ipMismatch),
		shippingDiffers: random.chance(TRAIT_SHARES.shippingDiffers),
		largeOrder: random.chance(TRAIT_SHARES.largeOrder),
		manyItems: random.chance(TRAIT_SHARES.manyItems),
	};
	const customer = customerIn(random, country, nonCardFails);
	const billing = {
		name: customer.name,
		email: customer.email,
		phone: customer.phone,
		address: customer.address,
	};
	const ipCountry = traits.ipMismatch
		? random.pick(IP_COUNTRIES.filter((code) => code !== country))
		: country;
	const shipTo = traits.shippingDiffers
		? addressIn(random, random.chance(0.3) ? random.pick(market.countries) : country)
		: customer.address;
	const basket = basketOf(random, traits, profile, currency);
	const { items, amount } = priceBasket(basket, currency, country);
	let authentication: SimulatedPayment["authentication"] = null;
	let paymentMethod: PaymentRequestBody["payment_method"];
	if (cardScenario) {
		const card = CARDS[cardScenario].pick(random);
		if (card.threeDSecure)
			authentication = random.chance(TRAIT_SHARES.authenticationFails) ? "fail" : "complete";
		paymentMethod = {
			type: "card",
			card: {
				number: card.number,
				exp_month: random.int(1, 12),
				exp_year: profile.year + random.int(1, 5),
				cvc: card.brand === "amex" ? random.digits(4) : random.digits(3),
			},
			billing_details: billing,
		};
	} else {
		paymentMethod = { type: method as (typeof NON_CARD_METHODS)[number], billing_details: billing };
	}
	return {
		index,
		scenario,
		traits,
		authentication,
		basket,
		body: {
			amount,
			currency,
			capture_method: traits.manualCapture ? "manual" : "automatic",
			payment_method: paymentMethod,
			order: { items, shipping_address: { ...shipTo } },
			customer_ip: SAMPLE_IP_BY_COUNTRY[ipCountry],
			channel: "online",
			metadata: { source: "paydesk-simulator", simulation: `${seed}:${index}` },
		},
	};
}

/** The same payment in another currency (the store refused the first one): the basket repriced. */
export function inCurrency(payment: SimulatedPayment, currency: string): PaymentRequestBody {
	const country = payment.body.payment_method.billing_details.address.country;
	const { items, amount } = priceBasket(payment.basket, currency, country);
	return { ...payment.body, amount, currency, order: { ...payment.body.order, items } };
}
