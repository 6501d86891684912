/** Every resource of Stripe's API that Paydesk answers, registered under `/v1`. */
import type { FastifyInstance } from "fastify";
import { registerStripeApi } from "./plugin.ts";
import { registerBalance } from "./resources/balance.ts";
import { registerChargesAndRefunds } from "./resources/charges-refunds.ts";
import { registerEvents } from "./resources/events.ts";
import { registerPaymentIntents } from "./resources/payment-intents.ts";

export function registerStripeApiRoutes(app: FastifyInstance): Promise<void> {
	return registerStripeApi(app, (router) => {
		registerPaymentIntents(router);
		registerChargesAndRefunds(router);
		registerBalance(router);
		registerEvents(router);
	});
}
