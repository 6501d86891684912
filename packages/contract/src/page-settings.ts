/**
 * Page settings the server inlines into the admin page (spec 1 §3 "Page settings"), so the
 * first paint needs no round trip. The admin reads them from a JSON data island.
 */
import { z } from "zod";
import { accountFees } from "./account-fees.ts";
import { accountStatus } from "./accounts.ts";
import { onboardingFieldsData } from "./onboarding.ts";

export const featureFlags = z.object({
	documents: z.boolean(),
	paymentTimeline: z.boolean(),
	customSearch: z.boolean(),
	isAuthAndCaptureEnabled: z.boolean(),
	isPaymentOverviewWidgetEnabled: z.boolean(),
	isFRTReviewFeatureActive: z.boolean(),
	wcpaySubscriptions: z.boolean(),
	multiCurrency: z.boolean(),
	progressiveOnboarding: z.boolean(),
	adminNavigation: z.boolean(),
	goLive: z.boolean(),
	updateDetailsTask: z.boolean(),
	reviewPromptCampaign: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;

export const fraudService = z.object({ script_url: z.string(), beacon_key: z.string().optional() });

export const pageSettings = z.object({
	restRoot: z.string(),
	restNonce: z.string(),
	adminUrl: z.string(),
	logoutUrl: z.string(),
	siteTitle: z.string(),
	productName: z.string(),
	user: z.object({
		id: z.number().int(),
		login: z.string(),
		firstName: z.string(),
		displayName: z.string(),
		email: z.string(),
		roles: z.array(z.string()),
	}),
	/**
	 * What the user may do, as WordPress's current_user_can() answers it: every user of the admin
	 * can view_woocommerce_reports; shop managers and administrators manage_woocommerce (a
	 * payments viewer does not); only administrators manage_options (WordPress's site settings).
	 */
	capabilities: z.object({
		view_woocommerce_reports: z.boolean(),
		manage_woocommerce: z.boolean(),
		manage_options: z.boolean(),
	}),
	connectUrl: z.string(),
	connect: z.object({
		country: z.string(),
		availableCountries: z.record(z.string(), z.string()),
	}),
	testModeOnboarding: z.boolean(),
	testMode: z.boolean(),
	isJetpackConnected: z.boolean(),
	isAccountConnected: z.boolean(),
	isAccountValid: z.boolean(),
	accountStatus: accountStatus.nullable(),
	errorMessage: z.string(),
	onBoardingDisabled: z.boolean(),
	connectIncentive: z.object({ id: z.string(), description: z.string(), tc_url: z.string() }).nullable(),
	isWooPayStoreCountryAvailable: z.boolean(),
	fraudServices: z.record(z.string(), fraudService),
	cardProviderScript: z.string(),
	dateFormat: z.string(),
	timeFormat: z.string(),
	timezone: z.string(),
	storeCurrency: z.string(),
	currencyData: z.record(
		z.string(),
		z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int() }),
	),
	zeroDecimalCurrencies: z.array(z.string()),
	shouldUseExplicitPrice: z.boolean(),
	locale: z.object({ code: z.string(), language: z.string() }),
	featureFlags: featureFlags,
	isSubscriptionsActive: z.boolean(),
	currentUserEmail: z.string(),
	lifetimeTPV: z.number().int(),
	/** The account's loans (spec 2 §3: id and state; the one whose state is active is used). */
	accountLoans: z.object({
		has_active_loan: z.boolean(),
		loans: z.array(z.object({ id: z.string(), state: z.enum(["active", "paid_off"]) })),
	}),
	/** The account's own currency (the store's until an account is connected), lower case. */
	accountDefaultCurrency: z.string(),
	reconnectUrl: z.string().nullable(),
	/** The exports, e-mails and downloads speak of the store by this name. */
	storeName: z.string(),
	/** The onboarding wizard's business step options (spec 1 §3): every supported country. */
	onboardingFieldsData: onboardingFieldsData,
	/** The overview's fees card: fees per payment method with their discounts (spec 3 §3.10). */
	accountFees: accountFees.optional(),
	/** Payment methods the store has enabled (the overview's add-payment-methods task). */
	enabledPaymentMethods: z.array(z.string()).optional(),
	/**
	 * Whether the store allows usage tracking (WooCommerce's woocommerce_allow_tracking is "yes"):
	 * without it the admin records no usage event at all (contract/tracks).
	 */
	tracksEnabled: z.boolean(),
	/**
	 * The user's role must sign in with two factors and they have not set it up yet: the admin
	 * shows their Profile, where they do, and nothing else (contract/two-factor.ts).
	 */
	twoFactorEnrolmentRequired: z.boolean().optional(),
	/**
	 * Who processes the account's payments: the sandbox, or the merchant's own Stripe account
	 * (contract/stripe-account.ts), whose screens Stripe's API cannot serve say so.
	 */
	processor: z.enum(["sandbox", "stripe"]).optional(),
	/** Why Stripe refused the key of an account connected to it, when it did (the reconnect task). */
	stripeConnectionError: z.string().nullable().optional(),
});
export type PageSettings = z.infer<typeof pageSettings>;

export const PAGE_SETTINGS_ELEMENT_ID = "paydesk-page-settings";
