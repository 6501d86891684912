/**
 * Onboarding (spec 1 §2.3, §3 onboarding data, §4.6, §7): the business step's options, the
 * embedded identity-verification session, the payout-eligibility check and finalize.
 *
 * Choices where the spec says "not shown":
 * - The session answer is the sandbox partner's: a short-lived clientSecret that opens the
 *   partner's verification step, the partner's publishableKey (pk_test_… for test accounts,
 *   pk_live_… otherwise) and the store's locale as a BCP 47 tag.
 * - A store may start at most SESSION_LIMIT sessions per SESSION_WINDOW_SECONDS; beyond that
 *   the answer is 429 wcpay_account_session_rate_limited and the connect page's error message
 *   speaks of the account setup session until the window passes.
 * - Finalize answers success = the partner has the business details (details_submitted);
 *   params are query values the admin carries to the page it goes to next.
 */
import {
	ANNUAL_REVENUE_VALUES,
	BUSINESS_TYPE_VALUES,
	GO_LIVE_TIMEFRAME_VALUES,
} from "@paydesk/domain/onboarding";
import { z } from "zod";
import { type BodyOf, defineRoute, REST_BASE, type ResponseOf } from "./route.ts";

export const ONBOARDING_ERRORS = {
	disabled: "wcpay_onboarding_disabled",
	rateLimited: "wcpay_account_session_rate_limited",
	accountNotFound: "wcpay_account_not_found",
	notEligible: "wcpay_onboarding_not_allowed",
} as const;

export const SESSION_LIMIT = 10;
export const SESSION_WINDOW_SECONDS = 600;

const structure = z.object({ key: z.string(), name: z.string() });

/** Business types and structures per country, the grouped goods-and-services tree, industry to mcc. */
export const onboardingFieldsData = z.object({
	business_types: z.array(
		z.object({
			key: z.string(),
			name: z.string(),
			types: z.array(
				z.object({
					key: z.string(),
					name: z.string(),
					description: z.string().optional(),
					structures: z.array(structure),
				}),
			),
		}),
	),
	mccs_display_tree: z.array(
		z.object({
			id: z.string(),
			title: z.string(),
			items: z.array(
				z.object({ id: z.string(), title: z.string(), keywords: z.array(z.string()).optional() }),
			),
		}),
	),
	industry_to_mcc: z.record(z.string(), z.string()),
});
export type OnboardingFieldsDataDto = z.infer<typeof onboardingFieldsData>;

const code = z.string().regex(/^[\w-]{1,64}$/, { error: "must contain only word characters and dashes" });

/** Onboarding data of spec 1 §3, nested (company.structure), every value optional. */
export const selfAssessment = z.object({
	country: z
		.string()
		.regex(/^[A-Za-z]{2}$/, { error: "must be a two-letter country code" })
		.transform((value) => value.toUpperCase())
		.optional(),
	business_type: z.enum(BUSINESS_TYPE_VALUES).optional(),
	company: z.object({ structure: code.optional() }).optional(),
	mcc: z
		.string()
		.regex(/^\d{4}$/, { error: "must be a four-digit merchant category code" })
		.optional(),
	annual_revenue: z.enum(ANNUAL_REVENUE_VALUES).optional(),
	go_live_timeframe: z.enum(GO_LIVE_TIMEFRAME_VALUES).optional(),
	business_name: z.string().max(200).optional(),
	site: z.string().max(500).optional(),
});
export type SelfAssessmentDto = z.infer<typeof selfAssessment>;

/** Capabilities as the connect URL carries them: a comma-separated list, or a list. */
export const capabilityList = z
	.union([z.string(), z.array(z.string())])
	.transform((value) =>
		(Array.isArray(value) ? value : value.split(",")).map((item) => item.trim()).filter(Boolean),
	)
	.pipe(z.array(z.string().regex(/^\w{1,64}$/, { error: "must contain only word characters" })).max(20));

export const partnerSession = z.object({
	clientSecret: z.string(),
	publishableKey: z.string(),
	locale: z.string(),
});
export type PartnerSession = z.infer<typeof partnerSession>;

export const createKycSession = defineRoute({
	method: "POST",
	path: `${REST_BASE}/onboarding/kyc/session`,
	summary: "Start the partner's embedded identity-verification step",
	tag: "onboarding",
	body: z.object({
		self_assessment: selfAssessment.default({}),
		capabilities: capabilityList.default([]),
		progressive: z.boolean().default(false),
		collect_payout_requirements: z.boolean().default(false),
	}),
	response: partnerSession,
	errors: [ONBOARDING_ERRORS.disabled, ONBOARDING_ERRORS.rateLimited, ONBOARDING_ERRORS.notEligible],
});
export type KycSessionBody = BodyOf<typeof createKycSession>;

export const checkPoEligibility = defineRoute({
	method: "POST",
	path: `${REST_BASE}/onboarding/router/po_eligible`,
	summary: "Whether the business may start selling before payout details (progressive onboarding)",
	tag: "onboarding",
	body: z.object({
		business: z.object({ country: z.string().max(2), type: z.string().max(64), mcc: z.string().max(8) }),
		store: z.object({ annual_revenue: z.string().max(64), go_live_timeframe: z.string().max(64) }),
	}),
	response: z.object({ result: z.enum(["eligible", "not_eligible"]) }),
});
export type PoEligibilityBody = BodyOf<typeof checkPoEligibility>;

export const finalizeOnboarding = defineRoute({
	method: "POST",
	path: `${REST_BASE}/onboarding/kyc/finalize`,
	summary: "Finish onboarding after the embedded step",
	tag: "onboarding",
	body: z.object({
		source: z.string().max(64).default(""),
		from: z.string().max(64).default(""),
	}),
	response: z.object({
		success: z.boolean(),
		details_submitted: z.boolean(),
		account_id: z.string(),
		mode: z.enum(["live", "test"]),
		params: z.record(z.string(), z.string()),
	}),
	errors: [ONBOARDING_ERRORS.accountNotFound],
});
export type FinalizeAnswer = ResponseOf<typeof finalizeOnboarding>;
