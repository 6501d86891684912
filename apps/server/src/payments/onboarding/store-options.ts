/**
 * Store options the connect flows read: whether new accounts may be created, whether the
 * store is connected to the content platform, and the connect page's incentive.
 */
import { type ConnectIncentive, connectIncentive } from "@paydesk/contract/connect";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isSafeHref, sanitizeHtml } from "../../http/sanitize-html.ts";
import { readOptions, writeOptions } from "../../wp/queries.ts";

/** Set (truthy) while the partner has paused new account creation. */
export const ONBOARDING_DISABLED_OPTION = "wcpay_onboarding_disabled";
/**
 * Set (truthy) when the store is not connected to the content-platform account. Stored as
 * "disconnected" because a missing option reads as false, and a new store is connected.
 */
export const PLATFORM_DISCONNECTED_OPTION = "wcpay_jetpack_disconnected";
/** { id, description (HTML), tc_url }: the connect page's incentive, when one is offered. */
export const CONNECT_INCENTIVE_OPTION = "wcpay_connect_incentive";
/** { id, activated_at }: the incentive the merchant activated. */
const ACTIVATED_PROMO_OPTION = "wcpay_connect_incentive_activated";

export const ONBOARDING_PAUSED_MESSAGE =
	"We've temporarily paused new account creation. We'll notify you when we resume!";

export interface ConnectOptions {
	onboardingDisabled: boolean;
	platformConnected: boolean;
	incentive: ConnectIncentive | null;
}

const truthy = (value: unknown) =>
	value === true || value === 1 || value === "1" || value === "yes" || value === "true";

export async function readConnectOptions(db: Kysely<Database>, accountId: string): Promise<ConnectOptions> {
	const values = await readOptions(db, accountId, [
		ONBOARDING_DISABLED_OPTION,
		PLATFORM_DISCONNECTED_OPTION,
		CONNECT_INCENTIVE_OPTION,
	]);
	const incentive = connectIncentive.safeParse(values[CONNECT_INCENTIVE_OPTION]);
	return {
		onboardingDisabled: truthy(values[ONBOARDING_DISABLED_OPTION]),
		platformConnected: !truthy(values[PLATFORM_DISCONNECTED_OPTION]),
		// The description is HTML from the partner: it leaves the server with only the allowed
		// tags (spec 1 §5), and the admin shows it as it is. A terms link the sanitiser would not
		// keep is sent empty, and the admin then shows none.
		incentive: incentive.success
			? {
					...incentive.data,
					description: sanitizeHtml(incentive.data.description),
					tc_url: isSafeHref(incentive.data.tc_url) ? incentive.data.tc_url : "",
				}
			: null,
	};
}

/** The store lost its content-platform connection (the partner's test tool stands in for that). */
export async function disconnectPlatform(db: Kysely<Database>, accountId: string): Promise<void> {
	await writeOptions(db, accountId, { [PLATFORM_DISCONNECTED_OPTION]: true });
}

/** Connecting to the content platform is immediate in the sandbox: the flag is cleared. */
export async function connectPlatform(db: Kysely<Database>, accountId: string): Promise<void> {
	await writeOptions(db, accountId, { [PLATFORM_DISCONNECTED_OPTION]: false });
}

export async function recordActivatedPromo(
	db: Kysely<Database>,
	accountId: string,
	id: string,
	now: number,
): Promise<void> {
	await writeOptions(db, accountId, { [ACTIVATED_PROMO_OPTION]: { id, activated_at: now } });
}
