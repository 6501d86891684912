/**
 * One query-key factory per entity, used by the data hooks and by invalidation after a
 * mutation, so a key is never written by hand twice.
 */
import type { QueryValue } from "@paydesk/domain/query-string";

type Params = Record<string, QueryValue>;

export const queryKeys = {
	account: () => ["account"] as const,
	sandboxClock: () => ["sandbox-clock"] as const,
	currentUser: () => ["current-user"] as const,
	/** The store's general settings (GET /wp/v2/settings), administrators only. */
	siteSettings: () => ["site-settings"] as const,
	/** WooCommerce's general settings (GET /wc/v3/settings/general): address, locations, currency. */
	storeSettings: () => ["store-settings"] as const,
	options: (names: readonly string[]) => ["options", ...names] as const,
	deposits: {
		all: () => ["deposits"] as const,
		list: (query: Params) => ["deposits", "list", query] as const,
		summary: (query: Params) => ["deposits", "summary", query] as const,
		overview: () => ["deposits", "overview"] as const,
		detail: (id: string) => ["deposits", "detail", id] as const,
	},
	transactions: {
		all: () => ["transactions"] as const,
		list: (query: Params) => ["transactions", "list", query] as const,
		summary: (query: Params) => ["transactions", "summary", query] as const,
	},
	documents: {
		all: () => ["documents"] as const,
		list: (query: Params) => ["documents", "list", query] as const,
		summary: (query: Params) => ["documents", "summary", query] as const,
	},
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
		all: () => ["disputes"] as const,
		list: (query: Params) => ["disputes", "list", query] as const,
		summary: (query: Params) => ["disputes", "summary", query] as const,
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
		all: () => ["authorizations"] as const,
		list: (query: Params) => ["authorizations", "list", query] as const,
		summary: (query: Params) => ["authorizations", "summary", query] as const,
		detail: (paymentIntentId: string) => ["authorizations", "detail", paymentIntentId] as const,
	},
	/** Suggestions live under "transactions", so invalidating transactions refreshes them too. */
	transactionSearch: (term: string) => ["transactions", "search", term] as const,
	fraudOutcomes: {
		all: () => ["fraud-outcomes"] as const,
		list: (query: Params) => ["fraud-outcomes", "list", query] as const,
		summary: (query: Params) => ["fraud-outcomes", "summary", query] as const,
		search: (status: string, term: string) => ["fraud-outcomes", "search", status, term] as const,
	},
	reporting: {
		paymentActivity: (query: Params) => ["reporting", "payment-activity", query] as const,
	},
	inbox: {
		all: () => ["inbox"] as const,
		list: (query: Params) => ["inbox", "list", query] as const,
	},
	accountSession: () => ["account-session"] as const,
	/** The bell's notifications (GET /payments/notifications). */
	notifications: () => ["notifications"] as const,
	partnerNotifications: () => ["partner-notifications"] as const,
};
