/**
 * BalanceTransactions on Stripe's API: the account's ledger itself (balance_transactions), the
 * rows the admin's transactions list shows. A row's source is the object that moved its money:
 * its charge, or the refund or dispute it records (ledger/source.ts). A dispute's debit and its
 * reversal are Stripe's `adjustment` rows, told apart by their reporting category.
 *
 * Payouts are not rows of Paydesk's ledger (the balance subtracts them from it), so no `payout`
 * type row is listed; `payout=` lists the rows a payout carried to the bank, as the admin's
 * payout page does.
 */
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import type { BalanceTransactionsTable } from "../../db/schema.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import { balanceTransactionObject, refundObject } from "../objects.ts";
import { currency, listParams, objectId, parseParams, retrieveParams } from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { chargeAnswer } from "./charges-refunds.ts";
import { disputeAnswer } from "./disputes.ts";

type Kysely = Db["kysely"];

/** Ledger types Stripe names otherwise: a dispute's debit and reversal are adjustments. */
const STRIPE_TYPES: Readonly<Record<string, Stripe.BalanceTransaction.Type>> = {
	dispute: "adjustment",
	dispute_reversal: "adjustment",
};

/** The ledger types behind each type Stripe's `type=` filter may name. */
function ledgerTypesOf(type: string): string[] {
	const mapped = Object.entries(STRIPE_TYPES)
		.filter(([, stripe]) => stripe === type)
		.map(([ledger]) => ledger);
	return mapped.length > 0 ? mapped : [type];
}

/** The id of the object that moved a row's money (null source_id reads as its charge). */
export function sourceIdOf(row: Pick<BalanceTransactionsTable, "source_id" | "charge_id">): string | null {
	return row.source_id ?? row.charge_id;
}

/** A ledger row as Stripe's BalanceTransaction. */
export function ledgerEntryObject(row: BalanceTransactionsTable, now: number): Stripe.BalanceTransaction {
	const object = balanceTransactionObject(row, now);
	const type = STRIPE_TYPES[row.type];
	return {
		...object,
		source: sourceIdOf(row),
		...(type ? { type } : {}),
		fee_details: object.fee_details.map((detail) =>
			type ? { ...detail, description: "Dispute fee" } : detail,
		),
	};
}

const listBalanceTransactionsParams = z.strictObject({
	...listParams,
	type: z
		.string()
		.regex(/^[a-z_]{1,60}$/, { error: "must be a balance transaction type" })
		.optional(),
	payout: objectId.optional(),
	source: objectId.optional(),
	currency: currency.optional(),
});

function findEntry(db: Kysely, accountId: string, id: string) {
	return db
		.selectFrom("balance_transactions")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** The charge whose rows a source's rows are: the charge itself, a refund's or a dispute's. */
async function chargeOfSource(db: Kysely, accountId: string, id: string): Promise<string | null> {
	const [charge, refund, dispute] = await Promise.all([
		db
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.executeTakeFirst(),
		db
			.selectFrom("refunds")
			.select("charge_id")
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.executeTakeFirst(),
		db
			.selectFrom("disputes")
			.select("charge_id")
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.executeTakeFirst(),
	]);
	return charge?.id ?? refund?.charge_id ?? dispute?.charge_id ?? null;
}

/** A row as Stripe answers it; `source` expands to its charge, refund or dispute. */
export async function ledgerEntryAnswer(
	context: V1Context,
	row: BalanceTransactionsTable,
	fields: readonly string[] = [],
): Promise<Stripe.BalanceTransaction> {
	const object = ledgerEntryObject(row, context.now);
	const db = context.request.server.deps.db.kysely;
	for (const field of fields) {
		if (field !== "source") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
		const id = sourceIdOf(row);
		if (!id) continue;
		if (id === row.charge_id) {
			const charge = await db
				.selectFrom("charges")
				.selectAll()
				.where("account_id", "=", context.accountId)
				.where("id", "=", id)
				.executeTakeFirst();
			if (charge) object.source = await chargeAnswer(context, charge);
			continue;
		}
		const [refund, dispute] = await Promise.all([
			db
				.selectFrom("refunds")
				.selectAll()
				.where("account_id", "=", context.accountId)
				.where("id", "=", id)
				.executeTakeFirst(),
			db
				.selectFrom("disputes")
				.selectAll()
				.where("account_id", "=", context.accountId)
				.where("id", "=", id)
				.executeTakeFirst(),
		]);
		if (refund) {
			object.source = refundObject(refund, { payment_intent_id: row.payment_intent_id ?? "" });
		} else if (dispute) {
			object.source = (await disputeAnswer(context, dispute)) as unknown as Stripe.BalanceTransactionSource;
		}
		// A loan's rows keep the loan's id: Stripe's API has no object for it.
	}
	return object;
}

export function registerBalanceTransactions(router: V1Router): void {
	router.get("/balance_transactions/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await findEntry(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("balance transaction", id);
		return ledgerEntryAnswer(context, row, params.expand);
	});

	router.get("/balance_transactions", async (context) => {
		const params = parseParams(listBalanceTransactionsParams, context.params);
		const db = context.request.server.deps.db.kysely;
		if (params.payout) {
			const payout = await db
				.selectFrom("payouts")
				.select("id")
				.where("account_id", "=", context.accountId)
				.where("id", "=", params.payout)
				.executeTakeFirst();
			if (!payout) throw resourceMissing("payout", params.payout, "payout");
		}
		const plan = await planPage(
			params,
			{ created: "balance_transactions.created", id: "balance_transactions.id" },
			"balance transaction",
			async (id) => (await findEntry(db, context.accountId, id))?.created,
		);
		let query = db
			.selectFrom("balance_transactions")
			.selectAll()
			.where("balance_transactions.account_id", "=", context.accountId);
		if (params.type) query = query.where("balance_transactions.type", "in", ledgerTypesOf(params.type));
		if (params.payout) query = query.where("balance_transactions.deposit_id", "=", params.payout);
		if (params.currency) query = query.where("balance_transactions.currency", "=", params.currency);
		if (params.source) {
			const source = params.source;
			const charge = await chargeOfSource(db, context.accountId, source);
			// A charge's own rows store no source_id; a refund's or a dispute's rows do. Narrowed by
			// the charge first (balance_transactions_charge), as source_id has no index.
			if (charge) query = query.where("balance_transactions.charge_id", "=", charge);
			query =
				charge === source
					? query.where("balance_transactions.source_id", "is", null)
					: query.where("balance_transactions.source_id", "=", source);
		}
		for (const condition of createdConditions("balance_transactions.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("balance_transactions.created", plan.direction)
			.orderBy("balance_transactions.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		const fields = (params.expand ?? []).map((field) => field.replace(/^data\./, ""));
		const data: Stripe.BalanceTransaction[] = [];
		for (const row of page.rows) data.push(await ledgerEntryAnswer(context, row, fields));
		return listOf("/v1/balance_transactions", data, page.hasMore);
	});
}
