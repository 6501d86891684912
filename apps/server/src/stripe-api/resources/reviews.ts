/**
 * Radar's reviews on Stripe's API: the payments the account's fraud rules held for review, each
 * with one review, opened by its rule. A review is its charge's (its id is the charge's, see
 * objects.ts reviewIdOf), so the admin's On review list and this list read the same rows.
 *
 * - **Open** while its payment waits for the merchant: an authorization held by a rule. The list
 *   holds only open reviews, newest first, as Stripe's does; retrieve reads any.
 * - **Closed** by the decision: approved (here, or the admin's approve), canceled (a block, which
 *   cancels the authorization, or an authorization that expired) or refunded as fraud.
 * - **Approve** is Stripe's: the review closes approved and the payment stays as it is, so an
 *   authorization still needs its capture. The payment's timeline says who approved it (the API
 *   key), as it says it of the admin's approve.
 */
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { forUpdate } from "../../db/dialect.ts";
import type { ChargesTable } from "../../db/schema.ts";
import { fraudDecisionData, writeTimelineEvent } from "../../ledger/timeline.ts";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, type ListRequest, listOf, pageOf, planPage } from "../lists.ts";
import { paymentIntentObject, REVIEWED_META_TYPES, reviewObject, reviewState } from "../objects.ts";
import { expand, listParams, parseParams, retrieveParams } from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { chargeAnswers, findCharge } from "./charges-refunds.ts";
import { loadRecords } from "./payment-intents.ts";

type Kysely = Db["kysely"];

const listReviewsParams = z.strictObject({ ...listParams });
const approveParams = z.strictObject({ expand: expand.optional() });

/** The fields of a review that expand[] may name. */
const EXPANDABLE = ["charge", "payment_intent"];

/** The charges a review's id may name: its charge's own id, under a card's prefix or another's. */
function chargeIdsOf(reviewId: string): string[] {
	const rest = reviewId.startsWith("prv_") ? reviewId.slice(4) : "";
	return rest === "" ? [] : [`ch_${rest}`, `py_${rest}`];
}

/** The payment a review is of, locked when `lock` names the dialect; undefined when none is. */
async function findReviewed(
	db: Kysely,
	accountId: string,
	reviewId: string,
	lock?: Db["dialect"],
): Promise<ChargesTable | undefined> {
	const ids = chargeIdsOf(reviewId);
	if (ids.length === 0) return undefined;
	const query = db
		.selectFrom("charges")
		.selectAll()
		.where("account_id", "=", accountId)
		.where("id", "in", ids)
		.where("fraud_meta_box_type", "in", [...REVIEWED_META_TYPES]);
	return (lock ? forUpdate(lock, query) : query).executeTakeFirst();
}

function expandedFields(fields: readonly string[] | undefined): string[] {
	for (const field of fields ?? []) {
		if (!EXPANDABLE.includes(field)) {
			throw invalidRequest(`This property cannot be expanded (${field}).`, { param: "expand" });
		}
	}
	return [...(fields ?? [])];
}

/**
 * Reviews as Stripe answers them: their charges (for the card's postal code) and what expand[]
 * asks for, read once for the whole page.
 */
async function reviewAnswers(
	context: V1Context,
	rows: readonly ChargesTable[],
	fields: readonly string[],
): Promise<Stripe.Review[]> {
	if (rows.length === 0) return [];
	const db = context.request.server.deps.db.kysely;
	const [charges, intents] = await Promise.all([
		chargeAnswers(context, rows),
		fields.includes("payment_intent")
			? loadRecords(
					db,
					context.accountId,
					rows.map((row) => row.payment_intent_id),
					context.livemode,
				)
			: null,
	]);
	const chargeOf = new Map(charges.map((charge) => [charge.id, charge]));
	return rows.map((row) => {
		const charge = chargeOf.get(row.id);
		const record = intents?.get(row.payment_intent_id);
		return reviewObject(row, {
			charge: charge && fields.includes("charge") ? charge : undefined,
			billingZip: charge?.billing_details.address?.postal_code ?? null,
			paymentIntent: record ? paymentIntentObject(record) : undefined,
			livemode: context.livemode,
		});
	});
}

async function reviewAnswer(
	context: V1Context,
	row: ChargesTable,
	fields: readonly string[],
): Promise<Stripe.Review> {
	const [answer] = await reviewAnswers(context, [row], fields);
	if (!answer) throw new Error(`review of ${row.id} gave no answer`);
	return answer;
}

/**
 * A list request whose cursor names its review's charge: the list pages through charges, so a
 * cursor is one of them. A review the account does not have is a 404 naming the parameter.
 */
async function cursorByCharge<R extends ListRequest>(db: Kysely, accountId: string, request: R): Promise<R> {
	// Both at once is planPage's refusal to make.
	if (request.starting_after && request.ending_before) return request;
	const param = request.starting_after ? "starting_after" : request.ending_before ? "ending_before" : null;
	if (!param) return request;
	const id = request[param] as string;
	const row = await findReviewed(db, accountId, id);
	if (!row) throw resourceMissing("review", id, param);
	return { ...request, [param]: row.id };
}

export function registerReviews(router: V1Router): void {
	router.get("/reviews/:id", async (context) => {
		const params = parseParams(retrieveParams, context.params);
		const fields = expandedFields(params.expand);
		const id = context.path.id ?? "";
		const row = await findReviewed(context.request.server.deps.db.kysely, context.accountId, id);
		if (!row) throw resourceMissing("review", id);
		return reviewAnswer(context, row, fields);
	});

	router.post("/reviews/:id/approve", async (context) => {
		const params = parseParams(approveParams, context.params);
		const fields = expandedFields(params.expand);
		const { db } = context.request.server.deps;
		const id = context.path.id ?? "";
		const approved = await db.kysely.transaction().execute(async (trx) => {
			const row = await findReviewed(trx, context.accountId, id, db.dialect);
			if (!row) throw resourceMissing("review", id);
			const state = reviewState(row);
			if (!state.open) {
				throw invalidRequest(
					`This review is closed (${state.closed_reason}): only an open review can be approved.`,
				);
			}
			const decided = { ...row, fraud_outcome: "allow", fraud_meta_box_type: "review_allowed" };
			await trx
				.updateTable("charges")
				.set({ fraud_outcome: decided.fraud_outcome, fraud_meta_box_type: decided.fraud_meta_box_type })
				.where("account_id", "=", row.account_id)
				.where("id", "=", row.id)
				.execute();
			await writeTimelineEvent(trx, {
				accountId: row.account_id,
				paymentIntentId: row.payment_intent_id,
				type: "fraud_outcome_manual_approve",
				datetime: context.now,
				data: fraudDecisionData(row, { id: 0, username: context.key.name }),
			});
			return decided;
		});
		return reviewAnswer(context, approved, fields);
	});

	router.get("/reviews", async (context) => {
		const params = parseParams(listReviewsParams, context.params);
		const fields = expandedFields((params.expand ?? []).map((field) => field.replace(/^data\./, "")));
		const db = context.request.server.deps.db.kysely;
		const request = await cursorByCharge(db, context.accountId, params);
		const plan = await planPage(
			request,
			{ created: "charges.created", id: "charges.id" },
			"review",
			async (chargeId) => (await findCharge(db, context.accountId, chargeId))?.created,
		);
		// Open reviews: payments a rule holds, still waiting for the merchant (charges_fraud's rows).
		let query = db
			.selectFrom("charges")
			.selectAll()
			.where("charges.account_id", "=", context.accountId)
			.where("charges.fraud_outcome", "=", "review")
			.where("charges.fraud_meta_box_type", "=", "review")
			.where("charges.intent_status", "=", "requires_capture");
		for (const condition of createdConditions("charges.created", params.created))
			query = query.where(condition);
		if (plan.cursor) query = query.where(plan.cursor);
		const rows = await query
			.orderBy("charges.created", plan.direction)
			.orderBy("charges.id", plan.direction)
			.limit(plan.take)
			.execute();
		const page = pageOf(rows, plan);
		return listOf("/v1/reviews", await reviewAnswers(context, page.rows, fields), page.hasMore);
	});
}
