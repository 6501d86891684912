/**
 * Scenarios of a store's Stripe integration, written against the official SDK only, so they run
 * against any server that speaks Stripe's API: Paydesk's sandbox, or another local Stripe stand-in.
 * Each throws when the server answers otherwise than Stripe documents.
 */
import Stripe from "stripe";

export interface Scenario {
	name: string;
	run(stripe: Stripe): Promise<void>;
}

function check(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

async function refusal(work: Promise<unknown>): Promise<Stripe.errors.StripeError> {
	try {
		await work;
	} catch (error) {
		if (error instanceof Stripe.errors.StripeError) return error;
		throw error;
	}
	throw new Error("the call was not refused");
}

export const SCENARIOS: readonly Scenario[] = [
	{
		name: "Legacy charge with tok_visa",
		async run(stripe) {
			const charge = await stripe.charges.create({ amount: 2000, currency: "usd", source: "tok_visa" });
			check(charge.paid && charge.captured && charge.status === "succeeded", "the charge did not succeed");
			check((await stripe.charges.retrieve(charge.id)).amount === 2000, "the charge is not retrievable");
		},
	},
	{
		name: "Legacy charge declined (tok_chargeDeclined)",
		async run(stripe) {
			const error = await refusal(
				stripe.charges.create({ amount: 2000, currency: "usd", source: "tok_chargeDeclined" }),
			);
			check(error instanceof Stripe.errors.StripeCardError, "not a card error");
			check(error.code === "card_declined", `code ${error.code}`);
		},
	},
	{
		name: "Legacy authorization, then capture",
		async run(stripe) {
			const charge = await stripe.charges.create({
				amount: 3000,
				currency: "usd",
				source: "tok_visa",
				capture: false,
			});
			check(!charge.captured, "captured at once");
			const captured = await stripe.charges.capture(charge.id);
			check(captured.captured && captured.amount_captured === 3000, "not captured");
		},
	},
	{
		name: "Partial and full refunds, more than remains refused",
		async run(stripe) {
			const charge = await stripe.charges.create({ amount: 5000, currency: "usd", source: "tok_visa" });
			const partial = await stripe.refunds.create({ charge: charge.id, amount: 1500 });
			check(partial.amount === 1500, "partial refund amount");
			const error = await refusal(stripe.refunds.create({ charge: charge.id, amount: 4000 }));
			check(error instanceof Stripe.errors.StripeInvalidRequestError, "over-refund not refused");
			await stripe.refunds.create({ charge: charge.id });
			const refunded = await stripe.charges.retrieve(charge.id);
			check(refunded.refunded && refunded.amount_refunded === 5000, "not fully refunded");
		},
	},
	{
		name: "Idempotency-Key: a retry answers the first charge",
		async run(stripe) {
			const key = `scenario-${Math.random().toString(36).slice(2)}`;
			const first = await stripe.charges.create(
				{ amount: 1100, currency: "usd", source: "tok_visa" },
				{ idempotencyKey: key },
			);
			const second = await stripe.charges.create(
				{ amount: 1100, currency: "usd", source: "tok_visa" },
				{ idempotencyKey: key },
			);
			check(first.id === second.id, "a second charge was made");
		},
	},
	{
		name: "Idempotency-Key with other parameters refused",
		async run(stripe) {
			const key = `scenario-${Math.random().toString(36).slice(2)}`;
			await stripe.charges.create(
				{ amount: 1200, currency: "usd", source: "tok_visa" },
				{ idempotencyKey: key },
			);
			const error = await refusal(
				stripe.charges.create({ amount: 1300, currency: "usd", source: "tok_visa" }, { idempotencyKey: key }),
			);
			check(error instanceof Stripe.errors.StripeIdempotencyError, `not an idempotency error: ${error.type}`);
		},
	},
	{
		name: "Customers: create, update, list by email",
		async run(stripe) {
			const email = `jenny.${Math.random().toString(36).slice(2)}@example.com`;
			const customer = await stripe.customers.create({ email, name: "Jenny Rosen" });
			const updated = await stripe.customers.update(customer.id, { metadata: { tier: "gold" } });
			check(updated.metadata.tier === "gold", "metadata not kept");
			const found = await stripe.customers.list({ email });
			check(found.data.length === 1 && found.data[0]?.id === customer.id, "not listed by email");
		},
	},
	{
		name: "PaymentIntent confirmed with pm_card_visa",
		async run(stripe) {
			const intent = await stripe.paymentIntents.create({
				amount: 2100,
				currency: "usd",
				payment_method: "pm_card_visa",
				confirm: true,
			});
			check(intent.status === "succeeded", `status ${intent.status}`);
		},
	},
	{
		name: "PaymentIntent declined with its decline_code",
		async run(stripe) {
			const error = await refusal(
				stripe.paymentIntents.create({
					amount: 2200,
					currency: "usd",
					payment_method: "pm_card_chargeDeclinedInsufficientFunds",
					confirm: true,
				}),
			);
			check(error instanceof Stripe.errors.StripeCardError, "not a card error");
			check(error.decline_code === "insufficient_funds", `decline_code ${error.decline_code}`);
		},
	},
	{
		name: "PaymentIntent authorized, then captured",
		async run(stripe) {
			const intent = await stripe.paymentIntents.create({
				amount: 2300,
				currency: "usd",
				payment_method: "pm_card_visa",
				capture_method: "manual",
				confirm: true,
			});
			check(intent.status === "requires_capture", `status ${intent.status}`);
			const captured = await stripe.paymentIntents.capture(intent.id);
			check(captured.status === "succeeded", `status ${captured.status}`);
		},
	},
	{
		name: "3-D Secure asks for the customer's action",
		async run(stripe) {
			const intent = await stripe.paymentIntents.create({
				amount: 2400,
				currency: "usd",
				payment_method: "pm_card_authenticationRequired",
				confirm: true,
				return_url: "https://shop.example/return",
			});
			check(intent.status === "requires_action", `status ${intent.status}`);
			check(intent.next_action?.type === "redirect_to_url", "no redirect");
		},
	},
	{
		name: "Auto-pagination over 25 charges",
		async run(stripe) {
			for (let index = 0; index < 25; index++) {
				await stripe.charges.create({ amount: 100 + index, currency: "usd", source: "tok_visa" });
			}
			const all = await stripe.charges.list({ limit: 10 }).autoPagingToArray({ limit: 10_000 });
			check(all.length >= 25, `only ${all.length} charges`);
			check(new Set(all.map((charge) => charge.id)).size === all.length, "a charge repeats");
		},
	},
	{
		name: "Balance",
		async run(stripe) {
			const balance = await stripe.balance.retrieve();
			check(
				balance.object === "balance" && balance.pending.length + balance.available.length > 0,
				"no balance",
			);
		},
	},
	{
		name: "Events of a payment",
		async run(stripe) {
			await stripe.paymentIntents.create({
				amount: 2500,
				currency: "usd",
				payment_method: "pm_card_visa",
				confirm: true,
			});
			const events = await stripe.events.list({ type: "payment_intent.succeeded", limit: 3 });
			check(events.data.length > 0, "no event");
		},
	},
	{
		name: "An unknown parameter is refused",
		async run(stripe) {
			const error = await refusal(
				stripe.charges.create({
					amount: 2000,
					currency: "usd",
					source: "tok_visa",
					colour: "red",
				} as Stripe.ChargeCreateParams),
			);
			check(error.code === "parameter_unknown", `code ${error.code}`);
		},
	},
];
