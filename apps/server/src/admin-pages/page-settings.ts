/** Builds the page settings the server inlines into every admin page (spec 1 §3). */

import { type FeatureFlags, type PageSettings, pageSettings } from "@paydesk/contract/page-settings";
import { currencySymbol, isZeroDecimal, ZERO_DECIMAL_CURRENCIES } from "@paydesk/domain/money";
import type { Kysely } from "kysely";
import { z } from "zod";
import { accountStatusOf, LIFETIME_TPV_OPTION, loadAccount } from "../accounts/account.ts";
import { featureFlagsOf, storedSettingsOf } from "../accounts/documents.ts";
import { accountFeesOf } from "../accounts/fees.ts";
import type { AppConfig } from "../app-deps.ts";
import { REST_NONCE_ACTION } from "../auth/authenticate.ts";
import { type AuthUser, can } from "../auth/context.ts";
import { logoutUrl } from "../auth/login-page.ts";
import { createNonce } from "../auth/nonce.ts";
import { enrolmentRequired } from "../auth/two-factor/required.ts";
import { parseJsonColumn } from "../db/json.ts";
import type { Database } from "../db/schema.ts";
import { onboardingFieldsDataFor } from "../payments/onboarding/fields-data.ts";
import { connectPageSettings } from "../payments/onboarding/page-settings-fields.ts";
import { settingsOf } from "../payments/settings/entity.ts";
import { usageTrackingAllowed } from "../usage/usage-log.ts";
import { readStoreBase } from "../wc/settings-store.ts";
import { effectiveLocale, readSiteSettings, readUserLocale } from "../wp/site-settings.ts";

/** Countries the sandbox partner onboards (connect.availableCountries). */
export const AVAILABLE_COUNTRIES: Record<string, string> = {
	AU: "Australia",
	AT: "Austria",
	BE: "Belgium",
	CA: "Canada",
	CH: "Switzerland",
	DE: "Germany",
	DK: "Denmark",
	ES: "Spain",
	FI: "Finland",
	FR: "France",
	GB: "United Kingdom (UK)",
	GR: "Greece",
	IE: "Ireland",
	IT: "Italy",
	JP: "Japan",
	NL: "Netherlands",
	NO: "Norway",
	NZ: "New Zealand",
	PL: "Poland",
	PR: "Puerto Rico",
	PT: "Portugal",
	SE: "Sweden",
	US: "United States (US)",
};

/** The sales the account has taken, in minor units of its currency (capture-effects.ts keeps it). */
const storedLifetimeTpv = z.number().describe(`options.${LIFETIME_TPV_OPTION}`);

const DEFAULT_FLAGS: FeatureFlags = {
	documents: true,
	paymentTimeline: true,
	customSearch: true,
	isAuthAndCaptureEnabled: true,
	isPaymentOverviewWidgetEnabled: true,
	isFRTReviewFeatureActive: true,
	wcpaySubscriptions: true,
	multiCurrency: true,
	progressiveOnboarding: true,
	adminNavigation: false,
	goLive: false,
	updateDetailsTask: true,
	reviewPromptCampaign: true,
};

/** Countries where the store's fast checkout (WooPay) is offered, by the store's own country. */
const WOOPAY_COUNTRIES: readonly string[] = ["US"];

const CURRENCIES = [
	"usd",
	"eur",
	"gbp",
	"jpy",
	"aud",
	"cad",
	"chf",
	"dkk",
	"nok",
	"nzd",
	"sek",
	"inr",
	"pln",
];

export async function buildPageSettings(
	db: Kysely<Database>,
	config: AppConfig,
	user: AuthUser,
	session: { nonceSecret: string; now: number },
): Promise<PageSettings> {
	const account = await loadAccount(db, user.accountId);
	const status = account ? accountStatusOf(account) : null;
	const connected = account?.connected === 1;
	const settings = storedSettingsOf(account?.settings);
	const flags = { ...DEFAULT_FLAGS, ...featureFlagsOf(account) };
	const loans = await db
		.selectFrom("loans")
		.select(["id", "status"])
		.where("account_id", "=", user.accountId)
		.orderBy("paid_out_at", "desc")
		.execute();
	const tpv = await db
		.selectFrom("options")
		.select("value")
		.where("account_id", "=", user.accountId)
		.where("name", "=", LIFETIME_TPV_OPTION)
		.executeTakeFirst();
	const connectPage = await connectPageSettings(db, user.accountId, account, session);
	const stripe = await db
		.selectFrom("stripe_connections")
		.select(["status", "last_error"])
		.where("account_id", "=", user.accountId)
		.executeTakeFirst();
	const [site, userLocale, store, tracksEnabled, mustEnrol] = await Promise.all([
		readSiteSettings(db, user.accountId),
		readUserLocale(db, user.accountId, user.id),
		readStoreBase(db, user.accountId),
		usageTrackingAllowed(db, user.accountId),
		enrolmentRequired(db, user),
	]);
	const locale = effectiveLocale(userLocale, site.language);
	// The account's country and currency once it is connected; until then the store's own.
	const country = (connected && account?.country) || store.country;
	const currency = (connected && account?.default_currency) || store.currency.toLowerCase();
	const subscriptionsEnabled = account ? settingsOf(account).is_wcpay_subscriptions_enabled : false;
	const value: PageSettings = {
		restRoot: "/wp-json/",
		restNonce: createNonce(session.nonceSecret, REST_NONCE_ACTION, session.now),
		adminUrl: "/wp-admin/",
		logoutUrl: logoutUrl(session.nonceSecret, session.now),
		siteTitle: site.title,
		productName: config.productName,
		user: {
			id: user.id,
			login: user.login,
			firstName: user.firstName,
			displayName: user.displayName,
			email: user.email,
			roles: [user.role],
		},
		capabilities: {
			view_woocommerce_reports: can(user, "view_woocommerce_reports"),
			manage_woocommerce: can(user, "manage_woocommerce"),
			manage_options: can(user, "manage_options"),
		},
		connectUrl: connectPage.connectUrl,
		connect: { country, availableCountries: AVAILABLE_COUNTRIES },
		testModeOnboarding: account?.test_mode_onboarding === 1,
		testMode: account?.test_mode === 1,
		isJetpackConnected: connectPage.isJetpackConnected,
		isAccountConnected: connected,
		isAccountValid: connectPage.isAccountValid,
		accountStatus: connected ? status : null,
		errorMessage: connectPage.errorMessage,
		onBoardingDisabled: connectPage.onBoardingDisabled,
		connectIncentive: connectPage.connectIncentive,
		isWooPayStoreCountryAvailable: WOOPAY_COUNTRIES.includes(store.country),
		fraudServices: { sift: { script_url: "/sandbox-partner/fraud.js", beacon_key: "sandbox" } },
		cardProviderScript: "/sandbox-partner/card.js",
		dateFormat: site.date_format,
		timeFormat: site.time_format,
		timezone: site.timezone,
		storeCurrency: currency,
		currencyData: Object.fromEntries(
			[...new Set([...CURRENCIES, currency])].map((code) => [
				code,
				{
					code: code.toUpperCase(),
					symbol: currencySymbol(code).trim(),
					decimals: isZeroDecimal(code) ? 0 : 2,
				},
			]),
		),
		zeroDecimalCurrencies: [...ZERO_DECIMAL_CURRENCIES],
		shouldUseExplicitPrice: true,
		locale: { code: locale, language: locale.split("_")[0] ?? "en" },
		featureFlags: flags,
		isSubscriptionsActive: flags.wcpaySubscriptions && subscriptionsEnabled,
		currentUserEmail: user.email,
		lifetimeTPV: parseJsonColumn(storedLifetimeTpv, tpv?.value, 0),
		accountLoans: {
			has_active_loan: loans.some((loan) => loan.status === "active"),
			loans: loans.map((loan) => ({ id: loan.id, state: loan.status === "active" ? "active" : "paid_off" })),
		},
		accountDefaultCurrency: currency,
		reconnectUrl: connectPage.reconnectUrl,
		storeName: site.title,
		onboardingFieldsData: onboardingFieldsDataFor(AVAILABLE_COUNTRIES),
		enabledPaymentMethods: enabledMethodsOf(settings),
		accountFees: accountFeesOf(settings, enabledMethodsOf(settings), currency),
		tracksEnabled,
		twoFactorEnrolmentRequired: mustEnrol,
		processor: stripe ? "stripe" : "sandbox",
		stripeConnectionError:
			stripe?.status === "error" ? (stripe.last_error ?? "Stripe refused the key.") : null,
	};
	return pageSettings.parse(value);
}

/** The enabled payment methods of the stored settings; the card alone when none are stored. */
function enabledMethodsOf(settings: Record<string, unknown>): string[] {
	const ids = settings.enabled_payment_method_ids;
	return Array.isArray(ids) && ids.length > 0
		? ids.filter((id): id is string => typeof id === "string")
		: ["card"];
}
