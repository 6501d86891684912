import type { Kysely } from "kysely";
import type { AccountsTable, Database } from "../db/schema.ts";

/** A connected account with plain defaults, for tests that do not need a whole demo store. */
export async function insertTestAccount(
	db: Kysely<Database>,
	id: string,
	overrides: Partial<AccountsTable> = {},
): Promise<AccountsTable> {
	const row: AccountsTable = {
		id,
		name: "Test Store",
		country: "US",
		default_currency: "usd",
		status: "complete",
		connected: 1,
		payments_enabled: 1,
		deposits_status: "enabled",
		details_submitted: 1,
		test_mode: 0,
		test_mode_onboarding: 0,
		created: 1_700_000_000,
		current_deadline: null,
		past_due: 0,
		requirements: "[]",
		progressive_onboarding: JSON.stringify({
			isEnabled: false,
			isComplete: true,
			tpv: 0,
			firstTransactionDate: null,
		}),
		deposits_schedule: JSON.stringify({
			interval: "daily",
			delay_days: 2,
			weekly_anchor: null,
			monthly_anchor: null,
		}),
		deposits_blocked: 0,
		completed_waiting_period: 1,
		external_accounts: JSON.stringify([
			{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4: "6789" },
		]),
		fraud_protection: JSON.stringify({ declineOnAVSFailure: false, declineOnCVCFailure: true }),
		vat_details: null,
		settings: "{}",
		feature_flags: "{}",
		safe_mode: 0,
		onboarding: "{}",
		...overrides,
	};
	await db.insertInto("accounts").values(row).execute();
	return row;
}
