/**
 * The sandbox partner asks for a requested payment method's missing requirements:
 * a method the merchant enabled waits ("pending" approval, or "pending_verification") until the
 * merchant gives here what it asks for (nothing more than a confirmation when it has no
 * requirements); then the partner activates it. One page per method, for a merchant of the
 * store, with a nonce on its form.
 */
import { requirementLabel } from "@paydesk/domain/payment-method-enablement";
import { paymentMethodLabel } from "@paydesk/domain/payment-methods";
import { englishTranslator } from "@paydesk/domain/translator";
import type { FastifyInstance, FastifyReply } from "fastify";
import { loadAccount } from "../../../accounts/account.ts";
import { storedSettingsOf } from "../../../accounts/documents.ts";
import type { AppDeps } from "../../../app-deps.ts";
import { createNonce, verifyNonce } from "../../../auth/nonce.ts";
import { escapeHtml, wpDiePage } from "../../../http/html.ts";
import { updateAccount } from "../onboarding.ts";
import { partnerPage } from "./pages.ts";
import { partnerMerchant } from "./routes.ts";

export const PAYMENT_METHOD_PAGE = "/sandbox-partner/payment-methods";
const NONCE_ACTION = "sandbox-partner-payment-method";
const SETTINGS_URL = "/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments";
const MAX_ANSWER = 200;
/** The statuses of a method that waits for the partner (spec 3 §3.8). */
const WAITING = new Set(["pending", "pending_verification"]);

interface MethodStatus {
	status: string;
	requirements: string[];
}
type Statuses = Record<string, MethodStatus>;

const statusesOf = (settingsJson: string): Statuses =>
	storedSettingsOf(settingsJson).payment_method_statuses ?? {};

function html(reply: FastifyReply, status: number, body: string) {
	return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
}

function page(title: string, body: string): string {
	return partnerPage(title, `<main class="partner-card"><h1>${escapeHtml(title)}</h1>${body}</main>`);
}

const fieldName = (requirement: string) => `requirement_${requirement.replace(/\W/g, "_")}`;

function formPage(
	method: string,
	status: MethodStatus,
	nonce: string,
	answers: Record<string, string>,
	errors: Set<string>,
): string {
	const fields = status.requirements
		.map((requirement) => {
			const name = fieldName(requirement);
			const error = errors.has(requirement);
			return `<div class="partner-field${error ? " has-error" : ""}">
<label for="${name}">${escapeHtml(requirementLabel(requirement, englishTranslator))}</label>
<input id="${name}" name="${name}" type="text" maxlength="${MAX_ANSWER}" value="${escapeHtml(answers[requirement] ?? "")}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
${error ? `<p class="partner-error" id="${name}-error">${escapeHtml(`${requirementLabel(requirement, englishTranslator)} is required.`)}</p>` : ""}
</div>`;
		})
		.join("\n");
	return page(
		`Activate ${paymentMethodLabel(method)}`,
		`<p>${
			status.requirements.length > 0
				? `To accept ${escapeHtml(paymentMethodLabel(method))}, the partner needs a few more details about your business.`
				: `${escapeHtml(paymentMethodLabel(method))} is waiting for the partner's approval. In the sandbox, you approve it here.`
		}</p>
<form method="post" action="${PAYMENT_METHOD_PAGE}/${escapeHtml(method)}" novalidate>
<input type="hidden" name="_wpnonce" value="${escapeHtml(nonce)}">
${fields}
<div class="partner-actions"><button type="submit" class="partner-primary">${status.requirements.length > 0 ? "Submit details" : "Approve"}</button>
<a class="partner-secondary" href="${SETTINGS_URL}">Back to payment settings</a></div>
</form>`,
	);
}

const done = (method: string, text: string) =>
	page(
		`${paymentMethodLabel(method)}`,
		`<p role="status">${escapeHtml(text)}</p><p><a class="partner-primary" href="${SETTINGS_URL}">Back to payment settings</a></p>`,
	);

export function registerPaymentMethodPage(app: FastifyInstance, deps: AppDeps): void {
	app.get(`${PAYMENT_METHOD_PAGE}/:method`, async (request, reply) => {
		const who = partnerMerchant(request, reply);
		if (!who) return reply;
		const { method } = request.params as { method: string };
		const row = await loadAccount(deps.db.kysely, who.user.accountId);
		const status = row ? statusesOf(row.settings)[`${method}_payments`] : undefined;
		if (!row || !status) return html(reply, 404, wpDiePage("This payment method has not been requested."));
		if (status.status === "active")
			return html(reply, 200, done(method, `${paymentMethodLabel(method)} is active.`));
		if (!WAITING.has(status.status)) {
			return html(reply, 404, wpDiePage("This payment method has not been requested."));
		}
		const nonce = createNonce(who.nonceSecret, NONCE_ACTION, deps.clock.seconds());
		return html(reply, 200, formPage(method, status, nonce, {}, new Set()));
	});

	app.post(`${PAYMENT_METHOD_PAGE}/:method`, async (request, reply) => {
		const who = partnerMerchant(request, reply);
		if (!who) return reply;
		const { method } = request.params as { method: string };
		const body = (request.body ?? {}) as Record<string, unknown>;
		const now = deps.clock.seconds();
		if (
			typeof body._wpnonce !== "string" ||
			!verifyNonce(who.nonceSecret, NONCE_ACTION, body._wpnonce, now)
		) {
			return html(reply, 403, wpDiePage("The link you followed has expired."));
		}
		let refused: { status: MethodStatus; answers: Record<string, string>; missing: Set<string> } | null =
			null;
		const updated = await updateAccount(deps.db, who.user.accountId, (row) => {
			const statuses = statusesOf(row.settings);
			const status = statuses[`${method}_payments`];
			if (!status || !WAITING.has(status.status)) return null;
			const answers: Record<string, string> = {};
			const missing = new Set<string>();
			for (const requirement of status.requirements) {
				const value = body[fieldName(requirement)];
				const answer = typeof value === "string" ? value.trim().slice(0, MAX_ANSWER) : "";
				answers[requirement] = answer;
				if (!answer) missing.add(requirement);
			}
			if (missing.size > 0) {
				refused = { status, answers, missing };
				return null;
			}
			const settings = storedSettingsOf(row.settings);
			statuses[`${method}_payments`] = { status: "active", requirements: [] };
			return { settings: JSON.stringify({ ...settings, payment_method_statuses: statuses }) };
		});
		if (refused) {
			const { status, answers, missing } = refused as {
				status: MethodStatus;
				answers: Record<string, string>;
				missing: Set<string>;
			};
			const nonce = createNonce(who.nonceSecret, NONCE_ACTION, now);
			return html(reply, 422, formPage(method, status, nonce, answers, missing));
		}
		const active = statusesOf(updated.settings)[`${method}_payments`]?.status === "active";
		if (!active) return html(reply, 404, wpDiePage("This payment method has not been requested."));
		return html(reply, 200, done(method, `Thank you. ${paymentMethodLabel(method)} is now active.`));
	});
}
