import type { Clock } from "./clock.ts";
import type { Db } from "./db/connection.ts";
import type { RateLimitOverrides } from "./http/route-rate-limits.ts";
import type { Processor } from "./processors/processor.ts";
import type { StripeAccess } from "./processors/stripe/access.ts";

export interface AppConfig {
	dataDir: string;
	/** The built admin app (index.html and assets). */
	adminDist: string;
	/** Mark cookies Secure (also done per request behind HTTPS). */
	secureCookies: boolean;
	productName: string;
	/** SMTP transport for e-mail; the outbox is kept in the database either way. */
	smtpUrl?: string | undefined;
	/** Public origin used in e-mailed links, e.g. http://localhost:8080. */
	publicUrl: string;
	/** The store this server serves (ACCOUNT_ID): its language is the login page's. */
	siteAccountId?: string | undefined;
	/** Requests per minute per user on the expensive routes, where not RATE_LIMITS' default. */
	rateLimits?: RateLimitOverrides | undefined;
	/** Open event streams one user may hold on this process (10 by default). */
	eventStreamsPerUser?: number | undefined;
	/** How often an event stream is kept alive and its credentials checked (15 s by default). */
	eventHeartbeatMs?: number | undefined;
	/** WEBHOOK_PUBLIC_ONLY: webhooks never go to loopback or private addresses. */
	webhookPublicOnly?: boolean | undefined;
	/** PAYDESK_SECRET_KEY: the application key sealing secrets at rest (secrets/app-key.ts). */
	secretKey?: string | undefined;
	/** STRIPE_API_BASE: where a merchant's own Stripe account is reached (https://api.stripe.com by default). */
	stripeApiBase?: string | undefined;
	/** STRIPE_MAX_RPS: requests per second sent to Stripe with one key (20 by default). */
	stripeMaxRps?: number | undefined;
}

export interface AppDeps {
	db: Db;
	clock: Clock;
	config: AppConfig;
	/** Check every JSON answer against its contract (on in tests). */
	validateResponses: boolean;
}

declare module "fastify" {
	interface FastifyInstance {
		/**
		 * The app's dependencies (app.ts decorates the root with them): every plugin reads its
		 * database, clock and configuration here, as contractRoute reads validateResponses.
		 */
		deps: AppDeps;
		/** The account's processor (processors/registry.ts), the only door to one. */
		processorFor(accountId: string): Processor;
		/** How Stripe is reached for connected accounts (processors/stripe/access.ts). */
		stripe: StripeAccess;
	}
}
