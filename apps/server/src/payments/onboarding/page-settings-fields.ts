/** The connect page's page settings (spec 1 §3), computed from the account and the store's options. */
import type { PageSettings } from "@paydesk/contract/page-settings";
import type { Kysely } from "kysely";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { onboardingErrorMessage } from "../../processor/onboarding.ts";
import { connectUrlFor } from "./connect-url.ts";
import { readConnectOptions } from "./store-options.ts";

export type ConnectPageSettings = Pick<
	PageSettings,
	| "connectUrl"
	| "isJetpackConnected"
	| "isAccountValid"
	| "errorMessage"
	| "onBoardingDisabled"
	| "connectIncentive"
>;

export async function connectPageSettings(
	db: Kysely<Database>,
	accountId: string,
	account: AccountsTable | undefined,
	session: { nonceSecret: string; now: number },
): Promise<ConnectPageSettings> {
	const options = await readConnectOptions(db, accountId);
	return {
		connectUrl: connectUrlFor(session.nonceSecret, session.now),
		isJetpackConnected: options.platformConnected,
		// Valid once the partner has the business details; until then the connect page stays.
		isAccountValid: account?.connected === 1 && account.details_submitted === 1,
		errorMessage: onboardingErrorMessage(account, session.now),
		onBoardingDisabled: options.onboardingDisabled,
		connectIncentive: options.incentive,
	};
}
