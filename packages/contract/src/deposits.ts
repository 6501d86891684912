/**
 * Payouts (called deposits in the REST paths), spec 2 §3/§4/§7 and spec 3 §3.11.
 *
 * Shapes chosen where the spec is silent:
 * - `date` (arrival date) and `created` are ISO 8601 strings in UTC ("2026-11-15T15:00:00.000Z");
 *   the admin shows them in the store's time zone.
 * - `amount` is what reaches the bank (negative for a withdrawal); the balance gives
 *   `amount + fee`. `method` tells an instant payout ("instant") from a scheduled one.
 * - The summary's `currency` is the one currency of the matching payouts, or the currency
 *   filter, or the account's default when none match; null when they span several currencies
 *   (the admin then hides the total).
 * - POST /deposits accepts an `Idempotency-Key` header: a retry with the same key answers the
 *   first payout again instead of moving money twice.
 */
import { PAYOUT_STATUSES, PAYOUT_TYPES } from "@paydesk/domain/payouts";
import { z } from "zod";
import { depositsSchedule, externalAccount } from "./accounts.ts";
import { currencyCode, minorAmount, objectId } from "./common.ts";
import { IDEMPOTENCY_KEY_REUSED } from "./errors.ts";
import { defineExportRoutes } from "./exports.ts";
import { defineListQuery, listResponse, sharedFilterFields } from "./list.ts";
import { payoutList } from "./payout-list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const DEPOSIT_ERRORS = {
	notFound: "wcpay_deposit_not_found",
	instantUnavailable: "wcpay_instant_deposit_unavailable",
	idempotencyKeyReused: IDEMPOTENCY_KEY_REUSED,
} as const;

export const payout = z.object({
	id: z.string(),
	type: z.enum(PAYOUT_TYPES),
	/** "standard" (scheduled) or "instant". */
	method: z.enum(["standard", "instant"]),
	automatic: z.boolean(),
	status: z.enum(PAYOUT_STATUSES),
	/** Arrival date, ISO 8601 in UTC. */
	date: z.string(),
	created: z.string(),
	amount: minorAmount,
	fee: minorAmount,
	fee_percentage: z.number(),
	currency: z.string(),
	bankAccount: z.string(),
	bank_reference_key: z.string().nullable(),
	failure_code: z.string().nullable(),
	failure_message: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

/** Sortable columns (payout-list.ts): date and amount. */
export const DEPOSIT_SORTS = payoutList.sorts;

export const depositQueries = defineListQuery({
	sort: DEPOSIT_SORTS,
	defaultSort: "date",
	defaultDirection: "desc",
	/** The shared fields, then every value rule the list declares (payout-list.ts). */
	filters: { ...sharedFilterFields, ...payoutList.ruleParamsShape },
});
export type DepositListQuery = z.output<typeof depositQueries.paged>;
export type DepositSortedQuery = z.output<typeof depositQueries.sorted>;
export type DepositFilters = z.output<typeof depositQueries.filters>;

const DEPOSITS = `${REST_BASE}/deposits`;

export const listDeposits = defineRoute({
	method: "GET",
	path: DEPOSITS,
	summary: "Payouts, one page, filtered and sorted",
	tag: "deposits",
	query: depositQueries.paged,
	response: listResponse(payout),
});

export const depositsSummary = z.object({
	count: z.number().int(),
	total: minorAmount,
	currency: z.string().nullable(),
	/** Every currency the account has payouts in (the currency filter shows with 2 or more). */
	store_currencies: z.array(z.string()),
});

export const getDepositsSummary = defineRoute({
	method: "GET",
	path: `${DEPOSITS}/summary`,
	summary: "Count and total of the filtered payouts",
	tag: "deposits",
	query: depositQueries.filters,
	response: depositsSummary,
});

export const balanceAmount = z.object({ amount: minorAmount, currency: z.string() });

export const instantBalance = z.object({
	amount: minorAmount,
	fee: minorAmount,
	net: minorAmount,
	fee_percentage: z.number(),
	currency: z.string(),
});

export const depositsOverview = z.object({
	deposit: z.object({
		/** The latest paid payout of each currency. */
		last_paid: z.array(payout),
		/** The next pending or in-transit payout of each currency. */
		next_scheduled: z.array(payout),
		/** Instant payouts of the last 24 hours. */
		last_manual_deposits: z.array(payout),
	}),
	balance: z.object({
		pending: z.array(balanceAmount),
		available: z.array(balanceAmount),
		/** Per currency that can be paid out instantly; amount 0 when nothing can be. */
		instant: z.array(instantBalance),
	}),
	account: z.object({
		default_currency: z.string(),
		deposits_enabled: z.boolean(),
		deposits_blocked: z.boolean(),
		completed_waiting_period: z.boolean(),
		deposits_schedule: depositsSchedule,
		default_external_accounts: z.array(externalAccount),
	}),
});
export type DepositsOverview = z.infer<typeof depositsOverview>;

export const getDepositsOverview = defineRoute({
	method: "GET",
	path: `${DEPOSITS}/overview-all`,
	summary: "Balances per currency, latest payouts and the payout schedule",
	tag: "deposits",
	response: depositsOverview,
});

export const getDeposit = defineRoute({
	method: "GET",
	path: `${DEPOSITS}/{id}`,
	summary: "One payout",
	tag: "deposits",
	params: z.object({ id: objectId }),
	response: payout,
	errors: [DEPOSIT_ERRORS.notFound],
});

export const createInstantDeposit = defineRoute({
	method: "POST",
	path: DEPOSITS,
	summary: "Pay out the instant balance of a currency now (Idempotency-Key header honoured)",
	tag: "deposits",
	body: z.object({ type: z.literal("instant"), currency: currencyCode }),
	response: payout,
	errors: [DEPOSIT_ERRORS.instantUnavailable, DEPOSIT_ERRORS.idempotencyKeyReused],
});

export const depositExports = defineExportRoutes({
	kind: "deposits",
	listPath: DEPOSITS,
	query: depositQueries.sorted,
	tag: "deposits",
	noun: "payouts",
});
