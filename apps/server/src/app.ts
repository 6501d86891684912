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
import { ADMIN_ASSETS_PREFIX, registerAdminPages } from "./admin-pages/routes.ts";
import type { AppDeps } from "./app-deps.ts";
import { registerAuthentication } from "./auth/authenticate.ts";
import { registerLoginPage } from "./auth/login-page.ts";
import { contractRoute } from "./http/contract-route.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerIdempotencyKeys } from "./http/idempotency-keys.ts";
import { registerJsonBody } from "./http/json-body.ts";
import { registerRouteRateLimits } from "./http/route-rate-limits.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerAccountSessionRoutes } from "./payments/account-session/routes.ts";
import { registerAccountRoutes } from "./payments/accounts/routes.ts";
import { registerAuthorizationRoutes } from "./payments/authorizations/routes.ts";
import { registerCapitalRoutes } from "./payments/capital/routes.ts";
import { registerChargeRoutes } from "./payments/charges/routes.ts";
import { registerDepositRoutes } from "./payments/deposits/routes.ts";
import { registerDisputeRoutes } from "./payments/disputes/routes.ts";
import { registerDocumentRoutes } from "./payments/documents/routes.ts";
import { registerEventRoutes } from "./payments/events/routes.ts";
import { registerFileRoutes } from "./payments/files/routes.ts";
import { registerFraudOutcomeRoutes } from "./payments/fraud-outcomes/routes.ts";
import { registerInboxRoutes } from "./payments/inbox/routes.ts";
import { registerMultiCurrencyRoutes } from "./payments/multi-currency/routes.ts";
import { registerNotificationRoutes } from "./payments/notifications/routes.ts";
import { registerOnboardingRoutes } from "./payments/onboarding/routes.ts";
import { registerOrderRoutes } from "./payments/orders/routes.ts";
import { registerPaymentIntentRoutes } from "./payments/payment-intents/routes.ts";
import { registerReaderRoutes } from "./payments/readers/routes.ts";
import { registerRefundRoutes } from "./payments/refunds/routes.ts";
import { registerReportingRoutes } from "./payments/reporting/routes.ts";
import { registerSandboxClockRoutes } from "./payments/sandbox-clock/routes.ts";
import { registerSettingsRoutes } from "./payments/settings/routes.ts";
import { registerSurveyRoutes } from "./payments/survey/routes.ts";
import { registerTimelineRoutes } from "./payments/timeline/routes.ts";
import { registerTransactionRoutes } from "./payments/transactions/routes.ts";
import { registerVatRoutes } from "./payments/vat/routes.ts";
import { clockOffset, offsetClock } from "./processor/account-clock.ts";
import { registerAuthenticationPage } from "./sandbox-partner/authentication-page.ts";
import { registerPaymentMethodPage } from "./sandbox-partner/payment-method-page.ts";
import { registerSandboxPartner } from "./sandbox-partner/routes.ts";
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
		logger: options.logger ?? false,
		trustProxy: options.trustProxy ?? false,
		bodyLimit: BODY_LIMIT,
		genReqId: () => randomUUID(),
		requestIdHeader: false,
		routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
	});

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
	registerLoginPage(app, deps.db.kysely, deps.clock, {
		secureCookies: deps.config.secureCookies,
		siteAccountId: deps.config.siteAccountId,
	});
	registerAdminPages(app, deps);

	const openApi = buildOpenApi(ALL_ROUTES, { title: "Paydesk REST API", version: "1.0.0" });
	contractRoute(app, openApiDocument, async () => openApi);
	registerAccountRoutes(app, deps);
	registerDepositRoutes(app, deps);
	registerTransactionRoutes(app, deps);
	registerFraudOutcomeRoutes(app, deps);
	registerAuthorizationRoutes(app, deps);
	registerChargeRoutes(app, deps);
	registerTimelineRoutes(app, deps);
	registerRefundRoutes(app, deps);
	registerOrderRoutes(app, deps);
	registerDocumentRoutes(app, deps);
	registerVatRoutes(app, deps);
	registerReaderRoutes(app, deps);
	registerCapitalRoutes(app, deps);
	registerDisputeRoutes(app, deps);
	registerFileRoutes(app, deps);
	registerSettingsRoutes(app, deps);
	registerMultiCurrencyRoutes(app, deps);
	registerWpRoutes(app, deps);
	registerWcRoutes(app, deps);
	registerReportingRoutes(app, deps);
	registerInboxRoutes(app, deps);
	registerSurveyRoutes(app, deps);
	registerAccountSessionRoutes(app, deps);
	registerOnboardingRoutes(app, deps);
	registerPaymentIntentRoutes(app, deps);
	registerSandboxClockRoutes(app, deps);
	registerSandboxPartner(app, deps);
	registerAuthenticationPage(app, deps);
	registerPaymentMethodPage(app, deps);
	registerTestCheckout(app, deps);
	registerEventRoutes(app, deps);
	registerNotificationRoutes(app, deps);

	return app;
}
