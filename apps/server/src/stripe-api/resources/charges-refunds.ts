/**
 * Charges and Refunds on Stripe's API. A charge is the sandbox's charge row (one per payment
 * intent); a refund goes through the account's processor, like the admin's Refund button, in one
 * transaction that never refunds more than remains.
 */
import { REFUND_REASONS } from "@paydesk/domain/refunds";
import type Stripe from "stripe";
import { z } from "zod";
import { auditActorOf } from "../../audit/record.ts";
import type { Db } from "../../db/connection.ts";
import type { BalanceTransactionsTable, ChargesTable, RefundsTable } from "../../db/schema.ts";
import { invalidRequest, resourceMissing, StripeApiError } from "../errors.ts";
import { createdConditions, listOf, pageOf, planPage } from "../lists.ts";
import { balanceTransactionObject, chargeObject, refundObject, reviewObject } from "../objects.ts";
import {
	expand,
	integer,
	listParams,
	mergeMetadata,
	metadata,
	objectId,
	parseParams,
	retrieveParams,
} from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";

type Kysely = Db["kysely"];

const listChargesParams = z.strictObject({
	...listParams,
	payment_intent: objectId.optional(),
	customer: objectId.optional(),
});

const createRefundParams = z.strictObject({
	charge: objectId.optional(),
	payment_intent: objectId.optional(),
	amount: integer(1, 99_999_999).optional(),
	reason: z.enum(REFUND_REASONS).optional(),
	metadata: metadata.optional(),
	expand: expand.optional(),
});

const updateRefundParams = z.strictObject({ metadata: metadata.optional(), expand: expand.optional() });

const listRefundsParams = z.strictObject({
	...listParams,
	charge: objectId.optional(),
	payment_intent: objectId.optional(),
});

export function findCharge(db: Kysely, accountId: string, id: string): Promise<ChargesTable | undefined> {
	return db
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/** A charge as Stripe answers it, with what expand[] asks for. */
export async function chargeAnswer(
	context: V1Context,
	row: ChargesTable,
	fields: readonly string[] = [],
): Promise<Stripe.Charge> {
	const [answer] = await chargeAnswers(context, [row], fields);
	return answer as Stripe.Charge;
}

/**
 * Charges as Stripe answers them: their orders, their intents' details and what expand[] asks
 * for are read once for the whole page, not once per charge.
 */
/** An account's ledger rows by id, for a page's expansions: one read, none for no ids. */
async function ledgerRows(
	db: Kysely,
	accountId: string,
	ids: readonly string[],
): Promise<BalanceTransactionsTable[]> {
	if (ids.length === 0) return [];
	return db
		.selectFrom("balance_transactions")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "in", ids)
		.execute();
}

export async function chargeAnswers(
	context: V1Context,
	rows: readonly ChargesTable[],
	fields: readonly string[] = [],
): Promise<Stripe.Charge[]> {
	for (const field of fields) {
		if (!["balance_transaction", "refunds", "payment_intent", "customer", "review"].includes(field)) {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	if (rows.length === 0) return [];
	const db = context.request.server.deps.db.kysely;
	const accountId = context.accountId;
	const orderIds = [...new Set(rows.flatMap((row) => (row.order_id === null ? [] : [row.order_id])))];
	const intentIds = [...new Set(rows.map((row) => row.payment_intent_id))];
	const transactionIds = fields.includes("balance_transaction")
		? rows.flatMap((row) => (row.balance_transaction_id ? [row.balance_transaction_id] : []))
		: [];
	const [orders, details, transactions, refunds] = await Promise.all([
		orderIds.length === 0
			? []
			: db
					.selectFrom("orders")
					.select(["id", "customer_country", "billing_address"])
					.where("account_id", "=", accountId)
					.where("id", "in", orderIds)
					.execute(),
		db
			.selectFrom("intent_details")
			.selectAll()
			.where("account_id", "=", accountId)
			.where("intent_id", "in", intentIds)
			.execute(),
		ledgerRows(db, accountId, transactionIds),
		fields.includes("refunds")
			? db
					.selectFrom("refunds")
					.selectAll()
					.where("account_id", "=", accountId)
					.where(
						"charge_id",
						"in",
						rows.map((row) => row.id),
					)
					.orderBy("created", "desc")
					.execute()
			: [],
	]);
	const orderOf = new Map(orders.map((order) => [order.id, order]));
	const detailsOf = new Map(details.map((detail) => [detail.intent_id, detail]));
	const transactionOf = new Map(transactions.map((transaction) => [transaction.id, transaction]));
	return rows.map((row) => {
		const object = chargeObject(row, {
			order: row.order_id === null ? undefined : orderOf.get(row.order_id),
			details: detailsOf.get(row.payment_intent_id),
			livemode: context.livemode,
		});
		const transaction = row.balance_transaction_id
			? transactionOf.get(row.balance_transaction_id)
			: undefined;
		if (transaction) object.balance_transaction = balanceTransactionObject(transaction, context.now);
		if (fields.includes("review") && object.review !== null) {
			object.review = reviewObject(row, {
				charge: undefined,
				billingZip: object.billing_details.address?.postal_code ?? null,
				paymentIntent: undefined,
				livemode: context.livemode,
			});
		}
		if (fields.includes("refunds")) {
			object.refunds = listOf(
				`/v1/charges/${row.id}/refunds`,
				refunds.filter((refund) => refund.charge_id === row.id).map((refund) => refundObject(refund, row)),
				false,
			) as Stripe.ApiList<Stripe.Refund>;
		}
		return object;
	});
}

async function refundAnswer(
	context: V1Context,
	row: RefundsTable,
	fields: readonly string[] = [],
): Promise<Stripe.Refund> {
	const [answer] = await refundAnswers(context, [row], fields);
	if (!answer) throw new Error(`refund ${row.id} gave no answer`);
	return answer;
}

/**
 * A page of refunds, with their charges (and what is expanded) read in one query each rather than
 * one per refund: a page of 100 took 100 to 300 queries.
 */
async function refundAnswers(
	context: V1Context,
	rows: readonly RefundsTable[],
	fields: readonly string[] = [],
): Promise<Stripe.Refund[]> {
	for (const field of fields) {
		if (field !== "payment_intent" && field !== "charge" && field !== "balance_transaction") {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	if (rows.length === 0) return [];
	const db = context.request.server.deps.db.kysely;
	const transactionIds = fields.includes("balance_transaction")
		? rows.flatMap((row) => (row.balance_transaction_id ? [row.balance_transaction_id] : []))
		: [];
	const [charges, transactions] = await Promise.all([
		db
			.selectFrom("charges")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("id", "in", [...new Set(rows.map((row) => row.charge_id))])
			.execute(),
		ledgerRows(db, context.accountId, transactionIds),
	]);
	const chargeOf = new Map(charges.map((charge) => [charge.id, charge]));
	const expandedOf = fields.includes("charge")
		? new Map((await chargeAnswers(context, charges)).map((charge) => [charge.id, charge]))
		: new Map<string, Stripe.Charge>();
	const transactionOf = new Map(transactions.map((transaction) => [transaction.id, transaction]));
	return rows.map((row) => {
		const object = refundObject(row, chargeOf.get(row.charge_id));
		const charge = expandedOf.get(row.charge_id);
		if (charge) object.charge = charge;
		const transaction = row.balance_transaction_id
			? transactionOf.get(row.balance_transaction_id)
			: undefined;
		if (transaction) object.balance_transaction = balanceTransactionObject(transaction, context.now);
		return object;
	});
}

const dataFields = (expanded: readonly string[] | undefined) =>
	(expanded ?? []).map((field) => field.replace(/^data\./, ""));

export function registerChargesAndRefunds(router: V1Router): void {
	router.get("/charges/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await findCharge(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("charge", id);
		return chargeAnswer(context, row, params.expand);
	});

	router.get("/charges", async (context) => {
		const params = parseParams(listChargesParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(
			params,
			{ created: "charges.created", id: "charges.id" },
			"charge",
			async (id) => (await findCharge(db, context.accountId, id))?.created,
		);
		let query = db
			.selectFrom("charges")
			.selectAll("charges")
			.where("charges.account_id", "=", context.accountId);
		if (params.payment_intent) query = query.where("charges.payment_intent_id", "=", params.payment_intent);
		if (params.customer) {
			query = query
				.innerJoin("intent_details", (join) =>
					join
						.onRef("intent_details.account_id", "=", "charges.account_id")
						.onRef("intent_details.intent_id", "=", "charges.payment_intent_id"),
				)
				.where("intent_details.customer_id", "=", params.customer);
		}
		for (const condition of createdConditions("charges.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("charges.created", plan.direction)
			.orderBy("charges.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		return listOf(
			"/v1/charges",
			await chargeAnswers(context, page.rows, dataFields(params.expand)),
			page.hasMore,
		);
	});

	router.post("/refunds", async (context) => {
		const params = parseParams(createRefundParams, context.params);
		const db = context.request.server.deps.db.kysely;
		let charge: ChargesTable | undefined;
		if (params.charge) {
			charge = await findCharge(db, context.accountId, params.charge);
			if (!charge) throw resourceMissing("charge", params.charge, "charge");
			if (params.payment_intent && charge.payment_intent_id !== params.payment_intent) {
				throw invalidRequest("The charge does not belong to that payment_intent.", {
					param: "payment_intent",
				});
			}
		} else if (params.payment_intent) {
			charge = await db
				.selectFrom("charges")
				.selectAll()
				.where("account_id", "=", context.accountId)
				.where("payment_intent_id", "=", params.payment_intent)
				.executeTakeFirst();
			if (!charge) throw resourceMissing("payment_intent", params.payment_intent, "payment_intent");
		} else {
			throw invalidRequest("A refund needs a charge or a payment_intent.", {
				code: "parameter_missing",
				param: "charge",
			});
		}
		const result = await context.request.server.processorFor(context.accountId).refund({
			accountId: context.accountId,
			chargeId: charge.id,
			amount: params.amount,
			reason: params.reason ?? null,
			now: context.now,
			idempotency: context.request.idempotencyScope,
			actor: auditActorOf(context.request),
		});
		if (!result.ok) {
			const failure = result.failure;
			if (failure.code === "charge_missing") throw resourceMissing("charge", charge.id, "charge");
			const reason = failure.code === "refused" ? failure.reason : "order_mismatch";
			const code: Record<typeof reason, string> = {
				invalid_amount: "parameter_invalid_integer",
				amount_too_large: "amount_too_large",
				already_refunded: "charge_already_refunded",
				not_captured: "charge_not_refundable",
				failed: "charge_not_refundable",
				disputed: "charge_disputed",
				order_mismatch: "parameter_invalid_string",
			};
			const onAmount = reason === "invalid_amount" || reason === "amount_too_large";
			throw new StripeApiError(400, {
				type: "invalid_request_error",
				code: code[reason],
				message: failure.message,
				param: onAmount ? "amount" : "charge",
			});
		}
		let refund = result.refund;
		if (params.metadata && !result.replayed) {
			const stored = JSON.stringify(mergeMetadata({}, params.metadata));
			await db
				.updateTable("refunds")
				.set({ metadata: stored })
				.where("account_id", "=", context.accountId)
				.where("id", "=", refund.id)
				.execute();
			refund = { ...refund, metadata: stored };
		}
		return refundAnswer(context, refund, params.expand);
	});

	router.get("/refunds/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const row = await context.request.server.deps.db.kysely
			.selectFrom("refunds")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("id", "=", id)
			.executeTakeFirst();
		if (!row) throw resourceMissing("refund", id);
		return refundAnswer(context, row, params.expand);
	});

	router.post("/refunds/:id", async (context) => {
		const params = parseParams(updateRefundParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const id = context.path.id ?? "";
		const row = await db
			.selectFrom("refunds")
			.selectAll()
			.where("account_id", "=", context.accountId)
			.where("id", "=", id)
			.executeTakeFirst();
		if (!row) throw resourceMissing("refund", id);
		let next = row;
		if (params.metadata) {
			const current = row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {};
			next = { ...row, metadata: JSON.stringify(mergeMetadata(current, params.metadata)) };
			await db
				.updateTable("refunds")
				.set({ metadata: next.metadata })
				.where("account_id", "=", context.accountId)
				.where("id", "=", id)
				.execute();
		}
		return refundAnswer(context, next, params.expand);
	});

	router.get("/refunds", async (context) => {
		const params = parseParams(listRefundsParams, context.params);
		const db = context.request.server.deps.db.kysely;
		const plan = await planPage(
			params,
			{ created: "refunds.created", id: "refunds.id" },
			"refund",
			async (id) =>
				(
					await db
						.selectFrom("refunds")
						.select("created")
						.where("account_id", "=", context.accountId)
						.where("id", "=", id)
						.executeTakeFirst()
				)?.created,
		);
		let query = db
			.selectFrom("refunds")
			.selectAll("refunds")
			.where("refunds.account_id", "=", context.accountId);
		if (params.charge) query = query.where("refunds.charge_id", "=", params.charge);
		if (params.payment_intent) {
			query = query
				.innerJoin("charges", (join) =>
					join
						.onRef("charges.account_id", "=", "refunds.account_id")
						.onRef("charges.id", "=", "refunds.charge_id"),
				)
				.where("charges.payment_intent_id", "=", params.payment_intent);
		}
		for (const condition of createdConditions("refunds.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("refunds.created", plan.direction)
			.orderBy("refunds.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		const fields = dataFields(params.expand);
		return listOf("/v1/refunds", await refundAnswers(context, page.rows, fields), page.hasMore);
	});
}
