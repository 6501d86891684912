/**
 * The Fastify app: the root instance carries what every route shares (app.deps, the account's
 * clock, error handling, security headers, authentication, rate limits, Idempotency-Key replay),
 * then the routes. The payment areas are not listed here: each folder of payments/ with a
 * routes.ts is an encapsulated plugin that payments/plugins.ts finds and registers, so an area
 * reads its database, clock and configuration from app.deps and a new area needs no line here.
 * The WordPress-shaped surfaces, the sandbox partner and the test checkout are registered below.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyStatic from "@fastify/static";
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { openApiDocument } from "@paydesk/contract/meta";
import { buildOpenApi } from "@paydesk/contract/openapi";
import { parseQueryString } from "@paydesk/domain/query-string";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { clockOffset, offsetClock } from "./accounts/clock.ts";
import { ADMIN_ASSETS_PREFIX, registerAdminPages } from "./admin-pages/routes.ts";
import type { AppDeps } from "./app-deps.ts";
import auditLogRoutes from "./audit/routes.ts";
import { registerAuthentication } from "./auth/authenticate.ts";
import { registerLoginPage } from "./auth/login-page.ts";
import { registerProfileRoutes } from "./auth/profile-routes.ts";
import { registerTwoFactorRoutes } from "./auth/two-factor/routes.ts";
import { twoFactorSecrets } from "./auth/two-factor/secrets.ts";
import { contractRoute } from "./http/contract-route.ts";
import { answerClientError, answerFrameworkError, registerErrorHandling } from "./http/errors.ts";
import { registerIdempotencyKeys } from "./http/idempotency-keys.ts";
import { registerJsonBody } from "./http/json-body.ts";
import { redactingLogger } from "./http/log-redaction.ts";
import { registerRouteRateLimits } from "./http/route-rate-limits.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerOnboardingHooks } from "./payments/onboarding/hooks.ts";
import { registerPaymentAreas } from "./payments/plugins.ts";
import { processorFor } from "./processors/registry.ts";
import { registerAuthenticationPage } from "./processors/sandbox/partner/authentication-page.ts";
import { registerPaymentMethodPage } from "./processors/sandbox/partner/payment-method-page.ts";
import { registerSandboxPartner } from "./processors/sandbox/partner/routes.ts";
import { stripeAccess } from "./processors/stripe/access.ts";
import { appKeyProvider } from "./secrets/app-key.ts";
import { registerStripeApiRoutes } from "./stripe-api/routes.ts";
import { registerTestCheckout } from "./test-checkout/routes.ts";
import { registerWcRoutes } from "./wc/routes.ts";
import { registerWpRoutes } from "./wp/routes.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const STATIC_DIR = path.resolve(here, "../static");

/** JSON bodies above this are refused with 413 (uploads have their own limit). */
export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
	logger?: FastifyServerOptions["logger"];
	trustProxy?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
	const app = Fastify({
		logger: redactingLogger(options.logger ?? false),
		trustProxy: options.trustProxy ?? false,
		bodyLimit: BODY_LIMIT,
		genReqId: () => randomUUID(),
		requestIdHeader: false,
		routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
		clientErrorHandler: answerClientError,
		frameworkErrors: answerFrameworkError,
	});

	app.decorate("deps", deps);
	const stripe = stripeAccess(deps.db, deps.config);
	app.decorate("stripe", stripe);
	app.decorate("processorFor", (accountId: string) =>
		processorFor({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl, stripe }, accountId),
	);
	app.decorate("accountClockOf", async (accountId: string) =>
		accountId ? offsetClock(deps.clock, await clockOffset(deps.db.kysely, accountId)) : deps.clock,
	);
	registerErrorHandling(app);
	registerSecurityHeaders(app);
	registerJsonBody(app);
	await app.register(fastifyCookie);
	await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
	await app.register(fastifyStatic, { root: STATIC_DIR, prefix: "/", index: false, wildcard: false });
	await app.register(fastifyStatic, {
		root: deps.config.adminDist,
		prefix: ADMIN_ASSETS_PREFIX,
		decorateReply: false,
		index: false,
		maxAge: "1y",
		immutable: true,
	});

	registerAuthentication(app, deps.db.kysely, deps.clock);
	await registerRouteRateLimits(app, deps.db.kysely, deps.clock, deps.config.rateLimits);
	registerIdempotencyKeys(app, deps.db, deps.clock);
	const twoFactor = twoFactorSecrets(
		appKeyProvider({ envKey: deps.config.secretKey, dataDir: deps.config.dataDir, dialect: deps.db.dialect }),
	);
	registerLoginPage(app, deps.db.kysely, deps.clock, {
		secureCookies: deps.config.secureCookies,
		siteAccountId: deps.config.siteAccountId,
		twoFactor,
	});
	registerAdminPages(app, deps);

	const openApi = buildOpenApi(ALL_ROUTES, { title: "Paydesk REST API", version: "1.0.0" });
	contractRoute(app, openApiDocument, async () => openApi);
	registerOnboardingHooks(app, deps);
	// Last of the root's hooks: an area's context keeps the hooks the root has when it is registered.
	await registerPaymentAreas(app);
	await app.register(auditLogRoutes);
	registerWpRoutes(app, deps);
	registerProfileRoutes(app, deps.db.kysely, deps.clock);
	registerTwoFactorRoutes(app, deps.db.kysely, deps.clock, twoFactor);
	registerWcRoutes(app, deps);
	registerSandboxPartner(app, deps);
	registerAuthenticationPage(app, deps);
	registerPaymentMethodPage(app, deps);
	registerTestCheckout(app, deps);
	await registerStripeApiRoutes(app);

	return app;
}
