/**
 * A settings entity as GET /settings answers it for a US store, for component tests: the
 * defaults every store has, with a store's saved choices and a few methods' statuses.
 */
import { defaultPaymentSettings, type PaymentSettings } from "@paydesk/contract/settings";

export function settingsFixture(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
	const statuses: PaymentSettings["payment_method_statuses"] = {
		card_payments: { status: "active", requirements: [] },
		link_payments: { status: "active", requirements: [] },
		eps_payments: { status: "unrequested", requirements: [] },
		ideal_payments: { status: "unrequested", requirements: [] },
		sofort_payments: { status: "pending", requirements: [] },
		multibanco_payments: { status: "pending_verification", requirements: [] },
		giropay_payments: { status: "inactive", requirements: ["company.tax_id"] },
		alipay_payments: {
			status: "unrequested",
			requirements: ["individual.id_number", "business_profile.url"],
		},
	};
	return {
		...defaultPaymentSettings({
			paymentsEnabled: true,
			name: "Paydesk Demo Store",
			currency: "usd",
			depositStatus: "enabled",
			country: "US",
			testMode: false,
		}),
		enabled_payment_method_ids: ["card", "link"],
		available_payment_method_ids: [
			"card",
			"link",
			"eps",
			"ideal",
			"sofort",
			"multibanco",
			"giropay",
			"alipay",
		],
		payment_method_statuses: statuses,
		account_business_support_email: "support@example.com",
		account_business_support_phone: "+1 415 555 0134",
		deposit_completed_waiting_period: true,
		is_multi_currency_enabled: true,
		is_card_present_eligible: true,
		is_wcpay_subscriptions_enabled: true,
		...overrides,
	};
}
