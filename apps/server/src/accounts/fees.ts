/**
 * The account's fees per payment method (spec 3 §3.10), for the page settings' accountFees:
 * what the account settings hold under account_fees (the demo store's carry a discount), or the
 * sandbox partner's standard price list for each enabled method when the account has none.
 */
import { type AccountFees, accountFees } from "@paydesk/contract/account-fees";
import {
	FX_FEE_RATE,
	IN_PERSON_FIXED_FEE,
	STANDARD_FIXED_FEE,
	standardFeePercentage,
} from "@paydesk/domain/fees";

/** The partner's surcharge for cards issued abroad, on card-based methods. */
export const INTERNATIONAL_CARD_FEE_RATE = 0.015;
const CARD_BASED = ["card", "link", "card_present"];

/** The standard price of one method, settled in the account's currency. */
export function standardAccountFee(method: string, currency: string): AccountFees[string] {
	const fixed = method === "card_present" ? IN_PERSON_FIXED_FEE : (STANDARD_FIXED_FEE[currency] ?? 30);
	return {
		base: { percentage_rate: standardFeePercentage(method), fixed_rate: fixed, currency },
		additional: {
			percentage_rate: CARD_BASED.includes(method) ? INTERNATIONAL_CARD_FEE_RATE : 0,
			fixed_rate: 0,
			currency,
		},
		fx: { percentage_rate: FX_FEE_RATE, fixed_rate: 0, currency },
		discount: [],
	};
}

export function accountFeesOf(
	settings: Record<string, unknown>,
	enabledMethods: readonly string[],
	currency: string,
): AccountFees {
	const stored = accountFees.safeParse(settings.account_fees);
	if (stored.success && Object.keys(stored.data).length > 0) return stored.data;
	return Object.fromEntries(enabledMethods.map((method) => [method, standardAccountFee(method, currency)]));
}
