/**
 * /paydesk/test-checkout (DESIGN §3 "Intake and time"): the page a merchant pays a
 * test order on, with the account's test cards. Its script calls the intake API
 * (POST /payment_intents) with the session's REST nonce, so the payment is taken exactly as a
 * store's checkout backend would take it. Only users who manage the store open it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { loadAccount } from "../accounts/account.ts";
import type { AppDeps } from "../app-deps.ts";
import { REST_NONCE_ACTION } from "../auth/authenticate.ts";
import { can } from "../auth/context.ts";
import { DEFAULT_REDIRECT, logoutUrl } from "../auth/login-page.ts";
import { createNonce } from "../auth/nonce.ts";
import { SAMPLE_IP_BY_COUNTRY } from "../geoip/sample-ips.ts";
import { wpDiePage } from "../http/html.ts";
import { acceptedCurrencies } from "../processors/sandbox/intake-context.ts";
import { SERVER_DIR } from "../server-dir.ts";
import { TEST_CHECKOUT_ASSETS, TEST_CHECKOUT_PATH, testCheckoutPage } from "./page.ts";

const ASSETS_DIR = path.join(SERVER_DIR, "src/test-checkout/assets");
const ASSETS: Record<string, string> = {
	[TEST_CHECKOUT_ASSETS.script]: "text/javascript; charset=utf-8",
	[TEST_CHECKOUT_ASSETS.style]: "text/css; charset=utf-8",
};

function html(reply: FastifyReply, status: number, body: string) {
	return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
}

export function registerTestCheckout(app: FastifyInstance, deps: AppDeps): void {
	for (const [url, type] of Object.entries(ASSETS)) {
		const content = readFileSync(path.join(ASSETS_DIR, path.basename(url)), "utf8");
		app.get(url, async (_request, reply) =>
			reply.header("cache-control", "no-cache").type(type).send(content),
		);
	}

	app.get(TEST_CHECKOUT_PATH, async (request, reply) => {
		const { user, nonceSecret } = request.auth;
		if (!user || !nonceSecret) {
			return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(request.url)}&reauth=1`);
		}
		if (!can(user, "manage_woocommerce")) {
			return html(reply, 403, wpDiePage("Sorry, you are not allowed to access this page."));
		}
		const account = await loadAccount(deps.db.kysely, user.accountId);
		if (account?.connected !== 1) {
			return html(reply, 409, wpDiePage("Connect a payments account before making a test payment."));
		}
		const { accepted } = await acceptedCurrencies(deps.db.kysely, account);
		const now = deps.clock.seconds();
		return html(
			reply,
			200,
			testCheckoutPage({
				siteTitle: account.name,
				displayName: user.displayName,
				overviewUrl: DEFAULT_REDIRECT,
				logoutUrl: logoutUrl(nonceSecret, now),
				nonce: createNonce(nonceSecret, REST_NONCE_ACTION, now),
				currencies: accepted,
				accountCountry: account.country.toUpperCase(),
				sampleIps: SAMPLE_IP_BY_COUNTRY,
				expiryYear: deps.clock.now().getUTCFullYear() + 3,
			}),
		);
	});
}
