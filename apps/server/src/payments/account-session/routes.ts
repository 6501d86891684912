/**
 * GET {base}/accounts/session and the sandbox partner's account notifications behind it
 * (contract/account-session): the overview's notifications banner.
 */
import {
	ACCOUNT_SESSION_ERRORS,
	getAccountSession,
	PARTNER_NOTIFICATIONS_PATH,
	partnerNotifications,
} from "@paydesk/contract/account-session";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { createClientSecret, verifyClientSecret } from "./client-secret.ts";
import { partnerNotificationsOf } from "./notifications.ts";

const accountMissing = () =>
	new RestError(
		ACCOUNT_SESSION_ERRORS.accountNotFound,
		"No payments account is connected to this store.",
		404,
	);

/** Like the real partner: live notifications need a secure page (HTTPS or the local machine). */
function isSecurePage(request: FastifyRequest): boolean {
	const host = request.hostname.replace(/:\d+$/, "");
	return request.protocol === "https" || ["localhost", "127.0.0.1", "[::1]"].includes(host);
}

export default async function accountSessionRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;

	contractRoute(app, getAccountSession, async ({ accountId, request }) => {
		const account = await loadAccount(db.kysely, accountId);
		if (account?.connected !== 1) throw accountMissing();
		const secret = request.auth.nonceSecret;
		if (!secret) {
			throw new RestError(
				ACCOUNT_SESSION_ERRORS.browserSessionRequired,
				"Account sessions are for the admin pages of a signed-in browser.",
				400,
			);
		}
		return {
			clientSecret: createClientSecret(secret, accountId, clock.seconds()),
			publishableKey: account.test_mode === 1 ? "pk_test_paydesk_sandbox" : "pk_live_paydesk_sandbox",
			locale: "en-US",
		};
	});

	// The partner's own API, outside wp-json: the client secret (with its browser session) is the key.
	app.get(PARTNER_NOTIFICATIONS_PATH, async (request, reply) => {
		const header = request.headers.authorization ?? "";
		const token = header.startsWith("Bearer ") ? header.slice(7) : "";
		const secret = request.auth.nonceSecret;
		const accountId = secret ? verifyClientSecret(secret, token, clock.seconds()) : null;
		if (!accountId || accountId !== request.auth.user?.accountId) {
			return reply.code(401).send({
				error: { type: "authentication_error", message: "The client secret is not valid." },
			});
		}
		const account = await loadAccount(db.kysely, accountId);
		if (!account)
			return reply.code(404).send({ error: { type: "invalid_request_error", message: "No such account." } });
		if (account.test_mode === 0 && !isSecurePage(request)) {
			return reply.code(400).send({
				error: {
					type: "invalid_request_error",
					message: "Live account notifications can only be shown on a page served over HTTPS.",
				},
			});
		}
		reply.header("cache-control", "no-store");
		return partnerNotifications.parse({ data: partnerNotificationsOf(account) });
	});
}
