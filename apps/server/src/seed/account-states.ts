/**
 * Every account situation the overview tells apart, as a `--state` of the demo store,
 * so each can be opened, tested and shown:
 * - connected (the default) and unconnected;
 * - progressive onboarding in progress, without a first payment (new, 14 and 30 days after
 *   creation) and after one (first payment, balance rising, near threshold, threshold reached):
 *   a young store with a few days of sales (progressive-store.ts);
 * - restricted with requirement errors (past due), restricted soon, under review, rejected,
 *   sandbox (test mode) and Safe Mode: the full demo history with the account in that state.
 * After any connected seed (its rollups rebuilt), the lifetime total payment volume is cached
 * as the partner reports it (option wcpay_lifetime_tpv), and the account settings gain their
 * fee schedule (account_fees) when they have none. The store has opted in to WooCommerce usage
 * tracking (option woocommerce_allow_tracking), and has its address in WooCommerce's general
 * settings (DEMO_STORE_ADDRESS).
 */
import { TRACKING_OPTION } from "@paydesk/domain/feedback-prompt";
import { activityFigures, REPORT_TYPES } from "@paydesk/domain/payment-activity";
import { sql } from "kysely";
import { LIFETIME_TPV_OPTION } from "../accounts/account.ts";
import { featureFlagsOf, storedSettingsOf } from "../accounts/documents.ts";
import { standardAccountFee } from "../accounts/fees.ts";
import type { Db } from "../db/connection.ts";
import type { AccountsTable } from "../db/schema.ts";
import { ROLLUP_SPANS } from "../ledger/rollups.ts";
import { writeOptions } from "../wp/queries.ts";
import { DAY } from "./calendar.ts";
import { DEMO_STORE_ADDRESS } from "./settings.ts";

export const ACCOUNT_STATES = [
	"connected",
	"unconnected",
	"po-no-payment",
	"po-no-payment-14-days",
	"po-no-payment-30-days",
	"po-first-payment",
	"po-balance-rising",
	"po-near-threshold",
	"po-threshold-reached",
	"restricted",
	"restricted-soon",
	"under-review",
	"rejected",
	"sandbox",
	"safe-mode",
] as const;
export type AccountStateName = (typeof ACCOUNT_STATES)[number];

export function isAccountState(value: string): value is AccountStateName {
	return (ACCOUNT_STATES as readonly string[]).includes(value);
}

/** A young store in progressive onboarding: days since creation, first payment, sales per day. */
export interface ProgressivePlan {
	createdDaysAgo: number;
	/** Days since the first payment; null when there is none yet. */
	firstPaymentDaysAgo: number | null;
	chargesPerDay: number;
}

export const PROGRESSIVE_PLANS: Partial<Record<AccountStateName, ProgressivePlan>> = {
	"po-no-payment": { createdDaysAgo: 3, firstPaymentDaysAgo: null, chargesPerDay: 0 },
	"po-no-payment-14-days": { createdDaysAgo: 16, firstPaymentDaysAgo: null, chargesPerDay: 0 },
	"po-no-payment-30-days": { createdDaysAgo: 31, firstPaymentDaysAgo: null, chargesPerDay: 0 },
	"po-first-payment": { createdDaysAgo: 4, firstPaymentDaysAgo: 2, chargesPerDay: 1 },
	"po-balance-rising": { createdDaysAgo: 10, firstPaymentDaysAgo: 8, chargesPerDay: 1 },
	"po-near-threshold": { createdDaysAgo: 24, firstPaymentDaysAgo: 22, chargesPerDay: 1 },
	"po-threshold-reached": { createdDaysAgo: 14, firstPaymentDaysAgo: 12, chargesPerDay: 8 },
};

const REQUIREMENT_ERRORS = [
	{
		code: "invalid_street_address",
		reason: "The business address could not be verified. Check the street and number.",
		requirement: "company.address.line1",
	},
	{
		code: "verification_document_expired",
		reason: "The identity document provided has expired.",
		requirement: "representative.verification.document",
	},
	{ code: "invalid_value_other", reason: "A value was not accepted.", requirement: "business_profile.url" },
];

/** How a full-history state changes the demo store's account row. */
export function accountStateOverrides(
	state: AccountStateName,
	account: AccountsTable,
	now: number,
): Partial<AccountsTable> {
	switch (state) {
		case "restricted":
			return {
				status: "restricted",
				payments_enabled: 0,
				deposits_status: "disabled",
				past_due: 1,
				current_deadline: now - 2 * DAY,
				requirements: JSON.stringify(REQUIREMENT_ERRORS),
			};
		case "restricted-soon":
			return {
				status: "restricted_soon",
				current_deadline: now + 9 * DAY,
				requirements: JSON.stringify([
					{
						code: "verification_missing_owners",
						reason: "Provide the details of everyone who owns 25% or more of the business.",
						requirement: "company.owners_provided",
					},
				]),
			};
		case "under-review":
			return { status: "under_review", deposits_status: "blocked", deposits_blocked: 1 };
		case "rejected":
			return {
				status: "rejected.fraud",
				payments_enabled: 0,
				deposits_status: "disabled",
				deposits_blocked: 1,
			};
		case "sandbox":
			return {
				test_mode: 1,
				test_mode_onboarding: 1,
				feature_flags: JSON.stringify({ ...featureFlagsOf(account), goLive: true }),
			};
		case "safe-mode":
			return { safe_mode: 1 };
		default:
			return {};
	}
}

/** Lifetime total payment volume of the default currency, from the coarsest rollups. */
async function lifetimeTpv(db: Db, accountId: string, currency: string): Promise<number> {
	const rows = await db.kysely
		.selectFrom("transaction_rollups")
		.select(["type", sql<number>`sum(amount)`.as("amount"), sql<number>`sum(fee)`.as("fee")])
		.where("account_id", "=", accountId)
		.where("span", "=", sql.lit(ROLLUP_SPANS[ROLLUP_SPANS.length - 1] ?? 1))
		.where("currency", "=", currency)
		.where("type", "in", REPORT_TYPES)
		.groupBy("type")
		.execute();
	return activityFigures(rows.map((row) => ({ ...row, amount: Number(row.amount), fee: Number(row.fee) })))
		.total_payment_volume;
}

/**
 * The fee schedule of the account's enabled methods; the demo store's card fee carries a
 * promotional discount (a quarter off on its next sales, for a few more weeks).
 */
function feeSchedule(settings: Record<string, unknown>, currency: string, now: number, promotion: boolean) {
	const methods = Array.isArray(settings.enabled_payment_method_ids)
		? settings.enabled_payment_method_ids.filter((id): id is string => typeof id === "string")
		: ["card"];
	const fees = Object.fromEntries(methods.map((method) => [method, standardAccountFee(method, currency)]));
	const card = fees.card;
	if (promotion && card) {
		card.discount = [
			{
				discount: 0.25,
				volume_allowance: 1_000_000,
				current_volume: 275_000,
				volume_currency: currency,
				end_time: new Date((now + 75 * DAY) * 1000).toISOString(),
			},
		];
	}
	return fees;
}

/** The cached lifetime volume, the fee schedule and the state of a seeded store (rollups built). */
export async function finishSeededStore(
	db: Db,
	accountId: string,
	state: AccountStateName,
	now: number,
): Promise<void> {
	const account = await db.kysely
		.selectFrom("accounts")
		.selectAll()
		.where("id", "=", accountId)
		.executeTakeFirstOrThrow();
	const settings = storedSettingsOf(account.settings);
	if (settings.account_fees === undefined) {
		settings.account_fees = feeSchedule(settings, account.default_currency, now, state === "connected");
	}
	await db.kysely
		.updateTable("accounts")
		.set({ ...accountStateOverrides(state, account, now), settings: JSON.stringify(settings) })
		.where("id", "=", accountId)
		.execute();
	await writeOptions(db.kysely, accountId, {
		[LIFETIME_TPV_OPTION]: await lifetimeTpv(db, accountId, account.default_currency),
		// The demo store opted in to WooCommerce usage tracking, as WooCommerce asks on setup;
		// the feedback prompt's No then asks what to improve (spec 2 "Feedback prompt").
		[TRACKING_OPTION]: "yes",
		...DEMO_STORE_ADDRESS,
	});
}
