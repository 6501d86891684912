/**
 * POST …/onboarding/kyc/session: records the business step's answers, opens the account at the
 * partner when the store has none yet (connected, pending, details not submitted) and starts a
 * partner session for the embedded verification step.
 */
import { type createKycSession, ONBOARDING_ERRORS, type PartnerSession } from "@paydesk/contract/onboarding";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { RestError } from "../../http/rest-error.ts";
import {
	AccountNotFoundError,
	openedAccountColumns,
	setOnboardingError,
	updateAccount,
} from "../../processors/sandbox/onboarding.ts";
import {
	issueSession,
	PARTNER_LOCALE,
	publishableKeyOf,
	SessionRateLimitError,
} from "../../processors/sandbox/partner/sessions.ts";
import { isSelfAssessmentPoEligible } from "./po-eligibility.ts";
import { ONBOARDING_PAUSED_MESSAGE, readConnectOptions } from "./store-options.ts";

type Body = z.output<NonNullable<(typeof createKycSession)["body"]>>;

export async function openKycSession(deps: AppDeps, accountId: string, body: Body): Promise<PartnerSession> {
	const { db, clock } = deps;
	const now = clock.seconds();
	const options = await readConnectOptions(db.kysely, accountId);
	let clientSecret = "";
	try {
		const row = await updateAccount(db, accountId, (current, record) => {
			if (current.connected !== 1 && options.onboardingDisabled) {
				throw new RestError(ONBOARDING_ERRORS.disabled, ONBOARDING_PAUSED_MESSAGE, 403);
			}
			if (current.status.startsWith("rejected")) {
				throw new RestError(
					ONBOARDING_ERRORS.notEligible,
					"This account was rejected by our financial partner and cannot be verified again.",
					403,
				);
			}
			const answered = Object.keys(body.self_assessment).length > 0;
			const data = answered ? body.self_assessment : (record.data ?? {});
			// The wizard says whether it may onboard progressively; the partner checks it again, and
			// only a first verification can be progressive.
			const progressive =
				body.progressive &&
				!body.collect_payout_requirements &&
				current.details_submitted === 0 &&
				isSelfAssessmentPoEligible(data);
			const issued = issueSession(accountId, record, now, {
				kind: "onboarding",
				progressive,
				collectPayoutRequirements: body.collect_payout_requirements,
			});
			clientSecret = issued.clientSecret;
			const next = { ...issued.record };
			delete next.error;
			return openedAccountColumns(current, now, {
				data,
				capabilities: body.capabilities.length > 0 ? body.capabilities : (record.capabilities ?? []),
				record: next,
			});
		});
		return { clientSecret, publishableKey: publishableKeyOf(row), locale: PARTNER_LOCALE };
	} catch (error) {
		if (error instanceof SessionRateLimitError) {
			// The connect page shows this (errorMessage) and keeps its button disabled meanwhile.
			await setOnboardingError(db, accountId, { message: error.message, until: error.until });
			throw new RestError(ONBOARDING_ERRORS.rateLimited, error.message, 429, {
				retry_after: error.until - now,
			});
		}
		if (error instanceof AccountNotFoundError) {
			throw new RestError(ONBOARDING_ERRORS.accountNotFound, "This store has no payments account.", 404);
		}
		throw error;
	}
}
