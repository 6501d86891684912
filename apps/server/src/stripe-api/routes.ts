/** Every resource of Stripe's API that Paydesk answers, registered under `/v1`. */
import type { FastifyInstance } from "fastify";
import { registerStripeApi, type V1Route } from "./plugin.ts";
import { registerAccount } from "./resources/account.ts";
import { registerBalance } from "./resources/balance.ts";
import { registerBalanceTransactions } from "./resources/balance-transactions.ts";
import { registerChargesAndRefunds } from "./resources/charges-refunds.ts";
import { registerCustomers } from "./resources/customers.ts";
import { registerDisputes } from "./resources/disputes.ts";
import { registerEvents } from "./resources/events.ts";
import { registerFiles } from "./resources/files.ts";
import { registerLegacyCharges } from "./resources/legacy-charges.ts";
import { registerPaymentIntents } from "./resources/payment-intents.ts";
import { registerPaymentMethods } from "./resources/payment-methods.ts";
import { registerPayouts } from "./resources/payouts.ts";
import { registerReviews } from "./resources/reviews.ts";
import { registerWebhookEndpoints } from "./resources/webhook-endpoints.ts";

declare module "fastify" {
	interface FastifyInstance {
		/** Every route of Stripe's API this server answers (the isolation tests walk them). */
		stripeApiRoutes: readonly V1Route[];
	}
}

export async function registerStripeApiRoutes(app: FastifyInstance): Promise<void> {
	const routes = await registerStripeApi(app, (router) => {
		registerAccount(router);
		registerPaymentIntents(router);
		registerChargesAndRefunds(router);
		registerBalance(router);
		registerBalanceTransactions(router);
		registerPayouts(router);
		registerDisputes(router);
		registerReviews(router);
		registerFiles(router);
		registerCustomers(router);
		registerPaymentMethods(router);
		registerLegacyCharges(router);
		registerEvents(router);
		registerWebhookEndpoints(router);
	});
	app.decorate("stripeApiRoutes", routes);
}
