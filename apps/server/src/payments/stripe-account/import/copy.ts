/**
 * Writes a connected Stripe account's objects to the local copy, for the history import (what is
 * not held yet) and for the events (the object's state now, over what was held). Balance
 * transactions never change once made: they are only added, with their rollups, and a payout
 * marks the ones it carried as its own. Customers and payment intents are written by payers.ts,
 * and a charge is written with what the copy holds of them.
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { nextSequence } from "../../../db/ids.ts";
import type { ChargesTable, Database, RefundsTable } from "../../../db/schema.ts";
import { noteLedgerRows } from "../../../ledger/announced-rows.ts";
import { applyToRollups } from "../../../ledger/rollups.ts";
import { disputeData, refundData, writeTimelineEvent } from "../../../ledger/timeline.ts";
import type { StripeClient } from "../../../processors/stripe/client.ts";
import { disputesWithLocalFiles } from "./local-files.ts";
import { payersOf, writeCustomers, writeIntents } from "./payers.ts";
import {
	chargeRow,
	disputeRow,
	idOf,
	type LocalCharge,
	ledgerRow,
	PAYOUT_TYPES,
	payoutRow,
	refundRow,
} from "./records.ts";

/** The kinds of objects the copy holds in tables of their own name. */
export type CopiedKind = "charges" | "refunds" | "disputes" | "payouts" | "balance_transactions";

export interface Page<T> {
	data: T[];
	has_more: boolean;
}

const CHARGE_FACTS = [
	"id",
	"payment_intent_id",
	"order_id",
	"payment_method_type",
	"payment_method_details",
	"customer_name",
	"customer_email",
	"customer_country",
	"customer_currency",
	"customer_amount",
	"amount",
	"amount_captured",
	"currency",
	"exchange_rate",
	"channel",
	"source_device",
	"risk_level",
] as const satisfies readonly (keyof LocalCharge)[];

async function chargesById(
	trx: Kysely<Database>,
	accountId: string,
	ids: readonly string[],
): Promise<Map<string, LocalCharge>> {
	if (ids.length === 0) return new Map();
	const rows = await trx
		.selectFrom("charges")
		.select(CHARGE_FACTS)
		.where("account_id", "=", accountId)
		.where("id", "in", [...new Set(ids)])
		.execute();
	return new Map(rows.map((row) => [row.id, row]));
}

/** The ids of `ids` the table already holds for the account. */
async function heldIds(
	trx: Kysely<Database>,
	table: CopiedKind,
	accountId: string,
	ids: readonly string[],
): Promise<Set<string>> {
	if (ids.length === 0) return new Set();
	const rows = await trx
		.selectFrom(table)
		.select("id")
		.where("account_id", "=", accountId)
		.where("id", "in", [...new Set(ids)])
		.execute();
	return new Set(rows.map((row) => row.id));
}

/** The charge each balance transaction's source belongs to: the charge, or a refund's or dispute's. */
async function chargeIdsOfSources(
	trx: Kysely<Database>,
	accountId: string,
	sources: readonly string[],
): Promise<Map<string, string>> {
	const chargeOf = new Map<string, string>();
	if (sources.length === 0) return chargeOf;
	const ids = [...new Set(sources)];
	const [charges, refunds, disputes] = await Promise.all([
		trx
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", accountId)
			.where("id", "in", ids)
			.execute(),
		trx
			.selectFrom("refunds")
			.select(["id", "charge_id"])
			.where("account_id", "=", accountId)
			.where("id", "in", ids)
			.execute(),
		trx
			.selectFrom("disputes")
			.select(["id", "charge_id"])
			.where("account_id", "=", accountId)
			.where("id", "in", ids)
			.execute(),
	]);
	for (const row of charges) chargeOf.set(row.id, row.id);
	for (const row of [...refunds, ...disputes]) chargeOf.set(row.id, row.charge_id);
	return chargeOf;
}

/** Every balance transaction a payout carried, through as many pages as it takes. */
export async function payoutTransactions(
	client: StripeClient,
	payoutId: string,
	pageSize: number,
): Promise<Stripe.BalanceTransaction[]> {
	const carried: Stripe.BalanceTransaction[] = [];
	let after: string | undefined;
	for (;;) {
		const page = await client.get<Page<Stripe.BalanceTransaction>>("/v1/balance_transactions", {
			payout: payoutId,
			limit: pageSize,
			...(after ? { starting_after: after } : {}),
		});
		carried.push(...page.data);
		const last = page.data.at(-1);
		if (!page.has_more || !last) return carried;
		after = last.id;
	}
}

/** The ids of charges, refunds and disputes: a balance transaction from one belongs to a charge. */
const PAYMENT_SOURCE = /^(ch|py|re|pyr|dp|du)_/;

const sourceOf = (transaction: Stripe.BalanceTransaction) =>
	idOf(transaction.source as string | { id: string } | null);

/** Adds the balance transactions not held yet (payouts' own rows aside); answers how many. */
export async function addTransactions(
	trx: Kysely<Database>,
	accountId: string,
	transactions: readonly Stripe.BalanceTransaction[],
): Promise<number> {
	const ledger = transactions.filter((transaction) => !PAYOUT_TYPES.has(transaction.type));
	const held = await heldIds(
		trx,
		"balance_transactions",
		accountId,
		ledger.map((transaction) => transaction.id),
	);
	const seen = new Set<string>();
	const fresh = ledger.filter((transaction) => {
		if (held.has(transaction.id) || seen.has(transaction.id)) return false;
		seen.add(transaction.id);
		return true;
	});
	const chargeOf = await chargeIdsOfSources(
		trx,
		accountId,
		fresh.flatMap((row) => sourceOf(row) ?? []),
	);
	const charges = await chargesById(trx, accountId, [...chargeOf.values()]);
	// A payment's row waits for its charge (refund, dispute): one made after the import passed
	// charges is written with it, when its event brings it, so the row repeats what the charge says.
	const waiting = (transaction: Stripe.BalanceTransaction) => {
		const source = sourceOf(transaction);
		return source !== null && PAYMENT_SOURCE.test(source) && !chargeOf.has(source);
	};
	const rows = fresh
		.filter((transaction) => !waiting(transaction))
		.map((transaction) => {
			const source = sourceOf(transaction);
			const chargeId = source ? chargeOf.get(source) : undefined;
			return ledgerRow(accountId, transaction, chargeId ? charges.get(chargeId) : undefined);
		});
	if (rows.length === 0) return 0;
	// A money action and the events' run may add the same row at once: the second adds nothing,
	// and only the rows added count in the rollups.
	const added = await trx
		.insertInto("balance_transactions")
		.values(rows)
		.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
		.returning("id")
		.execute();
	const ids = new Set(added.map((row) => row.id));
	await applyToRollups(
		trx,
		rows.filter((row) => ids.has(row.id)),
	);
	noteLedgerRows(trx, ids.size);
	return ids.size;
}

type Mutable = "charges" | "refunds" | "disputes" | "payouts";

/**
 * Writes objects of one kind: those not held are added; with `update`, those held take the
 * object's state (an event's), else they are left as they are (the import's). Answers the ids
 * this write added.
 */
export async function writeObjects(
	trx: Kysely<Database>,
	accountId: string,
	kind: Mutable | "customers" | "payment_intents",
	objects: readonly { id: string }[],
	update: boolean,
	/** Server time, seconds: when a change an event brings is on the timeline. */
	now: number,
): Promise<Set<string>> {
	if (kind === "customers") return writeCustomers(trx, accountId, objects as Stripe.Customer[], update, now);
	if (kind === "payment_intents")
		return writeIntents(trx, accountId, objects as Stripe.PaymentIntent[], update);
	const held = await heldIds(
		trx,
		kind,
		accountId,
		objects.map((object) => object.id),
	);
	const chosen = update ? objects : objects.filter((object) => !held.has(object.id));
	if (chosen.length === 0) return new Set();
	if (kind === "charges") {
		const charges = chosen as Stripe.Charge[];
		const payers = await payersOf(trx, accountId, charges);
		const decided = await decidedReviews(trx, accountId, [...held]);
		const rows = charges.map((charge) => {
			const row = chargeRow(accountId, charge, payers.get(charge.id));
			// A charge answered without its review still says Radar held it; a review once decided stays so.
			const decision = row.fraud_meta_box_type === "review" ? decided.get(row.id) : undefined;
			return decision ? { ...row, ...decision } : row;
		});
		return upsert(trx, "charges", rows, held);
	}
	if (kind === "payouts") {
		const rows = (chosen as Stripe.Payout[]).map((payout) => payoutRow(accountId, payout));
		return upsert(trx, "payouts", rows, held);
	}
	const charges = await chargesById(
		trx,
		accountId,
		(chosen as (Stripe.Refund | Stripe.Dispute)[]).flatMap((object) => idOf(object.charge) ?? []),
	);
	const chargeOf = (object: Stripe.Refund | Stripe.Dispute) => charges.get(idOf(object.charge) ?? "");
	if (kind === "refunds") {
		const rows = (chosen as Stripe.Refund[]).flatMap(
			(refund) => refundRow(accountId, refund, chargeOf(refund)) ?? [],
		);
		const inserted = await upsert(trx, "refunds", rows, held);
		for (const row of rows) {
			const charge = charges.get(row.charge_id);
			if (inserted.has(row.id) && row.status === "succeeded" && charge)
				await refundOnTimeline(trx, row, charge);
		}
		return inserted;
	}
	// Evidence names the merchant's files in the copy, not Stripe's copies of them.
	const disputes = await disputesWithLocalFiles(trx, accountId, chosen as Stripe.Dispute[]);
	const rows = disputes.flatMap((dispute) => disputeRow(accountId, dispute, chargeOf(dispute)) ?? []);
	const before = await statusesOf(trx, accountId, [...held]);
	const inserted = await upsert(trx, "disputes", rows, held);
	for (const dispute of disputes) {
		const charge = chargeOf(dispute);
		// A dispute another writer added meanwhile is on the timeline by that writer.
		if (!charge || (!inserted.has(dispute.id) && !before.has(dispute.id))) continue;
		await disputeOnTimeline(trx, accountId, dispute, charge, before.get(dispute.id), now);
	}
	return inserted;
}

async function statusesOf(trx: Kysely<Database>, accountId: string, ids: readonly string[]) {
	if (ids.length === 0) return new Map<string, string>();
	const rows = await trx
		.selectFrom("disputes")
		.select(["id", "status"])
		.where("account_id", "=", accountId)
		.where("id", "in", ids)
		.execute();
	return new Map(rows.map((row) => [row.id, row.status]));
}

/** The timeline's event for a dispute that came to a status. */
const DISPUTE_EVENTS: Readonly<Record<string, string>> = {
	under_review: "dispute_in_review",
	warning_under_review: "dispute_in_review",
	won: "dispute_won",
	lost: "dispute_lost",
	warning_closed: "dispute_warning_closed",
};

/**
 * A dispute on its payment's timeline, as the sandbox's are: when it arrives (with the money it
 * took), and each status it comes to after (with the money a win gives back). A dispute copied
 * already decided has both, the decision at its last balance transaction's time.
 */
async function disputeOnTimeline(
	trx: Kysely<Database>,
	accountId: string,
	dispute: Stripe.Dispute,
	charge: LocalCharge,
	was: string | undefined,
	now: number,
): Promise<void> {
	const [taken, ...later] = [...dispute.balance_transactions].sort((a, b) => a.created - b.created);
	const event = (type: string, at: number, moved: Stripe.BalanceTransaction | undefined) =>
		writeTimelineEvent(trx, {
			accountId,
			paymentIntentId: charge.payment_intent_id,
			type,
			datetime: at,
			data: disputeData(charge, dispute.reason, { amount: moved?.amount ?? 0, fee: moved?.fee ?? 0 }),
		});
	const decided = DISPUTE_EVENTS[dispute.status];
	if (was === undefined) {
		await event("dispute_needs_response", dispute.created, taken);
		if (decided) await event(decided, later.at(-1)?.created ?? dispute.created, later.at(-1));
	} else if (was !== dispute.status && decided) {
		await event(decided, now, dispute.status === "won" ? later.at(-1) : undefined);
	}
}

/**
 * A refund newly copied is on its payment's timeline, as the sandbox's own are: a full refund once
 * the refunds so far reach what was captured, else a partial one.
 */
async function refundOnTimeline(
	trx: Kysely<Database>,
	refund: RefundsTable,
	charge: LocalCharge,
): Promise<void> {
	const sofar = await trx
		.selectFrom("refunds")
		.select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("total"))
		.where("account_id", "=", refund.account_id)
		.where("charge_id", "=", refund.charge_id)
		.where("status", "=", "succeeded")
		.where("created", "<=", refund.created)
		.executeTakeFirst();
	const total = Number(sofar?.total ?? refund.amount);
	await writeTimelineEvent(trx, {
		accountId: refund.account_id,
		paymentIntentId: charge.payment_intent_id,
		type: total >= charge.amount_captured ? "full_refund" : "partial_refund",
		datetime: refund.created,
		data: refundData(charge, refund.amount, total, refund.reason, refund.balance_transaction_id ?? ""),
	});
}

/** The fraud decisions of held payments whose review was decided, by charge. */
async function decidedReviews(
	trx: Kysely<Database>,
	accountId: string,
	chargeIds: readonly string[],
): Promise<Map<string, Pick<ChargesTable, "fraud_outcome" | "fraud_meta_box_type">>> {
	if (chargeIds.length === 0) return new Map();
	const rows = await trx
		.selectFrom("charges")
		.select(["id", "fraud_outcome", "fraud_meta_box_type"])
		.where("account_id", "=", accountId)
		.where("id", "in", chargeIds)
		.where("fraud_meta_box_type", "in", ["review_allowed", "review_blocked"])
		.execute();
	return new Map(
		rows.map((row) => [
			row.id,
			{ fraud_outcome: row.fraud_outcome, fraud_meta_box_type: row.fraud_meta_box_type },
		]),
	);
}

/** A row of a copied table as the shared writer sees it: its key, then columns of its own. */
type CopyRow = { account_id: string; id: string } & Record<string, unknown>;

/** Inserts the rows not held and updates those held, column by column (the key aside). */
async function upsert(
	trx: Kysely<Database>,
	table: Mutable,
	rows: readonly ({ account_id: string; id: string } & object)[],
	held: ReadonlySet<string>,
): Promise<Set<string>> {
	// One writer for four tables: each caller's rows are typed by their own table's row builder, and here
	// seen as what the four share (the key) with columns of their own.
	const db = trx as unknown as Kysely<Record<Mutable, CopyRow>>;
	const fresh = rows.filter((row) => !held.has(row.id));
	// A concurrent writer (a money action and an event's run) may add the same row first: it is then
	// updated like one held, and counted as added by that writer alone.
	const inserted = new Set<string>(
		fresh.length === 0
			? []
			: (
					await db
						.insertInto(table)
						.values(fresh)
						.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
						.returning("id")
						.execute()
				).map((row) => row.id),
	);
	for (const row of rows) {
		if (inserted.has(row.id)) continue;
		const { account_id: accountId, id, ...columns } = row;
		await db
			.updateTable(table)
			.set(columns)
			.where("account_id", "=", accountId)
			.where("id", "=", id)
			.execute();
	}
	return inserted;
}

/**
 * Money actions written to the copy, counted per account. A money action writes what Stripe
 * answered it; an event's run writes what it read from Stripe before. A read that began before an
 * action's answer was written may be older than that answer, so the run checks the count it saw
 * before reading, inside its write's transaction (holding the count's row), and reads again when
 * an action came in between: an action's own result is never overwritten by an older read.
 */
const COPY_ACTIONS = "stripe_copy_actions";

/** Counts a money action, inside the transaction that writes its answer (taking the count's row). */
export async function countCopyAction(trx: Kysely<Database>, accountId: string): Promise<void> {
	await nextSequence(trx, accountId, COPY_ACTIONS);
}

/** The money actions written so far; inside a transaction, the count's row is held until it ends. */
export function copyActionsSoFar(db: Kysely<Database>, accountId: string): Promise<number> {
	return nextSequence(db, accountId, COPY_ACTIONS, 0);
}

/** Marks the balance transactions a payout carried as its own. */
export async function linkPayout(
	trx: Kysely<Database>,
	accountId: string,
	payoutId: string,
	transactionIds: readonly string[],
): Promise<void> {
	for (let start = 0; start < transactionIds.length; start += 500) {
		await trx
			.updateTable("balance_transactions")
			.set({ deposit_id: payoutId })
			.where("account_id", "=", accountId)
			.where("id", "in", transactionIds.slice(start, start + 500))
			.execute();
	}
}
