import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const requirementError = z.object({
	code: z.string(),
	reason: z.string(),
	requirement: z.string().optional(),
});

export const externalAccount = z.object({
	currency: z.string(),
	status: z.string(),
	bank_name: z.string().optional(),
	last4: z.string().optional(),
});

export const depositsSchedule = z.object({
	interval: z.enum(["daily", "weekly", "monthly", "manual"]),
	delay_days: z.number().int(),
	weekly_anchor: z.string().nullable(),
	monthly_anchor: z.number().int().nullable(),
});

export const progressiveOnboarding = z.object({
	isEnabled: z.boolean(),
	isComplete: z.boolean(),
	/** Total payment volume in cents. */
	tpv: z.number().int(),
	firstTransactionDate: z.string().nullable(),
});

/** Account status fields read by the overview and the connect page (spec 1 §3, spec 3 §3.11). */
export const accountStatus = z.object({
	id: z.string(),
	status: z.string(),
	isLive: z.boolean(),
	testMode: z.boolean(),
	paymentsEnabled: z.boolean(),
	detailsSubmitted: z.boolean(),
	deposits: z.object({
		status: z.string(),
		interval: z.string(),
		completed_waiting_period: z.boolean(),
		restrictions: z.string(),
	}),
	depositsSchedule: depositsSchedule,
	depositsBlocked: z.boolean(),
	defaultExternalAccounts: z.array(externalAccount),
	currentDeadline: z.number().int().nullable(),
	pastDue: z.boolean(),
	accountLink: z.string(),
	requirements: z.object({ errors: z.array(requirementError) }),
	created: z.string(),
	country: z.string(),
	defaultCurrency: z.string(),
	hasSubmittedVatData: z.boolean(),
	progressiveOnboarding: progressiveOnboarding,
	fraudProtection: z.object({ declineOnAVSFailure: z.boolean(), declineOnCVCFailure: z.boolean() }),
	safeMode: z.boolean(),
	/** The campaigns the account is eligible for (spec 2 §2: the review campaign's feedback prompt). */
	campaigns: z.object({ wporg_review_2025: z.boolean() }),
});
export type AccountStatus = z.infer<typeof accountStatus>;

export const getAccount = defineRoute({
	method: "GET",
	path: `${REST_BASE}/accounts`,
	summary: "The connected account's status",
	tag: "accounts",
	response: accountStatus,
});
