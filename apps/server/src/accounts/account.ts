/** The partner's view of the connected account, as the admin reads it (spec 1 §3). */
import type { AccountStatus } from "@paydesk/contract/accounts";
import type { Kysely } from "kysely";
import type { AccountsTable, Database } from "../db/schema.ts";
import {
	depositsScheduleOf,
	externalAccountsOf,
	fraudProtectionOf,
	progressiveOnboardingOf,
	requirementsOf,
} from "./documents.ts";

/** The store's lifetime sales in minor units of its currency (an option, kept by each capture). */
export const LIFETIME_TPV_OPTION = "wcpay_lifetime_tpv";

export async function loadAccount(
	db: Kysely<Database>,
	accountId: string,
): Promise<AccountsTable | undefined> {
	return db.selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
}

export const ACCOUNT_LINK = "/sandbox-partner/account";

export function accountStatusOf(row: AccountsTable): AccountStatus {
	const schedule = depositsScheduleOf(row);
	return {
		id: row.id,
		status: row.status,
		isLive: row.test_mode === 0,
		testMode: row.test_mode === 1,
		paymentsEnabled: row.payments_enabled === 1,
		detailsSubmitted: row.details_submitted === 1,
		deposits: {
			status: row.deposits_status,
			interval: schedule.interval,
			completed_waiting_period: row.completed_waiting_period === 1,
			restrictions: row.deposits_blocked ? "deposits_blocked" : "deposits_unrestricted",
		},
		depositsSchedule: schedule,
		depositsBlocked: row.deposits_blocked === 1,
		defaultExternalAccounts: externalAccountsOf(row),
		currentDeadline: row.current_deadline,
		pastDue: row.past_due === 1,
		accountLink: `${ACCOUNT_LINK}?account=${encodeURIComponent(row.id)}`,
		requirements: { errors: requirementsOf(row) },
		created: new Date(row.created * 1000).toISOString(),
		country: row.country,
		defaultCurrency: row.default_currency,
		hasSubmittedVatData: row.vat_details !== null,
		progressiveOnboarding: progressiveOnboardingOf(row),
		fraudProtection: fraudProtectionOf(row),
		safeMode: row.safe_mode === 1,
		// The feedback prompt's review campaign asks merchants who really take payments.
		campaigns: {
			wporg_review_2025: row.connected === 1 && row.payments_enabled === 1 && row.test_mode === 0,
		},
	};
}
