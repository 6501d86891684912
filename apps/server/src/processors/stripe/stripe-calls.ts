/**
 * What every money action of a connected Stripe account shares: the Idempotency-Key Stripe gets,
 * Stripe's failures as the admin's answers, and the write of Stripe's answer to the copy in one
 * database transaction with the action's audit entry (stripe-processor.ts says the rules).
 */
import { createHash } from "node:crypto";
import { STRIPE_ACCOUNT_ERRORS } from "@paydesk/contract/stripe-account";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { type AuditRecord, recordAudit } from "../../audit/record.ts";
import type { DialectName } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { RestError } from "../../http/rest-error.ts";
import type { IdempotencyScope } from "../../ledger/idempotency.ts";
import { addTransactions, countCopyAction, writeObjects } from "../../payments/stripe-account/import/copy.ts";
import { type StripeClient, StripeError } from "./client.ts";

/** The window a keyless repeat of the same action is taken as the same action. */
const KEYLESS_WINDOW_SECONDS = 10;

export const STRIPE_UNREACHABLE_MESSAGE = "Stripe could not be reached; nothing was changed.";

export interface StripeProcessorDeps {
	db: Kysely<Database>;
	dialect: DialectName;
	accountId: string;
	/** The account's client, with its stored key. */
	client: StripeClient;
}

/** The Idempotency-Key Stripe gets for an action. */
export function idempotencyKeyOf(
	accountId: string,
	action: string,
	scope: IdempotencyScope | undefined,
	keyless: string,
	now: number,
): string {
	const basis = scope
		? `${accountId}|${scope.userId}|${scope.key}|${action}`
		: `${accountId}|${action}|${keyless}|${Math.floor(now / KEYLESS_WINDOW_SECONDS)}`;
	return `paydesk-${createHash("sha256").update(basis).digest("hex").slice(0, 48)}`;
}

export const unreachable = () =>
	new RestError(STRIPE_ACCOUNT_ERRORS.unreachable, STRIPE_UNREACHABLE_MESSAGE, 503);

/**
 * A call to Stripe, with its failures as the admin's answers: unreachable is a 503 that changed
 * nothing; a refused key marks the connection so the merchant reconnects; Stripe's other
 * refusals keep Stripe's message.
 */
export async function callStripe<T>(deps: StripeProcessorDeps, work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (!(error instanceof StripeError)) throw error;
		if (error.status === 0 || error.status === 429 || error.status >= 500) throw unreachable();
		if (error.status === 401 || error.status === 403) {
			await deps.db
				.updateTable("stripe_connections")
				.set({ status: "error", last_error: `Stripe refused the key: ${error.message}` })
				.where("account_id", "=", deps.accountId)
				.execute();
			throw new RestError(
				STRIPE_ACCOUNT_ERRORS.keyInvalid,
				`Stripe refused the key: ${error.message} Connect the account again with a valid key. Nothing was changed.`,
				502,
			);
		}
		throw new RestError("wcpay_stripe_refused", `Stripe refused: ${error.message}`, 400, {
			stripe: { status: error.status, type: error.type, ...(error.code ? { code: error.code } : {}) },
		});
	}
}

export async function localCharge(
	db: Kysely<Database>,
	accountId: string,
	by: { id?: string; intent?: string },
) {
	let query = db.selectFrom("charges").selectAll().where("account_id", "=", accountId);
	if (by.id) query = query.where("id", "=", by.id);
	if (by.intent) query = query.where("payment_intent_id", "=", by.intent);
	return query.orderBy("created", "desc").limit(1).executeTakeFirst();
}

/** Writes what Stripe answered to the copy: the objects, then the balance transactions they made. */
export async function writeAnswer(
	deps: StripeProcessorDeps,
	objects: {
		charges?: Stripe.Charge[];
		refunds?: Stripe.Refund[];
		disputes?: Stripe.Dispute[];
		payouts?: Stripe.Payout[];
	},
	transactions: Stripe.BalanceTransaction[],
	/** Server time, seconds. */
	now: number,
	/**
	 * The action's entry in the audit log, written with the copy when the action is new here: its
	 * object added by this write (`added`), or its row found, locked, in the state it leaves (`from`).
	 * A double click, a retry or a concurrent request is one entry.
	 */
	audit?: AuditOnce | null,
	/** What the action writes of its own beside Stripe's objects (a review's decision). */
	own?: OwnWrite,
): Promise<void> {
	await deps.db.transaction().execute(async (trx) => {
		await countCopyAction(trx, deps.accountId);
		const fresh = audit?.from ? await audit.from(trx) : true;
		const ownFresh = own ? await own.check(trx) : false;
		const added = new Set<string>();
		for (const kind of ["charges", "refunds", "disputes", "payouts"] as const) {
			const list = objects[kind] ?? [];
			if (list.length === 0) continue;
			for (const id of await writeObjects(trx, deps.accountId, kind, list, true, now)) added.add(id);
		}
		if (own) await own.write(trx, ownFresh);
		if (audit && fresh && (audit.added === undefined || added.has(audit.added))) {
			await recordAudit(trx, audit.record);
		}
		await addTransactions(trx, deps.accountId, transactions);
	});
}

/**
 * An action's own write in the copy's transaction: `check` reads, locked, before Stripe's objects
 * are written over it, whether the action is new here; `write` runs after them, told so (a repeat
 * writes the state again, not the event).
 */
export interface OwnWrite {
	check(trx: Kysely<Database>): Promise<boolean>;
	write(trx: Kysely<Database>, fresh: boolean): Promise<void>;
}

/** An audit entry, and how the write tells a new action from a repeat. */
export interface AuditOnce {
	record: AuditRecord;
	/** The object the action adds: the entry is written by the write that adds it. */
	added?: string;
	/** Locks the object's row and answers whether it is still in the state the action leaves. */
	from?: (trx: Kysely<Database>) => Promise<boolean>;
}

/** Locks a row (PostgreSQL; SQLite runs one writer) and reads its status. */
export async function lockedStatus(
	trx: Kysely<Database>,
	deps: StripeProcessorDeps,
	table: "charges" | "disputes",
	id: string,
): Promise<string | undefined> {
	const query = trx
		.selectFrom(table)
		.select(table === "charges" ? "intent_status as status" : "status")
		.where("account_id", "=", deps.accountId)
		.where("id", "=", id);
	const row = await (deps.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
	return row?.status;
}

export const expandedTransaction = (value: string | Stripe.BalanceTransaction | null | undefined) =>
	value !== null && typeof value === "object" ? [value] : [];
