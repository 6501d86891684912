/**
 * The simulator's mix is a seeded stream of valid checkout requests whose shares look like a
 * store's day: mostly successful cards in the store currency, about 3–5 % declines, about 1 %
 * 3-D Secure, about 0.5 % dispute cards, about 10 % manual capture, a few mismatching IPs,
 * different shipping addresses, large and many-item orders.
 */
import { createPaymentIntentBody } from "@paydesk/contract/payment-intents";
import { testCardOf } from "@paydesk/domain/test-cards";
import { describe, expect, it } from "vitest";
import { countryOfIp } from "../geoip/country.ts";
import { inCurrency, type SimulatedPayment, type StoreProfile, simulatedPayment } from "./mix.ts";

const DEMO_STORE: StoreProfile = {
	storeCurrency: "usd",
	currencies: ["usd", "eur", "gbp"],
	methods: ["card", "link", "klarna", "sepa_debit", "ideal", "afterpay_clearpay"],
	limits: { maxAmount: 100_000, maxItems: 12 },
	year: 2026,
};
const CARD_ONLY: StoreProfile = { ...DEMO_STORE, methods: ["card"], currencies: ["usd"] };

const run = (seed: number, count: number, profile = DEMO_STORE): SimulatedPayment[] =>
	Array.from({ length: count }, (_, index) => simulatedPayment(seed, index, profile));

const share = (payments: readonly SimulatedPayment[], test: (payment: SimulatedPayment) => boolean) =>
	payments.filter(test).length / payments.length;

const cardOf = (payment: SimulatedPayment) =>
	payment.body.payment_method.type === "card" ? testCardOf(payment.body.payment_method.card.number) : null;

describe("the simulator's payment mix", () => {
	it("the same seed gives the same requests, another seed other ones", () => {
		expect(run(42, 50)).toEqual(run(42, 50));
		expect(JSON.stringify(run(43, 50))).not.toEqual(JSON.stringify(run(42, 50)));
		// Payment i does not depend on the ones drawn before it.
		expect(simulatedPayment(42, 37, DEMO_STORE)).toEqual(run(42, 50)[37]);
	});

	const payments = run(7, 2_000);
	const cardOnly = run(7, 2_000, CARD_ONLY);

	it("every request passes the contract's createPaymentIntentBody", () => {
		for (const payment of [...payments, ...cardOnly]) {
			const parsed = createPaymentIntentBody.safeParse(payment.body);
			expect(parsed.error?.message ?? "valid", `payment ${payment.index}`).toBe("valid");
		}
	});

	it("an order's lines and its shipping and tax add up to the amount", () => {
		for (const payment of payments) {
			const subtotal = payment.body.order.items.reduce((sum, item) => sum + (item.total ?? 0), 0);
			expect(payment.body.amount).toBeGreaterThanOrEqual(subtotal);
			expect(payment.body.amount).toBeLessThan(subtotal * 1.2 + 1_500);
		}
	});

	it("most payments are in the store currency, some in eur and gbp, none the store does not accept", () => {
		expect(share(payments, (p) => p.body.currency === "usd")).toBeGreaterThan(0.65);
		expect(share(payments, (p) => p.body.currency === "eur")).toBeGreaterThan(0.08);
		expect(share(payments, (p) => p.body.currency === "gbp")).toBeGreaterThan(0.05);
		expect(share(cardOnly, (p) => p.body.currency === "usd")).toBe(1);
	});

	it("cards: 3–5 % declines, about 1 % 3-D Secure, about 0.5 % dispute cards, some failing checks", () => {
		const declines = share(
			cardOnly,
			(p) => cardOf(p)?.decline !== undefined || cardOf(p)?.alwaysBlocked === true,
		);
		expect(declines).toBeGreaterThan(0.03);
		expect(declines).toBeLessThan(0.06);
		const threeDS = share(cardOnly, (p) => cardOf(p)?.threeDSecure === true);
		expect(threeDS).toBeGreaterThan(0.004);
		expect(threeDS).toBeLessThan(0.02);
		const disputes = share(cardOnly, (p) => cardOf(p)?.dispute !== undefined);
		expect(disputes).toBeGreaterThan(0.001);
		expect(disputes).toBeLessThan(0.012);
		expect(share(cardOnly, (p) => cardOf(p)?.group === "checks")).toBeGreaterThan(0.01);
		expect(share(cardOnly, (p) => (cardOf(p)?.country ?? "US") !== "US")).toBeGreaterThan(0.02);
		// Every 3-D Secure payment says how the customer answers; no other payment does.
		for (const payment of cardOnly)
			expect(payment.authentication !== null).toBe(cardOf(payment)?.threeDSecure === true);
	});

	it("about 10 % of card payments are captured manually; non-card payments never are", () => {
		const manual = share(cardOnly, (p) => p.body.capture_method === "manual");
		expect(manual).toBeGreaterThan(0.08);
		expect(manual).toBeLessThan(0.12);
		for (const payment of payments)
			if (payment.body.payment_method.type !== "card") expect(payment.body.capture_method).toBe("automatic");
	});

	it("non-card methods appear only when enabled, and about 5 % of them carry a +fail e-mail", () => {
		const nonCard = payments.filter((p) => p.body.payment_method.type !== "card");
		expect(nonCard.length / payments.length).toBeGreaterThan(0.02);
		for (const payment of nonCard) expect(DEMO_STORE.methods).toContain(payment.body.payment_method.type);
		expect(cardOnly.every((p) => p.body.payment_method.type === "card")).toBe(true);
		const failing = nonCard.filter((p) => p.body.payment_method.billing_details.email.includes("+fail"));
		expect(failing.every((p) => p.scenario === "non_card_fail")).toBe(true);
	});

	it("the IP is in the billing country except for about 4 %; about 3 % ship elsewhere", () => {
		const mismatch = share(
			payments,
			(p) => countryOfIp(p.body.customer_ip) !== p.body.payment_method.billing_details.address.country,
		);
		expect(mismatch).toBeGreaterThan(0.02);
		expect(mismatch).toBeLessThan(0.06);
		const elsewhere = share(
			payments,
			(p) =>
				JSON.stringify(p.body.order.shipping_address) !==
				JSON.stringify(p.body.payment_method.billing_details.address),
		);
		expect(elsewhere).toBeGreaterThan(0.015);
		expect(elsewhere).toBeLessThan(0.045);
	});

	it("orders have 1–6 lines, and a few cross the saved purchase-price and item-count limits", () => {
		const ordinary = payments.filter((p) => !p.traits.largeOrder && !p.traits.manyItems);
		for (const payment of ordinary) {
			expect(payment.body.order.items.length).toBeGreaterThanOrEqual(1);
			expect(payment.body.order.items.length).toBeLessThanOrEqual(6);
		}
		const usd = payments.filter((p) => p.body.currency === "usd");
		const overPrice = share(usd, (p) => p.body.amount > 100_000);
		expect(overPrice).toBeGreaterThan(0.01);
		expect(overPrice).toBeLessThan(0.04);
		const items = (p: SimulatedPayment) => p.body.order.items.reduce((sum, item) => sum + item.quantity, 0);
		const overItems = share(payments, (p) => items(p) > 12);
		expect(overItems).toBeGreaterThan(0.01);
		expect(overItems).toBeLessThan(0.04);
		for (const payment of payments.filter((p) => p.traits.largeOrder && p.body.currency === "usd"))
			expect(payment.body.amount).toBeGreaterThan(100_000);
	});

	it("a payment repriced in the store currency keeps its basket", () => {
		const euro = payments.find((p) => p.body.currency === "eur");
		if (!euro) throw new Error("no eur payment in the mix");
		const repriced = inCurrency(euro, "usd");
		expect(repriced.currency).toBe("usd");
		expect(repriced.order.items.map((item) => [item.name, item.quantity])).toEqual(
			euro.body.order.items.map((item) => [item.name, item.quantity]),
		);
		expect(repriced.amount).not.toBe(euro.body.amount);
		expect(createPaymentIntentBody.safeParse(repriced).success).toBe(true);
	});
});
