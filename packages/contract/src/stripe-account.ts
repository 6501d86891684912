/**
 * A merchant's own Stripe account: connecting it with a secret or restricted key, disconnecting
 * it, and how far its history import has come. Only administrators (manage_options) connect or
 * disconnect: the key reaches the account's money. Shop managers may read the state (the key is
 * shown by its last four characters only).
 *
 * - Connecting checks the key against the account before anything is saved: the account
 *   (GET /v1/account), then one cheap read for each permission of STRIPE_KEY_PERMISSIONS. A key
 *   Stripe refuses, or one missing a permission, is a 400 wcpay_stripe_key_invalid whose message
 *   carries Stripe's own reason. Paydesk then registers its webhook endpoint on the account.
 * - The key and the endpoint's signing secret are kept encrypted; no answer ever carries them.
 * - Disconnecting removes the webhook endpoint from the account and forgets the key.
 */
import { z } from "zod";
import type { KeyAccess, RestrictedKeyResource } from "./developers.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const STRIPE_ACCOUNT_ERRORS = {
	/** Stripe refused the key, or the key lacks a permission Paydesk needs. */
	keyInvalid: "wcpay_stripe_key_invalid",
	/** The account is not connected to a Stripe account of its own. */
	notConnected: "wcpay_stripe_not_connected",
	/** The account is connected already: disconnect first. */
	alreadyConnected: "wcpay_stripe_already_connected",
	/** Stripe refused to register Paydesk's webhook endpoint (e.g. PUBLIC_URL is not public). */
	webhookRefused: "wcpay_stripe_webhook_refused",
	/** Stripe could not be reached, or answered with an error of its own. */
	unreachable: "wcpay_stripe_unreachable",
	/** The server has no application key to encrypt the Stripe key with. */
	secretKeyMissing: "wcpay_secret_key_missing",
	/** A webhook whose Stripe-Signature does not match its body under the endpoint's secret. */
	webhookSignature: "wcpay_stripe_webhook_signature",
} as const;

/** One permission a key must grant Paydesk: a resource of Stripe's API, and how far. */
export interface StripeKeyPermission {
	resource: RestrictedKeyResource;
	access: KeyAccess;
}

/**
 * Every permission Paydesk needs of a key: what the connect page lists and what connecting
 * checks, in this order, each by reading its list (`/v1/<resource>`, limit 1). A write
 * permission includes the read, so the same read shows both missing; the writes themselves are
 * not tried (webhook endpoints are written by connecting).
 */
export const STRIPE_KEY_PERMISSIONS: readonly StripeKeyPermission[] = [
	{ resource: "balance", access: "read" },
	{ resource: "balance_transactions", access: "read" },
	{ resource: "charges", access: "write" },
	{ resource: "payment_intents", access: "write" },
	{ resource: "refunds", access: "write" },
	{ resource: "disputes", access: "write" },
	{ resource: "payouts", access: "write" },
	{ resource: "files", access: "write" },
	{ resource: "customers", access: "read" },
	{ resource: "events", access: "read" },
	{ resource: "webhook_endpoints", access: "write" },
	{ resource: "reviews", access: "write" },
];

/** A secret key (sk_test_…, sk_live_…) or a restricted one (rk_test_…, rk_live_…). */
export const STRIPE_KEY_PATTERN = "^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$";

export const STRIPE_KEY_KINDS = ["secret", "restricted"] as const;
export type StripeKeyKind = (typeof STRIPE_KEY_KINDS)[number];

/** What the history import of a connected account is doing. */
export const STRIPE_SYNC_STATUSES = ["importing", "live", "error"] as const;
export type StripeSyncStatus = (typeof STRIPE_SYNC_STATUSES)[number];

/**
 * The kinds of records the history import brings over, in the order it takes them: a charge finds
 * its customer and its payment intent already copied, each later kind the charges it belongs to,
 * and a payout the balance transactions it carried.
 */
export const STRIPE_SYNC_KINDS = [
	"customers",
	"payment_intents",
	"charges",
	"refunds",
	"disputes",
	"balance_transactions",
	"payouts",
] as const;
export type StripeSyncKind = (typeof STRIPE_SYNC_KINDS)[number];

const STRIPE = `${REST_BASE}/stripe`;

export const stripeConnection = z.object({
	connected: z.literal(true),
	stripe_account_id: z.string(),
	/** The account's name on Stripe (its dashboard's display name, else its business name). */
	stripe_account_name: z.string().nullable(),
	livemode: z.boolean(),
	key_kind: z.enum(STRIPE_KEY_KINDS),
	key_last4: z.string(),
	webhook_endpoint_id: z.string().nullable(),
	status: z.enum(STRIPE_SYNC_STATUSES),
	/** Epoch seconds (server time). */
	connected_at: z.number().int(),
	last_error: z.string().nullable(),
});
export type StripeConnection = z.infer<typeof stripeConnection>;

export const stripeConnectionState = z.union([z.object({ connected: z.literal(false) }), stripeConnection]);
export type StripeConnectionState = z.infer<typeof stripeConnectionState>;

export const getStripeConnection = defineRoute({
	method: "GET",
	path: `${STRIPE}/connect`,
	summary: "Whether the account is connected to its own Stripe account, and with which key (last four only)",
	tag: "stripe",
	// The connection and its key are for those who manage the store.
	capability: "manage_woocommerce",
	response: stripeConnectionState,
});

export const connectStripeAccount = defineRoute({
	method: "POST",
	path: `${STRIPE}/connect`,
	summary: "Connect the merchant's own Stripe account with a secret or restricted key, checked first",
	tag: "stripe",
	body: z.strictObject({
		secret_key: z
			.string({ error: "must be a Stripe secret key (sk_…) or restricted key (rk_…)" })
			.trim()
			.regex(new RegExp(STRIPE_KEY_PATTERN), {
				error: "must be a Stripe secret key (sk_…) or restricted key (rk_…)",
			}),
	}),
	response: stripeConnection,
	capability: "manage_options",
	errors: [
		STRIPE_ACCOUNT_ERRORS.keyInvalid,
		STRIPE_ACCOUNT_ERRORS.alreadyConnected,
		STRIPE_ACCOUNT_ERRORS.webhookRefused,
		STRIPE_ACCOUNT_ERRORS.unreachable,
		STRIPE_ACCOUNT_ERRORS.secretKeyMissing,
	],
});

export const disconnectStripeAccount = defineRoute({
	method: "DELETE",
	path: `${STRIPE}/connect`,
	summary: "Disconnect the Stripe account: remove Paydesk's webhook endpoint from it and forget the key",
	tag: "stripe",
	response: z.object({
		connected: z.literal(false),
		/** The webhook endpoint was removed from the account (false when Stripe had it no more). */
		webhook_endpoint_removed: z.boolean(),
	}),
	capability: "manage_options",
	errors: [STRIPE_ACCOUNT_ERRORS.notConnected, STRIPE_ACCOUNT_ERRORS.unreachable],
});

export const getStripeSync = defineRoute({
	method: "GET",
	path: `${STRIPE}/sync`,
	summary: "How far the connected Stripe account's history import has come",
	tag: "stripe",
	response: z.object({
		status: z.enum(STRIPE_SYNC_STATUSES),
		/** Records imported so far, per kind. */
		counts: z.object({
			customers: z.number().int(),
			payment_intents: z.number().int(),
			charges: z.number().int(),
			refunds: z.number().int(),
			disputes: z.number().int(),
			balance_transactions: z.number().int(),
			payouts: z.number().int(),
		} satisfies Record<StripeSyncKind, z.ZodType>),
		/** The kinds the import has taken to their end, in its order. */
		kinds_done: z.array(z.enum(STRIPE_SYNC_KINDS)),
		/** Records a second since the import started (to its end once it ended); null before a record. */
		rate_per_second: z.number().nullable(),
		/** Epoch seconds (server time) the import started and ended; null before. */
		import_started_at: z.number().int().nullable(),
		import_finished_at: z.number().int().nullable(),
		/** Why the import stopped or is waiting, when it is. */
		last_error: z.string().nullable(),
		/** Epoch seconds of the newest Stripe event taken in; null before the first. */
		last_event_at: z.number().int().nullable(),
		/** Seconds between that event and now; null before the first. */
		lag_seconds: z.number().int().nullable(),
	}),
	errors: [STRIPE_ACCOUNT_ERRORS.notConnected],
});

/** Every route of the Stripe account area. */

/**
 * Where Stripe sends the connected account's events: the endpoint Paydesk registers on the account
 * when it connects, one per Paydesk account (`account` names it). Public, as Stripe calls it:
 * the body is checked against its Stripe-Signature under the endpoint's secret (a signature that
 * does not match, or is older than 5 minutes, is a 400 that changes nothing), and an event is
 * kept once by its id, whatever the order or the number of times it comes.
 */
export const receiveStripeWebhook = defineRoute({
	method: "POST",
	path: `${STRIPE}/webhook`,
	summary: "Stripe's signed events for the connected account",
	tag: "stripe",
	public: true,
	query: z.strictObject({
		account: z.string().regex(/^acct_\w+$/, { error: "must be a Paydesk account id" }),
	}),
	body: z.string().describe("The event's JSON, exactly as Stripe signed it"),
	response: z.object({
		received: z.literal(true),
		/** The event had come before: nothing was changed. */
		duplicate: z.boolean(),
	}),
	errors: [STRIPE_ACCOUNT_ERRORS.webhookSignature, STRIPE_ACCOUNT_ERRORS.notConnected],
});

export const STRIPE_ACCOUNT_ROUTES = [
	getStripeConnection,
	connectStripeAccount,
	disconnectStripeAccount,
	getStripeSync,
	receiveStripeWebhook,
] as const;
