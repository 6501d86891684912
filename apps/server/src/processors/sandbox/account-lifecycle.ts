/**
 * Time moves an account on (spec 1 §3 status values, §4.5, §9): a scheduled decision lands, a
 * requirements deadline that passed restricts the account, and a progressive account pauses at
 * $5,000 of sales or 30 days after its first sale (or its creation without one).
 *
 * advanceAccountLifecycle is called before the server answers anything that shows the account
 * (the accounts route, the admin pages, the connect URL), so no background timer is needed and a
 * fixed clock in tests drives every transition.
 */
import { sql } from "kysely";
import { externalAccountsOf, progressiveOnboardingOf } from "../../accounts/documents.ts";
import type { Db } from "../../db/connection.ts";
import type { AccountsTable } from "../../db/schema.ts";
import {
	DAY,
	onboardingRecordOf,
	PO_TPV_LIMIT,
	PO_WINDOW_DAYS,
	progressiveJson,
	REQUIREMENTS_DEADLINE_DAYS,
	type ReviewOutcome,
	updateAccount,
} from "./onboarding.ts";

function applyOutcome(row: AccountsTable, outcome: ReviewOutcome, now: number): Partial<AccountsTable> {
	const rejected = outcome.status.startsWith("rejected");
	const blocked = rejected || outcome.status === "under_review" || outcome.status === "restricted";
	const stored = progressiveOnboardingOf(row);
	const wasProgressive = stored.isEnabled;
	const progressive = outcome.progressive;
	const poEnabled = progressive || wasProgressive;
	const accounts = externalAccountsOf(row);
	const external = outcome.externalAccount
		? [outcome.externalAccount, ...accounts.filter((a) => a.currency !== outcome.externalAccount?.currency)]
		: accounts;
	const hasPayoutAccount = external.length > 0;
	const deadline =
		outcome.status === "restricted_soon"
			? now + REQUIREMENTS_DEADLINE_DAYS * DAY
			: progressive
				? row.created + PO_WINDOW_DAYS * DAY
				: null;
	return {
		status: outcome.status,
		payments_enabled: blocked ? 0 : 1,
		deposits_status: blocked ? "blocked" : hasPayoutAccount && !progressive ? "enabled" : "disabled",
		requirements: JSON.stringify(outcome.requirements),
		current_deadline: deadline,
		past_due: outcome.status === "restricted" ? 1 : 0,
		external_accounts: JSON.stringify(external),
		progressive_onboarding: progressiveJson({
			isEnabled: poEnabled,
			isComplete: poEnabled ? !progressive : true,
			tpv: stored.tpv,
			firstTransactionDate: stored.firstTransactionDate,
		}),
	};
}

/** Sales of a progressive account so far, in the account's currency: total and first date. */
async function progressiveSales(db: Db, row: AccountsTable): Promise<{ tpv: number; first: number | null }> {
	const result = await db.kysely
		.selectFrom("charges")
		.select([
			sql<number>`coalesce(sum(amount_captured), 0)`.as("tpv"),
			sql<number | null>`min(created)`.as("first"),
		])
		.where("account_id", "=", row.id)
		.where("currency", "=", row.default_currency)
		.where("status", "=", "succeeded")
		.executeTakeFirst();
	return { tpv: Number(result?.tpv ?? 0), first: result?.first === null ? null : Number(result?.first) };
}

/**
 * Applies what is due: a scheduled decision, a requirements deadline that passed, and the
 * progressive-onboarding limits (payments pause at $5,000 of sales or 30 days after the first
 * sale, or after creation without one). Cheap when nothing is due: one row read.
 */
export async function advanceAccountLifecycle(db: Db, accountId: string, now: number): Promise<void> {
	const row = await db.kysely
		.selectFrom("accounts")
		.selectAll()
		.where("id", "=", accountId)
		.executeTakeFirst();
	if (row?.connected !== 1) return;
	const record = onboardingRecordOf(row);
	const po = progressiveOnboardingOf(row);
	const reviewDue = record.review !== undefined && record.review.due <= now;
	const deadlinePassed =
		row.status === "restricted_soon" && row.current_deadline !== null && row.current_deadline <= now;
	const progressiveOpen = po.isEnabled === true && po.isComplete === false && row.status === "enabled";
	if (!reviewDue && !deadlinePassed && !progressiveOpen) return;
	const sales = progressiveOpen ? await progressiveSales(db, row) : null;

	await updateAccount(db, accountId, (current, latest) => {
		if (latest.review && latest.review.due <= now) {
			const { review, ...rest } = latest;
			return { ...applyOutcome(current, review.outcome, now), onboarding: JSON.stringify(rest) };
		}
		if (
			current.status === "restricted_soon" &&
			current.current_deadline !== null &&
			current.current_deadline <= now
		) {
			return { status: "restricted", past_due: 1, payments_enabled: 0, deposits_status: "blocked" };
		}
		if (sales && current.status === "enabled") {
			const start = sales.first ?? current.created;
			const deadline = start + PO_WINDOW_DAYS * DAY;
			const paused = sales.tpv >= PO_TPV_LIMIT || now >= deadline;
			const progressive = progressiveJson({
				isEnabled: true,
				isComplete: false,
				tpv: sales.tpv,
				firstTransactionDate: sales.first === null ? null : new Date(sales.first * 1000).toISOString(),
			});
			const patch: Partial<AccountsTable> = {};
			if (progressive !== current.progressive_onboarding) patch.progressive_onboarding = progressive;
			if (deadline !== current.current_deadline) patch.current_deadline = deadline;
			if (paused) Object.assign(patch, { status: "restricted", past_due: 1, payments_enabled: 0 });
			return patch;
		}
		return null;
	});
}
