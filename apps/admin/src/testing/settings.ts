import type { PageSettings } from "@paydesk/contract/page-settings";
import { setSettings } from "../app/settings.ts";

/**
 * Page settings of a connected store, for component tests; override what a test needs. The
 * capabilities follow the user's role unless given: a shop manager cannot manage_options, a
 * payments viewer cannot manage_woocommerce either.
 */
export function testSettings(overrides: Partial<PageSettings> = {}): PageSettings {
	const roles = overrides.user?.roles ?? ["administrator"];
	const administrator = roles.includes("administrator");
	const manager = administrator || roles.includes("shop_manager");
	const settings: PageSettings = {
		restRoot: "/wp-json/",
		restNonce: "0123456789",
		adminUrl: "/wp-admin/",
		logoutUrl: "/wp-login.php?action=logout",
		siteTitle: "Test Store",
		productName: "Paydesk",
		user: {
			id: 1,
			login: "admin",
			firstName: "Alex",
			displayName: "Alex",
			email: "alex@example.com",
			roles: ["administrator"],
		},
		capabilities: {
			view_woocommerce_reports: manager || roles.includes("payments_viewer"),
			manage_woocommerce: manager,
			manage_options: administrator,
		},
		connectUrl: "/wp-admin/admin.php?page=wc-admin&path=/payments/onboarding",
		connect: { country: "US", availableCountries: { US: "United States (US)" } },
		testModeOnboarding: false,
		testMode: false,
		isJetpackConnected: true,
		isAccountConnected: true,
		isAccountValid: true,
		accountStatus: null,
		errorMessage: "",
		onBoardingDisabled: false,
		connectIncentive: null,
		isWooPayStoreCountryAvailable: true,
		fraudServices: {},
		cardProviderScript: "/sandbox-partner/card.js",
		dateFormat: "F j, Y",
		timeFormat: "g:i a",
		timezone: "UTC",
		storeCurrency: "usd",
		currencyData: {},
		zeroDecimalCurrencies: ["jpy"],
		shouldUseExplicitPrice: true,
		locale: { code: "en_US", language: "en" },
		featureFlags: {
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
		},
		isSubscriptionsActive: true,
		currentUserEmail: "alex@example.com",
		lifetimeTPV: 0,
		accountLoans: { has_active_loan: false, loans: [] },
		accountDefaultCurrency: "usd",
		reconnectUrl: null,
		storeName: "Test Store",
		onboardingFieldsData: { business_types: [], mccs_display_tree: [], industry_to_mcc: {} },
		tracksEnabled: false,
		...overrides,
	};
	setSettings(settings);
	return settings;
}
