/**
 * Onboarding routes (spec 1 §7): the embedded verification session, the payout-eligibility
 * check, finalize and the incentive's promotion. The connect URL and the account lifecycle's
 * catch-up before the account is shown act on other areas' routes: hooks.ts, on the root.
 * (GET {api}/accounts/session belongs to the overview's notifications banner:
 * payments/account-session.)
 */
import { activatePromo, CONNECT_ERRORS } from "@paydesk/contract/connect";
import {
	checkPoEligibility,
	createKycSession,
	finalizeOnboarding,
	ONBOARDING_ERRORS,
} from "@paydesk/contract/onboarding";
import { sanitiseConnectParam } from "@paydesk/domain/connect";
import { sanitiseOnboardingSource } from "@paydesk/domain/onboarding";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { advanceAccountLifecycle } from "../../processors/sandbox/account-lifecycle.ts";
import { setOnboardingError } from "../../processors/sandbox/onboarding.ts";
import { openKycSession } from "./kyc-session.ts";
import { isPoEligible } from "./po-eligibility.ts";
import { readConnectOptions, recordActivatedPromo } from "./store-options.ts";

const accountNotFound = () =>
	new RestError(ONBOARDING_ERRORS.accountNotFound, "No payments account is connected to this store.", 404);

export default async function onboardingRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, createKycSession, async ({ accountId, body }) =>
		openKycSession(app.deps, accountId, body),
	);

	contractRoute(app, checkPoEligibility, async ({ body }) => ({
		result: isPoEligible(body) ? ("eligible" as const) : ("not_eligible" as const),
	}));

	contractRoute(app, finalizeOnboarding, async ({ accountId, body, clock }) => {
		await advanceAccountLifecycle(db, accountId, clock.seconds());
		const row = await loadAccount(db.kysely, accountId);
		if (!row) throw accountNotFound();
		const success = row.connected === 1 && row.details_submitted === 1;
		if (success) await setOnboardingError(db, accountId, null);
		const source = body.source ? sanitiseOnboardingSource(body.source) : "";
		const from = sanitiseConnectParam(body.from);
		return {
			success,
			details_submitted: row.details_submitted === 1,
			account_id: row.id,
			mode: row.test_mode === 1 ? ("test" as const) : ("live" as const),
			params: { ...(source ? { source } : {}), ...(from ? { from } : {}) },
		};
	});

	contractRoute(app, activatePromo, async ({ accountId, params, clock }) => {
		const { incentive } = await readConnectOptions(db.kysely, accountId);
		if (!incentive || incentive.id !== params.id) {
			throw new RestError(CONNECT_ERRORS.incentiveNotFound, "This promotion is no longer available.", 404);
		}
		await recordActivatedPromo(db.kysely, accountId, incentive.id, clock.seconds());
		return { success: true };
	});
}
