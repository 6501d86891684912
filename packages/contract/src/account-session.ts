/**
 * The account session of the overview's notifications banner (spec 1 §2.2, §4.6, §7): GET
 * {api}/accounts/session gives the client secret the financial partner's embedded notifications
 * component needs; the component then reads the partner's notifications for the account.
 *
 * Choices where the spec is silent (the sandbox partner plays the financial partner):
 * - The client secret is valid for 30 minutes and only together with the browser session that
 *   asked for it; the partner's notifications answer at PARTNER_NOTIFICATIONS_PATH with the
 *   secret as a Bearer token.
 * - A notification is action_required (something the merchant must provide) or in_review.
 * - Like the real partner, a live account's notifications are refused on a plain-HTTP page that is
 *   not localhost: 400 with error.type invalid_request_error.
 */
import { z } from "zod";
import { defineRoute, REST_BASE } from "./route.ts";

export const ACCOUNT_SESSION_ERRORS = {
	accountNotFound: "wcpay_account_not_found",
	browserSessionRequired: "wcpay_account_session_browser_only",
} as const;

export const accountSession = z.object({
	clientSecret: z.string(),
	publishableKey: z.string(),
	locale: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const getAccountSession = defineRoute({
	method: "GET",
	path: `${REST_BASE}/accounts/session`,
	summary: "A client secret for the partner's embedded notifications component",
	tag: "accounts",
	// A secret, and the partner's notifications ask for changes to the account.
	capability: "manage_woocommerce",
	response: accountSession,
	errors: [ACCOUNT_SESSION_ERRORS.accountNotFound, ACCOUNT_SESSION_ERRORS.browserSessionRequired],
});

/** The sandbox partner's notifications of the account behind a client secret. */
export const PARTNER_NOTIFICATIONS_PATH = "/sandbox-partner/v1/account_notifications";

export const partnerNotification = z.object({
	id: z.string(),
	severity: z.enum(["action_required", "in_review"]),
	title: z.string(),
	description: z.string(),
	/** Where the merchant resolves it (the partner's account pages). */
	action_url: z.string().nullable(),
});
export type PartnerNotification = z.infer<typeof partnerNotification>;

export const partnerNotifications = z.object({ data: z.array(partnerNotification) });
