/**
 * The card issuer's 3-D Secure page, played by the sandbox partner: a payment with
 * an authentication test card answers `requires_action` with this page's URL. The customer
 * completes or fails the authentication here; the page records the answer on the intent and
 * sends the customer back to the store's return URL, whose backend then confirms the payment.
 * The client secret in the URL is the only key: it opens one intent and nothing else.
 */
import { formatAmount } from "@paydesk/domain/money";
import { webUrl } from "@paydesk/domain/web-urls";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppDeps } from "../../../app-deps.ts";
import { escapeHtml } from "../../../http/html.ts";
import { intentForSecret, recordAuthentication } from "../intake-authentication.ts";
import { partnerPage } from "./pages.ts";

export const AUTHENTICATION_PATH = "/sandbox-partner/authenticate";

const RESULTS = new Set(["complete", "fail"]);

function page(reply: FastifyReply, status: number, title: string, body: string) {
	return reply
		.code(status)
		.header("cache-control", "no-store")
		.type("text/html; charset=utf-8")
		.send(partnerPage(title, `<main class="partner-card"><h1>${escapeHtml(title)}</h1>${body}</main>`));
}

const notFoundPage = (reply: FastifyReply) =>
	page(
		reply,
		404,
		"Authentication not found",
		"<p>This authentication link is not valid. Return to the store and try again.</p>",
	);

/**
 * The store's return URL with ?payment_intent={id}, as the URL parser writes it (ASCII, safe in a
 * Location header); null unless it is an http(s) URL or a path of this site, so a stored return
 * URL can neither run a script nor break the header.
 */
function returnTo(url: string, intentId: string): string | null {
	const target = webUrl(url);
	if (!target) return null;
	const parsed = new URL(target, "http://paydesk.invalid");
	parsed.searchParams.set("payment_intent", intentId);
	return target.startsWith("/") ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
}

export function registerAuthenticationPage(app: FastifyInstance, deps: AppDeps): void {
	app.get(AUTHENTICATION_PATH, async (request, reply) => {
		const query = request.query as Record<string, unknown>;
		const secret = typeof query.client_secret === "string" ? query.client_secret : "";
		const account = typeof query.account === "string" ? query.account : "";
		const intent = secret && account ? await intentForSecret(deps.db, account, secret) : null;
		if (!intent) return notFoundPage(reply);
		if (intent.status !== "requires_action" || intent.authentication) {
			return page(
				reply,
				200,
				"Authentication finished",
				"<p>This payment has already been authenticated or declined. You can close this window.</p>",
			);
		}
		const amount = formatAmount(intent.amount, intent.currency);
		const form = (
			result: string,
			label: string,
			primary: boolean,
		) => `<form method="post" action="${AUTHENTICATION_PATH}">
<input type="hidden" name="client_secret" value="${escapeHtml(secret)}"><input type="hidden" name="account" value="${escapeHtml(account)}">
<input type="hidden" name="result" value="${result}"><button type="submit" class="${primary ? "partner-primary" : "partner-secondary"}">${escapeHtml(label)}</button></form>`;
		return page(
			reply,
			200,
			"3-D Secure test payment",
			`<p>Your bank asks you to confirm a payment of <strong>${escapeHtml(amount)}</strong>.</p>
<p class="partner-hint-text">This is the sandbox: choose what the customer does.</p>
<div class="partner-actions">${form("complete", "Complete", true)}${form("fail", "Fail", false)}</div>`,
		);
	});

	app.post(AUTHENTICATION_PATH, async (request, reply) => {
		const body = (request.body ?? {}) as Record<string, unknown>;
		const secret = typeof body.client_secret === "string" ? body.client_secret : "";
		const account = typeof body.account === "string" ? body.account : "";
		const result =
			typeof body.result === "string" && RESULTS.has(body.result)
				? (body.result as "complete" | "fail")
				: null;
		if (!secret || !account || !result) return notFoundPage(reply);
		const recorded = await recordAuthentication(deps.db, account, secret, result);
		if (!recorded) return notFoundPage(reply);
		const back = recorded.returnUrl ? returnTo(recorded.returnUrl, recorded.intentId) : null;
		if (back) return reply.redirect(back, 303);
		const done = result === "complete" ? "Authentication complete" : "Authentication failed";
		return page(reply, 200, done, "<p>You can close this window and return to the store.</p>");
	});
}
