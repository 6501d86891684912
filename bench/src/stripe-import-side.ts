/**
 * Each kind's name in the Stripe history import benchmarks' reports, and their sum. What they read
 * of the two stores is the tests' own (@paydesk/server/testing/stripe-copy).
 */
import type { StripeSyncKind } from "@paydesk/contract/stripe-account";

export const KIND_LABELS: Readonly<Record<StripeSyncKind, string>> = {
	customers: "customers",
	payment_intents: "payment intents",
	charges: "charges",
	refunds: "refunds",
	disputes: "disputes",
	balance_transactions: "balance transactions",
	payouts: "payouts",
};

export const totalOf = (counts: Readonly<Record<StripeSyncKind, number>>) =>
	Object.values(counts).reduce((sum, count) => sum + count, 0);
