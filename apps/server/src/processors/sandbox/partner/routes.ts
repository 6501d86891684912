/**
 * The sandbox partner's own pages and scripts, served from /sandbox-partner/ on Paydesk's
 * origin (the Content-Security-Policy allows only 'self'):
 * - connect.js: the embedded components loader the admin's onboarding step uses;
 * - /sandbox-partner/onboarding: the identity-verification form a session's client secret opens;
 * - /sandbox-partner/account: the account as the partner holds it (the account link), where a
 *   merchant replaces bank details whose payouts fail.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadAccount } from "../../../accounts/account.ts";
import type { AppDeps } from "../../../app-deps.ts";
import { can } from "../../../auth/context.ts";
import { createNonce, verifyNonce } from "../../../auth/nonce.ts";
import type { AccountsTable } from "../../../db/schema.ts";
import { wpDiePage } from "../../../http/html.ts";
import { disconnectPlatform, readConnectOptions } from "../../../payments/onboarding/store-options.ts";
import { SERVER_DIR } from "../../../server-dir.ts";
import { advanceAccountLifecycle } from "../account-lifecycle.ts";
import { onboardingRecordOf, submitVerification } from "../onboarding.ts";
import { accountPage } from "./account-page.ts";
import { replaceBankDetails } from "./bank-details.ts";
import { onboardingDonePage, onboardingErrorPage, onboardingFormPage } from "./pages.ts";
import { accountIdOfSecret, endSession, findSession } from "./sessions.ts";
import {
	decideVerification,
	EMPTY_FORM,
	formFromBody,
	type VerificationForm,
	type VerificationScope,
	validateVerification,
	verificationSummary,
} from "./verification.ts";

const ASSETS_DIR = path.join(SERVER_DIR, "src/processors/sandbox/partner/assets");
const ASSETS: Record<string, string> = {
	"connect.js": "text/javascript; charset=utf-8",
	"onboarding.js": "text/javascript; charset=utf-8",
	"partner.css": "text/css; charset=utf-8",
};
export const ACCOUNT_NONCE_ACTION = "sandbox-partner-account";
const BUSINESS_TYPES = new Set(["company", "non_profit", "government_entity"]);

/** Test accounts get the form filled with sandbox data, as a partner's test mode does. */
const TEST_FORM: VerificationForm = {
	...EMPTY_FORM,
	first_name: "Jamie",
	last_name: "Sandbox",
	dob: "1990-01-01",
	email: "jamie@example.com",
	address_line1: "1 Test Street",
	city: "Testville",
	postal_code: "10001",
	business_name: "Sandbox Store LLC",
	id_number: "000000000",
	bank_account_number: "000123456789",
};

const regionName = (country: string) => {
	try {
		return new Intl.DisplayNames(["en"], { type: "region" }).of(country) ?? country;
	} catch {
		return country;
	}
};

function html(reply: FastifyReply, status: number, body: string) {
	return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);
}

interface OpenSession {
	row: AccountsTable;
	clientSecret: string;
	scope: VerificationScope;
}

async function openSession(deps: AppDeps, clientSecret: unknown): Promise<OpenSession | null> {
	if (typeof clientSecret !== "string") return null;
	const accountId = accountIdOfSecret(clientSecret);
	if (!accountId) return null;
	const row = await loadAccount(deps.db.kysely, accountId);
	const session = row ? findSession(row, clientSecret, deps.clock.seconds()) : null;
	if (!row || !session || session.kind !== "onboarding" || row.connected !== 1) return null;
	const type = onboardingRecordOf(row).data?.business_type ?? "";
	return {
		row,
		clientSecret,
		scope: {
			progressive: session.progressive && !session.collectPayoutRequirements,
			business: BUSINESS_TYPES.has(type),
		},
	};
}

const EXPIRED = "This verification session has expired. Please start again from your store.";

/**
 * The signed-in merchant of a partner page, or null after answering: a visitor is sent to log
 * in, a user who does not manage the store gets the WordPress 403 page.
 */
export function partnerMerchant(request: FastifyRequest, reply: FastifyReply) {
	const { user, nonceSecret } = request.auth;
	if (!user || !nonceSecret) {
		void reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(request.url)}&reauth=1`);
		return null;
	}
	if (!can(user, "manage_woocommerce")) {
		void html(reply, 403, wpDiePage("Sorry, you are not allowed to access this page."));
		return null;
	}
	return { user, nonceSecret };
}

export function registerSandboxPartner(app: FastifyInstance, deps: AppDeps): void {
	for (const [name, type] of Object.entries(ASSETS)) {
		const content = readFileSync(path.join(ASSETS_DIR, name), "utf8");
		app.get(`/sandbox-partner/${name}`, async (_request, reply) =>
			reply.header("cache-control", "no-cache").type(type).send(content),
		);
	}

	const formView = (
		open: OpenSession,
		form: VerificationForm,
		errors: Record<string, string>,
		lang: string,
	) =>
		onboardingFormPage({
			clientSecret: open.clientSecret,
			form,
			errors,
			scope: open.scope,
			testMode: open.row.test_mode === 1,
			countryName: regionName(open.row.country),
			lang,
		});

	app.get("/sandbox-partner/onboarding", async (request, reply) => {
		const query = request.query as Record<string, unknown>;
		const open = await openSession(deps, query.session);
		if (!open) return html(reply, 404, onboardingErrorPage("authentication_error", EXPIRED));
		const lang =
			typeof query.locale === "string" && /^[a-z]{2}(-[A-Z]{2})?$/.test(query.locale) ? query.locale : "en";
		const form =
			open.row.test_mode === 1
				? TEST_FORM
				: { ...EMPTY_FORM, business_name: onboardingRecordOf(open.row).data?.business_name ?? "" };
		return html(reply, 200, formView(open, form, {}, lang));
	});

	app.post("/sandbox-partner/onboarding", async (request, reply) => {
		const body = (request.body ?? {}) as Record<string, unknown>;
		const open = await openSession(deps, body.session);
		if (!open) return html(reply, 404, onboardingErrorPage("authentication_error", EXPIRED));
		const now = deps.clock.now();
		const form = formFromBody(body);
		const errors = validateVerification(form, open.scope, now);
		if (Object.keys(errors).length > 0) return html(reply, 422, formView(open, form, errors, "en"));
		const outcome = decideVerification(form, open.scope, { now, currency: open.row.default_currency });
		await submitVerification(deps.db, open.row.id, deps.clock.seconds(), {
			outcome,
			summary: verificationSummary(form),
			recordChange: (record) => endSession(record, open.clientSecret),
		});
		return html(reply, 200, onboardingDonePage());
	});

	app.get("/sandbox-partner/account", async (request, reply) => {
		const who = partnerMerchant(request, reply);
		if (!who) return reply;
		const query = request.query as Record<string, unknown>;
		// The link names the account; a merchant only ever sees their own store's.
		if (typeof query.account === "string" && query.account !== who.user.accountId) {
			return html(reply, 404, wpDiePage("This account does not exist."));
		}
		await advanceAccountLifecycle(deps.db, who.user.accountId, deps.clock.seconds());
		const row = await loadAccount(deps.db.kysely, who.user.accountId);
		if (!row) return html(reply, 404, wpDiePage("This account does not exist."));
		const nonce = createNonce(who.nonceSecret, ACCOUNT_NONCE_ACTION, deps.clock.seconds());
		const message =
			query.updated === "1"
				? { kind: "success" as const, text: "Your bank details are updated." }
				: query.disconnected === "1"
					? { kind: "success" as const, text: "Your store is disconnected." }
					: undefined;
		const { platformConnected } = await readConnectOptions(deps.db.kysely, who.user.accountId);
		return html(reply, 200, accountPage({ row, nonce, platformConnected, ...(message ? { message } : {}) }));
	});

	app.post("/sandbox-partner/account/disconnect", async (request, reply) => {
		const who = partnerMerchant(request, reply);
		if (!who) return reply;
		const body = (request.body ?? {}) as Record<string, unknown>;
		if (
			typeof body._wpnonce !== "string" ||
			!verifyNonce(who.nonceSecret, ACCOUNT_NONCE_ACTION, body._wpnonce, deps.clock.seconds())
		) {
			return html(reply, 403, wpDiePage("The link you followed has expired."));
		}
		const row = await loadAccount(deps.db.kysely, who.user.accountId);
		if (!row?.test_mode) return html(reply, 403, wpDiePage("Only a test account can be disconnected here."));
		await disconnectPlatform(deps.db.kysely, who.user.accountId);
		return reply.redirect(
			`/sandbox-partner/account?account=${encodeURIComponent(who.user.accountId)}&disconnected=1`,
			303,
		);
	});

	app.post("/sandbox-partner/account/bank-details", async (request, reply) => {
		const who = partnerMerchant(request, reply);
		if (!who) return reply;
		const body = (request.body ?? {}) as Record<string, unknown>;
		const now = deps.clock.seconds();
		if (
			typeof body._wpnonce !== "string" ||
			!verifyNonce(who.nonceSecret, ACCOUNT_NONCE_ACTION, body._wpnonce, now)
		) {
			return html(reply, 403, wpDiePage("The link you followed has expired."));
		}
		const result = await replaceBankDetails(deps.db, who.user.accountId, body);
		if (!result.ok) {
			const row = await loadAccount(deps.db.kysely, who.user.accountId);
			if (!row) return html(reply, 404, wpDiePage("This account does not exist."));
			const nonce = createNonce(who.nonceSecret, ACCOUNT_NONCE_ACTION, now);
			const { platformConnected } = await readConnectOptions(deps.db.kysely, who.user.accountId);
			return html(reply, 422, accountPage({ row, nonce, platformConnected, formError: result.error }));
		}
		return reply.redirect(
			`/sandbox-partner/account?account=${encodeURIComponent(who.user.accountId)}&updated=1`,
			303,
		);
	});
}
