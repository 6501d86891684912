/**
 * The connect URL: an admin page URL carrying wcpay-connect=1 and a nonce, handled here before
 * the admin app is served (as the plugin handles it on admin_init). It answers a redirect, or
 * JSON { success, data } to a caller that asks for JSON (the sandbox flow's GET).
 */
import { CONNECT_NONCE_ACTION, connectUrlQuery } from "@paydesk/contract/connect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { can } from "../../auth/context.ts";
import { createNonce, verifyNonce } from "../../auth/nonce.ts";
import { wpDiePage } from "../../http/html.ts";
import { type ConnectResult, handleConnect } from "./connect-flow.ts";

export const ADMIN_PAGE_URL = "/wp-admin/admin.php";

export function connectUrlFor(nonceSecret: string, now: number): string {
	const nonce = createNonce(nonceSecret, CONNECT_NONCE_ACTION, now);
	return `${ADMIN_PAGE_URL}?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=${nonce}`;
}

const wantsJson = (request: FastifyRequest) =>
	/application\/json/.test(request.headers.accept ?? "") ||
	request.headers["x-requested-with"] === "XMLHttpRequest";

function answer(request: FastifyRequest, reply: FastifyReply, result: ConnectResult, status = 200) {
	if (wantsJson(request)) {
		const body = result.ok
			? { success: true, data: { redirect_to: result.redirect } }
			: { success: false, data: { message: result.message } };
		return reply.code(status).header("cache-control", "no-store").send(body);
	}
	return reply.header("cache-control", "no-store").redirect(result.redirect, 302);
}

export function registerConnectUrl(app: FastifyInstance, deps: AppDeps): void {
	app.addHook("preHandler", async (request, reply) => {
		if (request.routeOptions.url !== ADMIN_PAGE_URL) return;
		const raw = (request.query ?? {}) as Record<string, unknown>;
		if (raw["wcpay-connect"] === undefined) return;
		const { user, nonceSecret } = request.auth;
		// Signed out or not allowed: the admin page answers (login redirect or "not allowed").
		if (!user || !nonceSecret || !can(user, "manage_woocommerce")) return;
		const now = deps.clock.seconds();
		const query = connectUrlQuery.parse(raw);
		if (!verifyNonce(nonceSecret, CONNECT_NONCE_ACTION, query._wpnonce, now)) {
			const expired = "The link you followed has expired.";
			if (wantsJson(request)) return reply.code(403).send({ success: false, data: { message: expired } });
			return reply.code(403).type("text/html; charset=utf-8").send(wpDiePage(expired));
		}
		const result = await handleConnect(deps.db, user.accountId, query, now);
		return answer(request, reply, result);
	});
}
