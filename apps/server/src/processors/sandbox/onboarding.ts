/**
 * The account lifecycle at the sandbox partner (spec 1 §3 status values, §4.2, §4.3, §4.5).
 *
 * An unconnected store's account row exists with connected = 0. Onboarding opens the account
 * at the partner (connected, status pending, details not submitted); the partner's
 * verification step submits the details and the processor schedules its decision; the
 * decision lands a few seconds later (complete, enabled, restricted_soon, restricted,
 * under_review or rejected.*), and time moves it on: requirements past their deadline
 * restrict the account, and a progressive account is paused at $5,000 of sales or 30 days.
 *
 * Decisions land lazily (account-lifecycle.ts), so no background timer is needed.
 */
import { requirementError } from "@paydesk/contract/accounts";
import { type SelfAssessmentDto, selfAssessment } from "@paydesk/contract/onboarding";
import { z } from "zod";
import { externalAccountRow, externalAccountsOf, featureFlagsOf } from "../../accounts/documents.ts";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import { parseJsonColumn } from "../../db/json.ts";
import type { AccountsTable } from "../../db/schema.ts";

export const DAY = 86_400;
/** The sandbox (test drive) account is reviewed after this many seconds; the flow polls it. */
export const SANDBOX_REVIEW_SECONDS = 5;
/** Submitted live details are decided after this many seconds. */
export const LIVE_REVIEW_SECONDS = 3;
/** Outstanding requirements must be met within this many days, or the account is restricted. */
export const REQUIREMENTS_DEADLINE_DAYS = 14;
/** Progressive onboarding (spec 1 §9): a 30-day window and a $5,000 sales threshold. */
export const PO_WINDOW_DAYS = 30;
export const PO_TPV_LIMIT = 500_000;

/** What the partner decided about submitted details; applied when the review is due. */
const reviewOutcome = z.object({
	status: z.string(),
	requirements: z.array(requirementError),
	/** Payments start before payout details are collected (progressive onboarding). */
	progressive: z.boolean(),
	externalAccount: externalAccountRow.nullable(),
});
export type ReviewOutcome = z.infer<typeof reviewOutcome>;

const partnerSessionRecord = z.object({
	/** sha256 of the client secret. */
	hash: z.string(),
	expires: z.number(),
	kind: z.literal("onboarding"),
	progressive: z.boolean(),
	collectPayoutRequirements: z.boolean(),
});
export type PartnerSessionRecord = z.infer<typeof partnerSessionRecord>;

/** The partner's side of onboarding, kept in accounts.onboarding. */
const onboardingRecord = z
	.object({
		/** The business step's answers (spec 1 §3 onboarding data). */
		data: selfAssessment.optional(),
		capabilities: z.array(z.string()).optional(),
		sessions: z.array(partnerSessionRecord).optional(),
		/** When recent sessions started, for the session rate limit. */
		sessionStarts: z.array(z.number()).optional(),
		/** What the verification step collected, without secrets (shown on the partner's account page). */
		verification: z.object({ submittedAt: z.number(), summary: z.record(z.string(), z.string()) }).optional(),
		review: z.object({ due: z.number(), outcome: reviewOutcome }).optional(),
		/** An onboarding error the connect page shows until it is cleared or expires. */
		error: z.object({ message: z.string(), until: z.number().nullable() }).optional(),
		sandbox: z.boolean().optional(),
	})
	.describe("accounts.onboarding");
export type OnboardingRecord = z.infer<typeof onboardingRecord>;

export function onboardingRecordOf(row: Pick<AccountsTable, "onboarding">): OnboardingRecord {
	return parseJsonColumn(onboardingRecord, row.onboarding, {});
}

export class AccountNotFoundError extends Error {}

/**
 * Reads the account under a row lock, lets `change` compute new column values from it and
 * writes them in the same transaction, so concurrent requests never lose each other's changes.
 */
export async function updateAccount(
	db: Db,
	accountId: string,
	change: (row: AccountsTable, record: OnboardingRecord) => Partial<AccountsTable> | null,
): Promise<AccountsTable> {
	return db.kysely.transaction().execute(async (trx) => {
		const row = await forUpdate(
			db.dialect,
			trx.selectFrom("accounts").selectAll().where("id", "=", accountId),
		).executeTakeFirst();
		if (!row) throw new AccountNotFoundError(accountId);
		const patch = change(row, onboardingRecordOf(row));
		if (!patch || Object.keys(patch).length === 0) return row;
		await trx.updateTable("accounts").set(patch).where("id", "=", accountId).execute();
		return { ...row, ...patch };
	});
}

export const progressiveJson = (value: {
	isEnabled: boolean;
	isComplete: boolean;
	tpv: number;
	firstTransactionDate: string | null;
}) => JSON.stringify(value);

/** The columns of an account that is not (or no longer) connected. */
function unconnectedColumns(testModeOnboarding: boolean): Partial<AccountsTable> {
	return {
		connected: 0,
		status: "pending",
		payments_enabled: 0,
		deposits_status: "disabled",
		details_submitted: 0,
		test_mode: 0,
		test_mode_onboarding: testModeOnboarding ? 1 : 0,
		current_deadline: null,
		past_due: 0,
		requirements: "[]",
		progressive_onboarding: progressiveJson({
			isEnabled: false,
			isComplete: false,
			tpv: 0,
			firstTransactionDate: null,
		}),
		completed_waiting_period: 0,
		external_accounts: "[]",
		onboarding: "{}",
	};
}

/** Opens the account at the partner: connected, pending, details not yet submitted. */
export function openedAccountColumns(
	row: AccountsTable,
	now: number,
	input: { data: SelfAssessmentDto; capabilities: string[]; record: OnboardingRecord },
): Partial<AccountsTable> {
	const record: OnboardingRecord = { ...input.record, data: input.data, capabilities: input.capabilities };
	if (row.connected === 1) return { onboarding: JSON.stringify(record) };
	return {
		connected: 1,
		status: "pending",
		details_submitted: 0,
		test_mode: row.test_mode_onboarding,
		created: now,
		country: input.data.country ?? row.country,
		onboarding: JSON.stringify(record),
	};
}

/** A sandbox account for the test drive: connected in test mode, decided complete shortly. */
export function startSandboxAccount(
	db: Db,
	accountId: string,
	now: number,
	capabilities: string[],
): Promise<AccountsTable> {
	return updateAccount(db, accountId, (row, record) => {
		if (row.connected === 1) return null;
		const outcome: ReviewOutcome = {
			status: "complete",
			requirements: [],
			progressive: false,
			externalAccount: {
				currency: row.default_currency,
				status: "verified",
				bank_name: "SANDBOX TEST BANK",
				last4: "6789",
			},
		};
		const next: OnboardingRecord = {
			...record,
			capabilities,
			sandbox: true,
			review: { due: now + SANDBOX_REVIEW_SECONDS, outcome },
		};
		delete next.error;
		return {
			...unconnectedColumns(true),
			connected: 1,
			status: "pending",
			details_submitted: 1,
			test_mode: 1,
			created: now,
			onboarding: JSON.stringify(next),
			// A test-drive account is offered to go live (spec 1 §4.4, the go-live task).
			feature_flags: JSON.stringify({ ...featureFlagsOf(row), goLive: true }),
		};
	});
}

/** The verification step's details arrived: details submitted, the decision lands later. */
export function submitVerification(
	db: Db,
	accountId: string,
	now: number,
	input: {
		outcome: ReviewOutcome;
		summary: Record<string, string>;
		/** The partner's own bookkeeping done in the same write (ending the session). */
		recordChange?: (record: OnboardingRecord) => OnboardingRecord;
	},
): Promise<AccountsTable> {
	return updateAccount(db, accountId, (row, record) => {
		if (row.connected !== 1) throw new AccountNotFoundError(accountId);
		const next: OnboardingRecord = {
			...(input.recordChange ? input.recordChange(record) : record),
			verification: { submittedAt: now, summary: input.summary },
			review: { due: now + LIVE_REVIEW_SECONDS, outcome: input.outcome },
		};
		return { details_submitted: 1, onboarding: JSON.stringify(next) };
	});
}

/** Reset (spec 1 §4.3): the account goes back to unconnected; test onboarding stays as it was. */
export function resetAccount(
	db: Db,
	accountId: string,
	options: { disableTestOnboarding?: boolean } = {},
): Promise<AccountsTable> {
	return updateAccount(db, accountId, (row) =>
		unconnectedColumns(options.disableTestOnboarding ? false : row.test_mode_onboarding === 1),
	);
}

/** Whether spec 1 §4.3 lets this account be reset: connected, and details missing or a test account. */
export function isResettable(row: AccountsTable): boolean {
	return row.connected === 1 && (row.details_submitted === 0 || row.test_mode_onboarding === 1);
}

/** The merchant gave new bank details: the errored payout account is replaced and verified. */
export function replaceExternalAccount(
	db: Db,
	accountId: string,
	input: { currency: string; last4: string },
): Promise<AccountsTable> {
	return updateAccount(db, accountId, (row) => {
		const accounts = externalAccountsOf(row);
		const next = accounts.map((account) =>
			account.currency === input.currency ? { ...account, status: "verified", last4: input.last4 } : account,
		);
		const anyErrored = next.some((account) => account.status === "errored");
		return {
			external_accounts: JSON.stringify(next),
			...(row.deposits_status === "disabled" && !anyErrored && row.payments_enabled === 1
				? { deposits_status: "enabled" }
				: {}),
		};
	});
}

/** Records an onboarding error the connect page shows (errorMessage), until `until` if given. */
export function setOnboardingError(
	db: Db,
	accountId: string,
	error: { message: string; until: number | null } | null,
): Promise<AccountsTable> {
	return updateAccount(db, accountId, (_row, record) => {
		const next = { ...record };
		if (error) next.error = error;
		else if (next.error) delete next.error;
		else return null;
		return { onboarding: JSON.stringify(next) };
	});
}

/** The page settings' errorMessage: the recorded onboarding error while it lasts. */
export function onboardingErrorMessage(row: AccountsTable | undefined, now: number): string {
	if (!row) return "";
	const error = onboardingRecordOf(row).error;
	if (!error || (error.until !== null && error.until <= now)) return "";
	return error.message;
}
