/** New bank details for a payout account whose payouts failed (the partner's account page). */

import { externalAccountsOf } from "../../../accounts/documents.ts";
import type { Db } from "../../../db/connection.ts";
import { replaceExternalAccount } from "../onboarding.ts";
import { SANDBOX_VALUES } from "./verification.ts";

export type BankDetailsResult = { ok: true } | { ok: false; error: { currency: string; text: string } };

export async function replaceBankDetails(
	db: Db,
	accountId: string,
	body: Record<string, unknown>,
): Promise<BankDetailsResult> {
	const currency = typeof body.currency === "string" ? body.currency.toLowerCase() : "";
	const number =
		typeof body.bank_account_number === "string" ? body.bank_account_number.replace(/\s/g, "") : "";
	const row = await db.kysely
		.selectFrom("accounts")
		.select("external_accounts")
		.where("id", "=", accountId)
		.executeTakeFirst();
	const accounts = row ? externalAccountsOf(row) : [];
	if (!accounts.some((account) => account.currency === currency && account.status === "errored")) {
		return { ok: false, error: { currency, text: "This payout account does not need new details." } };
	}
	if (!/^\d{6,17}$/.test(number)) {
		return { ok: false, error: { currency, text: "Enter an account number of 6 to 17 digits." } };
	}
	// The sandbox's failing test number keeps failing, so the error can be tried again.
	if (number === SANDBOX_VALUES.failingBankAccount) {
		return {
			ok: false,
			error: { currency, text: "Payouts to this account would fail. Try another account number." },
		};
	}
	await replaceExternalAccount(db, accountId, { currency, last4: number.slice(-4) });
	return { ok: true };
}
