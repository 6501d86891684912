/**
 * One query-key factory per entity, used by the data hooks and by invalidation after a
 * mutation, so a key is never written by hand twice.
 */
import type { QueryValue } from "@paydesk/domain/query-string";

type Params = Record<string, QueryValue>;

/**
 * A list's keys: every page of it (`lists`, which live updates mark stale and "N new … — show"
 * reads again), one page, every summary (which live updates read again) and one summary.
 */
function listKeys<const Entity extends string>(entity: Entity) {
	return {
		all: () => [entity] as const,
		lists: () => [entity, "list"] as const,
		list: (query: Params) => [entity, "list", query] as const,
		summaries: () => [entity, "summary"] as const,
		summary: (query: Params) => [entity, "summary", query] as const,
	};
}

export const queryKeys = {
	account: () => ["account"] as const,
	sandboxClock: () => ["sandbox-clock"] as const,
	currentUser: () => ["current-user"] as const,
	twoFactor: {
		all: () => ["two-factor"] as const,
		/** The current user's two-factor sign-in (GET /two-factor/1.0/status). */
		status: () => ["two-factor", "status"] as const,
		/** A fresh key to set up an authenticator app with (GET /two-factor/1.0/totp): a secret. */
		newKey: () => ["two-factor", "new-key"] as const,
	},
	/** The current user's sessions (GET /wp/v2/users/me/sessions). */
	userSessions: () => ["user-sessions"] as const,
	/** The store's general settings (GET /wp/v2/settings), administrators only. */
	siteSettings: () => ["site-settings"] as const,
	/** WooCommerce's general settings (GET /wc/v3/settings/general): address, locations, currency. */
	storeSettings: () => ["store-settings"] as const,
	options: (names: readonly string[]) => ["options", ...names] as const,
	deposits: {
		...listKeys("deposits"),
		overview: () => ["deposits", "overview"] as const,
		detail: (id: string) => ["deposits", "detail", id] as const,
	},
	transactions: listKeys("transactions"),
	documents: listKeys("documents"),
	readers: {
		all: () => ["readers"] as const,
		list: (limit: number) => ["readers", "list", limit] as const,
		chargeStats: (chargeId: string) => ["readers", "charge-stats", chargeId] as const,
	},
	capital: {
		all: () => ["capital"] as const,
		activeLoanSummary: () => ["capital", "active-loan-summary"] as const,
		loans: () => ["capital", "loans"] as const,
	},
	settings: () => ["settings"] as const,
	multiCurrency: {
		all: () => ["multi-currency"] as const,
		currencies: () => ["multi-currency", "currencies"] as const,
		currency: (code: string) => ["multi-currency", "currency", code] as const,
		storeSettings: () => ["multi-currency", "store-settings"] as const,
	},
	disputes: {
		...listKeys("disputes"),
		detail: (id: string) => ["disputes", "detail", id] as const,
	},
	files: {
		details: (id: string) => ["files", "details", id] as const,
	},
	charges: {
		all: () => ["charges"] as const,
		detail: (id: string) => ["charges", "detail", id] as const,
		byOrder: (orderId: string) => ["charges", "order", orderId] as const,
		paymentIntent: (id: string) => ["charges", "payment-intent", id] as const,
	},
	timeline: {
		all: () => ["timeline"] as const,
		detail: (paymentIntentId: string) => ["timeline", paymentIntentId] as const,
	},
	users: {
		detail: (userId: number) => ["users", "detail", userId] as const,
	},
	orders: {
		all: () => ["orders"] as const,
		detail: (orderId: number) => ["orders", "detail", orderId] as const,
	},
	authorizations: {
		...listKeys("authorizations"),
		detail: (paymentIntentId: string) => ["authorizations", "detail", paymentIntentId] as const,
	},
	/** Suggestions live under "transactions", so invalidating transactions refreshes them too. */
	transactionSearch: (term: string) => ["transactions", "search", term] as const,
	fraudOutcomes: {
		...listKeys("fraud-outcomes"),
		search: (status: string, term: string) => ["fraud-outcomes", "search", status, term] as const,
	},
	reporting: {
		all: () => ["reporting"] as const,
		paymentActivity: (query: Params) => ["reporting", "payment-activity", query] as const,
	},
	inbox: {
		all: () => ["inbox"] as const,
		list: (query: Params) => ["inbox", "list", query] as const,
	},
	accountSession: () => ["account-session"] as const,
	/** The account's keys for Stripe's API (Developers › API keys). */
	apiKeys: {
		all: () => ["api-keys"] as const,
		list: () => ["api-keys", "list"] as const,
	},
	/** Requests to Stripe's API; a list read by keyset, so its pages are one infinite query. */
	requestLog: {
		all: () => ["request-log"] as const,
		lists: () => ["request-log", "list"] as const,
		list: (query: Params) => ["request-log", "list", query] as const,
		detail: (id: string) => ["request-log", "detail", id] as const,
	},
	/** The bell's notifications (GET /payments/notifications). */
	notifications: () => ["notifications"] as const,
	partnerNotifications: () => ["partner-notifications"] as const,
	/** The Developers area's webhook endpoints: one list, whose rows the details screen reads too. */
	webhookEndpoints: {
		all: () => ["webhook-endpoints"] as const,
		list: () => ["webhook-endpoints", "list"] as const,
	},
	/** An endpoint's deliveries (one list per endpoint) and one delivery with its attempts. */
	webhookDeliveries: {
		all: () => ["webhook-deliveries"] as const,
		lists: () => ["webhook-deliveries", "list"] as const,
		list: (endpointId: string, query: Params) => ["webhook-deliveries", "list", endpointId, query] as const,
		details: () => ["webhook-deliveries", "detail"] as const,
		detail: (id: string) => ["webhook-deliveries", "detail", id] as const,
	},
	/** The audit log (Payments › Activity, and a payment's own entries). */
	auditLog: listKeys("audit-log"),
	/** Stripe's events of the account, and one event with its JSON and deliveries. */
	stripeEvents: {
		all: () => ["stripe-events"] as const,
		lists: () => ["stripe-events", "list"] as const,
		list: (query: Params) => ["stripe-events", "list", query] as const,
		details: () => ["stripe-events", "detail"] as const,
		detail: (id: string) => ["stripe-events", "detail", id] as const,
	},
};
