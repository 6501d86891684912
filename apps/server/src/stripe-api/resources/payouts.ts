/**
 * Payouts on Stripe's API: the payouts the admin lists (payouts), made on the account's schedule
 * or instantly. What the sandbox does, and so what this API does:
 * - an instant payout goes through the processor's instantPayout, which pays out the whole
 *   instant balance of a currency; `amount` must be that payout's amount (what reaches the
 *   bank: the instant balance less the instant payout fee), so a client never gets a payout of
 *   another amount than it asked for;
 * - standard payouts are made only on the account's payout schedule: the processor makes none on
 *   demand, so `method=standard` (Stripe's default) is refused;
 * - Stripe cancels only a pending payout that was not made automatically; every sandbox payout
 *   made on demand is instant and in transit at once, so a cancellation is always refused, with
 *   the reason Stripe gives;
 * - payouts keep no description, metadata or statement descriptor: those are refused.
 */
import { INSTANT_PAYOUT_FEE_PERCENTAGE, PAYOUT_STATUSES } from "@paydesk/domain/payouts";
import type Stripe from "stripe";
import { z } from "zod";
import { auditActorOf } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import type { PayoutsTable } from "../../db/schema.ts";
import { accountBalances, instantBalanceFor } from "../../ledger/balances.ts";
import { PayoutError } from "../../processors/processor.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import {
	currency,
	expand,
	integer,
	listParams,
	parseParams,
	rangeFilter,
	retrieveParams,
} from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { ledgerEntryObject } from "./balance-transactions.ts";

type Kysely = Db["kysely"];

/** Parameters of Stripe's that Paydesk's payouts have nowhere to keep, or no choice of. */
const UNSUPPORTED_CREATE = {
	description: "Paydesk's payouts keep no description",
	metadata: "Paydesk's payouts keep no metadata",
	statement_descriptor: "Paydesk's payouts keep no statement descriptor",
	destination: "a payout goes to the account's bank account for its currency (or its debit card, instantly)",
	source_type: "payouts draw from the card balance only",
	payout_method:
		"a payout goes to the account's bank account for its currency (or its debit card, instantly)",
} as const;

const createParams = z.strictObject({
	amount: integer(1, 99_999_999),
	currency,
	method: z.enum(["standard", "instant"], { error: "must be standard or instant" }).optional(),
	expand: expand.optional(),
	// Read, to be refused with the reason rather than as unknown.
	description: z.unknown().optional(),
	metadata: z.unknown().optional(),
	statement_descriptor: z.unknown().optional(),
	destination: z.unknown().optional(),
	source_type: z.unknown().optional(),
	payout_method: z.unknown().optional(),
});

const listPayoutsParams = z.strictObject({
	...listParams,
	status: z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(", ")}` }).optional(),
	arrival_date: rangeFilter.optional(),
});

const cancelParams = z.strictObject({ expand: expand.optional() });

function reconciliationStatus(row: PayoutsTable): Stripe.Payout.ReconciliationStatus {
	if (row.automatic !== 1) return "not_applicable";
	return row.status === "paid" ? "completed" : "in_progress";
}

export function payoutObject(row: PayoutsTable, livemode: boolean): Stripe.Payout {
	return {
		id: row.id,
		object: "payout",
		amount: row.amount,
		application_fee: null,
		application_fee_amount: null,
		arrival_date: row.date,
		automatic: row.automatic === 1,
		balance_transaction: row.balance_transaction_id,
		created: row.created,
		currency: row.currency,
		description: null,
		destination: null,
		failure_balance_transaction: null,
		failure_code: row.failure_code,
		failure_message: row.failure_message,
		livemode,
		metadata: {},
		method: row.method === "instant" ? "instant" : "standard",
		original_payout: null,
		payout_method: null,
		reconciliation_status: reconciliationStatus(row),
		reversed_by: null,
		source_type: "card",
		statement_descriptor: null,
		status: row.status,
		trace_id: null,
		// The sandbox pays out instantly to the account's debit card, on schedule to its bank.
		type: row.method === "instant" ? "card" : "bank_account",
	};
}

function findPayout(db: Kysely, accountId: string, id: string): Promise<PayoutsTable | undefined> {
	return db
		.selectFrom("payouts")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

async function payoutAnswer(
	context: V1Context,
	row: PayoutsTable,
	fields: readonly string[] = [],
): Promise<Stripe.Payout> {
	const object = payoutObject(row, context.livemode);
	for (const field of fields) {
		if (field === "balance_transaction") {
			if (!row.balance_transaction_id) continue;
			const transaction = await context.request.server.deps.db.kysely
				.selectFrom("balance_transactions")
				.selectAll()
				.where("account_id", "=", context.accountId)
				.where("id", "=", row.balance_transaction_id)
				.executeTakeFirst();
			if (transaction) object.balance_transaction = ledgerEntryObject(transaction, context.now);
		} else if (field !== "destination" && field !== "failure_balance_transaction") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	return object;
}

/** What an instant payout of the currency would pay out now, or Stripe's refusal. */
async function instantAmount(
	context: V1Context,
	currencyCode: string,
): Promise<{ net: number; gross: number }> {
	const db = context.request.server.deps.db.kysely;
	const [account, balances] = await Promise.all([
		db
			.selectFrom("accounts")
			.select(["deposits_blocked", "deposits_status"])
			.where("id", "=", context.accountId)
			.executeTakeFirstOrThrow(),
		accountBalances(db, context.accountId, context.now, currencyCode),
	]);
	const instant = instantBalanceFor(account, balances[0] ?? { currency: currencyCode, available: 0 });
	if (instant.amount <= 0) {
		throw invalidRequest(
			`There are no funds available for an instant payout in ${currencyCode.toUpperCase()}.`,
			{ code: "balance_insufficient", param: "amount" },
		);
	}
	return { net: instant.net, gross: instant.amount };
}

export function registerPayouts(router: V1Router): void {
	router.post("/payouts", async (context) => {
		const params = parseParams(createParams, context.params);
		for (const [key, reason] of Object.entries(UNSUPPORTED_CREATE)) {
			if (params[key as keyof typeof UNSUPPORTED_CREATE] !== undefined) {
				throw invalidRequest(`${key} is not supported on the sandbox: ${reason}.`, { param: key });
			}
		}
		if ((params.method ?? "standard") === "standard") {
			throw invalidRequest(
				"The sandbox makes standard payouts only on the account's payout schedule: create an instant payout (method=instant), or let the scheduled payout take the available balance.",
				{ param: "method" },
			);
		}
		const wanted = await instantAmount(context, params.currency);
		if (params.amount !== wanted.net) {
			throw invalidRequest(
				`An instant payout takes the whole instant balance: amount must be ${wanted.net} (the ${wanted.gross} available instantly less the ${INSTANT_PAYOUT_FEE_PERCENTAGE}% instant payout fee).`,
				{
					code: params.amount > wanted.net ? "balance_insufficient" : "parameter_invalid_integer",
					param: "amount",
				},
			);
		}
		try {
			const { payout } = await context.request.server.processorFor(context.accountId).instantPayout({
				accountId: context.accountId,
				userId: 0,
				currency: params.currency,
				now: context.now,
				idempotency: context.request.idempotencyScope,
				actor: auditActorOf(context.request),
			});
			// A payment settling between the check and the payout makes it larger than asked: the
			// payout made is the answer, as the money has moved.
			return payoutAnswer(context, payout, params.expand);
		} catch (error) {
			if (!(error instanceof PayoutError)) throw error;
			throw invalidRequest(error.message, {
				code: error.code === "instant_unavailable" ? "balance_insufficient" : "account_invalid",
				param: "amount",
			});
		}
	});

	router.get("/payouts/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await findPayout(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("payout", id);
		return payoutAnswer(context, row, params.expand);
	});

	router.post("/payouts/:id/cancel", async (context) => {
		parseParams(cancelParams, context.params);
		const id = context.path.id ?? "";
		const row = await findPayout(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("payout", id);
		if (row.automatic === 1) {
			throw invalidRequest(
				`Payout ${row.id} was made automatically on the payout schedule: it cannot be canceled.`,
			);
		}
		if (row.status !== "pending") {
			throw invalidRequest(`Payout ${row.id} is ${row.status}: only a pending payout can be canceled.`);
		}
		// Only a pending payout made on demand gets here; the sandbox makes every such payout
		// instant, in transit at once, so none ever does.
		throw invalidRequest(`Payout ${row.id} cannot be canceled on the sandbox.`);
	});

	router.get("/payouts", async (context) => {
		const params = parseParams(listPayoutsParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(
			params,
			{ created: "payouts.created", id: "payouts.id" },
			"payout",
			async (id) => (await findPayout(db, context.accountId, id))?.created,
		);
		let query = db.selectFrom("payouts").selectAll().where("payouts.account_id", "=", context.accountId);
		if (params.status) query = query.where("payouts.status", "=", params.status);
		for (const condition of createdConditions("payouts.date", params.arrival_date))
			query = query.where(condition);
		for (const condition of createdConditions("payouts.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("payouts.created", plan.direction)
			.orderBy("payouts.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		const fields = (params.expand ?? []).map((field) => field.replace(/^data\./, ""));
		const data: Stripe.Payout[] = [];
		for (const row of page.rows) data.push(await payoutAnswer(context, row, fields));
		return listOf("/v1/payouts", data, page.hasMore);
	});
}
