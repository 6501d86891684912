/**
 * The connect URL and the connect page's calls (spec 1 §2.1, §4.2, §4.3, §7).
 *
 * The connect URL (page settings connectUrl) is an admin URL the server handles before the
 * admin app: /wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=…
 * Its query says what to do; it answers a redirect, or JSON when asked for JSON
 * (Accept: application/json), which the sandbox flow does:
 *
 * | query                                   | effect, then where it goes                                   |
 * |-----------------------------------------|--------------------------------------------------------------|
 * | wcpay-reset-account=true                | resets a resettable account → connect page (error: overview with wcpay-reset-account-error=1) |
 * | wcpay-disable-onboarding-test-mode=true | drops the test account, live onboarding → onboarding wizard  |
 * | wcpay-sandbox-success=true (connected)  | → overview (or settings) with wcpay-sandbox-success=true     |
 * | wcpay-reconnect-wpcom=true              | connects the store to the content platform again → overview  |
 * | test_drive=true                         | creates a sandbox account → overview with wcpay-connection-success=1 |
 * | collect_payout_requirements=true        | → /payments/onboarding/kyc (embedded step only)              |
 * | (nothing else)                          | → onboarding wizard, or overview when already onboarded      |
 *
 * source, from, capabilities and redirect_to_settings_page travel along.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

/** Query flags the connect flows put in URLs; the overview and connect page read them. */
export const CONNECT_FLAGS = {
	connect: "wcpay-connect",
	connectionSuccess: "wcpay-connection-success",
	connectionError: "wcpay-connection-error",
	sandboxSuccess: "wcpay-sandbox-success",
	resetAccount: "wcpay-reset-account",
	resetAccountError: "wcpay-reset-account-error",
	disableOnboardingTestMode: "wcpay-disable-onboarding-test-mode",
	reconnectPlatform: "wcpay-reconnect-wpcom",
	testDrive: "test_drive",
	testDriveError: "test_drive_error",
	autoStartTestDrive: "auto_start_test_drive_onboarding",
	redirectToSettingsPage: "redirect_to_settings_page",
	collectPayoutRequirements: "collect_payout_requirements",
	capabilities: "capabilities",
} as const;

/** The nonce action of the connect URL's _wpnonce. */
export const CONNECT_NONCE_ACTION = "wcpay-connect";

const flag = z
	.union([z.string(), z.array(z.string())])
	.optional()
	.transform((value) => {
		const text = Array.isArray(value) ? value[0] : value;
		return text === "true" || text === "1";
	});
const text = z
	.union([z.string(), z.array(z.string())])
	.optional()
	.transform((value) => (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")));

/** The connect URL's query, read leniently (a bad value means "not set"). */
export const connectUrlQuery = z.object({
	_wpnonce: text,
	source: text,
	from: text,
	capabilities: text,
	test_drive: flag,
	"wcpay-sandbox-success": flag,
	auto_start_test_drive_onboarding: flag,
	"wcpay-reset-account": flag,
	"wcpay-disable-onboarding-test-mode": flag,
	"wcpay-reconnect-wpcom": flag,
	collect_payout_requirements: flag,
	redirect_to_settings_page: flag,
});
export type ConnectUrlQuery = z.infer<typeof connectUrlQuery>;

/** The connect URL's JSON answer (spec 1 §7: success, data.redirect_to). */
export const connectUrlAnswer = z.union([
	z.object({ success: z.literal(true), data: z.object({ redirect_to: z.string() }) }),
	z.object({ success: z.literal(false), data: z.object({ message: z.string() }) }),
]);
export type ConnectUrlAnswer = z.infer<typeof connectUrlAnswer>;

export const connectIncentive = z.object({ id: z.string(), description: z.string(), tc_url: z.string() });
export type ConnectIncentive = z.infer<typeof connectIncentive>;

export const CONNECT_ERRORS = { incentiveNotFound: "wcpay_incentive_not_found" } as const;

/** Activates the connect page's incentive (the store's promotion note) before onboarding. */
export const activatePromo = defineRoute({
	method: "POST",
	path: "/wp-json/wc-analytics/admin/notes/experimental-activate-promo/{id}",
	summary: "Activate the connect incentive's promotion",
	tag: "onboarding",
	params: z.object({ id: z.string().regex(/^[\w-]{1,64}$/, { error: "must be an incentive id" }) }),
	response: z.object({ success: z.boolean() }),
	errors: [CONNECT_ERRORS.incentiveNotFound],
});
