/**
 * What the connect URL does (the table in packages/contract/src/connect.ts): resets, leaves
 * test onboarding, creates the sandbox account, or sends the merchant to the right step.
 */
import { CONNECT_FLAGS, type ConnectUrlQuery } from "@paydesk/contract/connect";
import { capabilityList } from "@paydesk/contract/onboarding";
import { sanitiseConnectParam } from "@paydesk/domain/connect";
import { sanitiseOnboardingSource } from "@paydesk/domain/onboarding";
import { loadAccount } from "../../accounts/account.ts";
import type { Db } from "../../db/connection.ts";
import { advanceAccountLifecycle } from "../../processors/sandbox/account-lifecycle.ts";
import { isResettable, resetAccount, startSandboxAccount } from "../../processors/sandbox/onboarding.ts";
import { connectPlatform, ONBOARDING_PAUSED_MESSAGE, readConnectOptions } from "./store-options.ts";

export type ConnectResult = { ok: true; redirect: string } | { ok: false; message: string; redirect: string };

type Args = Record<string, string | undefined>;

function query(args: Args): string {
	const pairs = Object.entries(args).filter((entry): entry is [string, string] => Boolean(entry[1]));
	return pairs.map(([key, value]) => `&${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("");
}

export const adminPageUrl = (path: string, args: Args = {}) =>
	`/wp-admin/admin.php?page=wc-admin&path=${path}${query(args)}`;
export const settingsPageUrl = (args: Args = {}) =>
	`/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments${query(args)}`;

const SANDBOX_ERROR = "An error occurred while setting up your sandbox account. Please try again!";

export async function handleConnect(
	db: Db,
	accountId: string,
	q: ConnectUrlQuery,
	now: number,
): Promise<ConnectResult> {
	await advanceAccountLifecycle(db, accountId, now);
	const row = await loadAccount(db.kysely, accountId);
	const options = await readConnectOptions(db.kysely, accountId);
	const capabilities = capabilityList.safeParse(q.capabilities);
	const carry: Args = {
		source: q.source ? sanitiseOnboardingSource(q.source) : undefined,
		from: sanitiseConnectParam(q.from) || undefined,
		capabilities: capabilities.success ? capabilities.data.join(",") : undefined,
		[CONNECT_FLAGS.redirectToSettingsPage]: q.redirect_to_settings_page ? "true" : undefined,
	};
	const finished = (args: Args) =>
		q.redirect_to_settings_page ? settingsPageUrl(args) : adminPageUrl("/payments/overview", args);
	const connectPage = (args: Args = {}) =>
		adminPageUrl("/payments/connect", { source: carry.source, ...args });
	if (!row) return { ok: false, message: "This store has no payments account.", redirect: connectPage() };

	if (q["wcpay-reset-account"]) {
		if (!isResettable(row)) {
			return {
				ok: false,
				message: "This account cannot be reset.",
				redirect: adminPageUrl("/payments/overview", { [CONNECT_FLAGS.resetAccountError]: "1" }),
			};
		}
		await resetAccount(db, accountId);
		return { ok: true, redirect: connectPage() };
	}

	if (q["wcpay-disable-onboarding-test-mode"]) {
		const liveAccount = row.connected === 1 && row.test_mode === 0 && row.details_submitted === 1;
		if (liveAccount) return { ok: true, redirect: finished({}) };
		await resetAccount(db, accountId, { disableTestOnboarding: true });
		return { ok: true, redirect: adminPageUrl("/payments/onboarding", carry) };
	}

	if (q["wcpay-sandbox-success"]) {
		if (row.connected === 1)
			return { ok: true, redirect: finished({ [CONNECT_FLAGS.sandboxSuccess]: "true" }) };
		return {
			ok: false,
			message: SANDBOX_ERROR,
			redirect: connectPage({ [CONNECT_FLAGS.testDriveError]: "true" }),
		};
	}

	// The reconnect task's link (spec 1 §4.4): the store's content-platform connection was lost.
	if (q["wcpay-reconnect-wpcom"]) {
		await connectPlatform(db.kysely, accountId);
		return { ok: true, redirect: finished({}) };
	}

	if (row.connected !== 1 && options.onboardingDisabled) {
		return { ok: false, message: ONBOARDING_PAUSED_MESSAGE, redirect: connectPage() };
	}

	if (q.test_drive) {
		if (!options.platformConnected) {
			await connectPlatform(db.kysely, accountId);
			if (q.auto_start_test_drive_onboarding) {
				return {
					ok: true,
					redirect: connectPage({ ...carry, [CONNECT_FLAGS.autoStartTestDrive]: "true", test_drive: "true" }),
				};
			}
		}
		if (row.connected !== 1)
			await startSandboxAccount(db, accountId, now, capabilities.success ? capabilities.data : []);
		return {
			ok: true,
			redirect: adminPageUrl("/payments/overview", {
				[CONNECT_FLAGS.connectionSuccess]: "1",
				test_drive: "true",
			}),
		};
	}

	if (!options.platformConnected) await connectPlatform(db.kysely, accountId);
	if (q.collect_payout_requirements) {
		return {
			ok: true,
			redirect: adminPageUrl("/payments/onboarding/kyc", {
				...carry,
				[CONNECT_FLAGS.collectPayoutRequirements]: "true",
			}),
		};
	}
	if (row.connected === 1) {
		const outstanding =
			row.details_submitted === 0 || row.status === "restricted_soon" || row.status === "restricted";
		if (outstanding && !row.status.startsWith("rejected")) {
			return { ok: true, redirect: adminPageUrl("/payments/onboarding/kyc", carry) };
		}
		return { ok: true, redirect: finished({}) };
	}
	return { ok: true, redirect: adminPageUrl("/payments/onboarding", carry) };
}
