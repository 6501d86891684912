/** The connect page's page settings (spec 1 §3), computed from the account and the store's options. */
import { CONNECT_FLAGS } from "@paydesk/contract/connect";
import type { PageSettings } from "@paydesk/contract/page-settings";
import type { Kysely } from "kysely";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { onboardingErrorMessage } from "../../processors/sandbox/onboarding.ts";
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
	| "reconnectUrl"
>;

export async function connectPageSettings(
	db: Kysely<Database>,
	accountId: string,
	account: AccountsTable | undefined,
	session: { nonceSecret: string; now: number },
): Promise<ConnectPageSettings> {
	const options = await readConnectOptions(db, accountId);
	const connectUrl = connectUrlFor(session.nonceSecret, session.now);
	return {
		connectUrl,
		isJetpackConnected: options.platformConnected,
		// Valid once the partner has the business details; until then the connect page stays.
		isAccountValid: account?.connected === 1 && account.details_submitted === 1,
		errorMessage: onboardingErrorMessage(account, session.now),
		onBoardingDisabled: options.onboardingDisabled,
		connectIncentive: options.incentive,
		// A connected account whose store lost its content-platform connection gets the reconnect
		// task, whose link connects it again (spec 1 §4.4).
		reconnectUrl:
			account?.connected === 1 && !options.platformConnected
				? `${connectUrl}&${CONNECT_FLAGS.reconnectPlatform}=true`
				: null,
	};
}
