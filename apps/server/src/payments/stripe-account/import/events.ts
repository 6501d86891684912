/**
 * Keeps the copy of a connected Stripe account current once its history is in: the events
 * Stripe sent (kept by payments/stripe-account/webhook.ts) are applied to the ledger, and a
 * catch-up asks Stripe for the events since the newest one kept, so what a lost webhook carried
 * arrives anyway.
 *
 * An event is applied by reading its object again from Stripe (the customer, payment intent,
 * charge, refund, dispute or payout it is about; an intent's event its latest charge too) and
 * writing that object's state now: events come in any order and more than once, and the object
 * read now is never older than the event. The balance transactions the object made are added
 * (once), and a payout marks the ones it carried. A batch of events and the marks that they were
 * applied are one database transaction, written under the lease.
 */
import type Stripe from "stripe";
import { StripeError } from "../../../processors/stripe/client.ts";
import {
	addTransactions,
	copyActionsSoFar,
	linkPayout,
	type Page,
	payoutTransactions,
	writeObjects,
} from "./copy.ts";
import { type StripeFailure, stripeFailure } from "./failure.ts";
import { unservedNoteOf } from "./history.ts";
import { type CopyRun, claimLease, LEASE_SECONDS, LeaseLost, releaseLease, renewLease } from "./lease.ts";
import { idOf } from "./records.ts";

const BATCH = 100;
/** Events older than the newest one kept by this much are asked for again (clocks and delays). */
const CATCH_UP_MARGIN_SECONDS = 300;

/** What the copy reads again, in the order a batch writes them: a charge finds its customer and intent. */
const KINDS = ["customers", "payment_intents", "charges", "refunds", "disputes", "payouts"] as const;
type Kind = (typeof KINDS)[number];

/** Stripe's events about a customer itself (not its sources, subscriptions or discounts). */
const CUSTOMER_EVENTS: ReadonlySet<string> = new Set([
	"customer.created",
	"customer.updated",
	"customer.deleted",
]);

/** The objects an event is about, as the copy reads them again; none for an event the copy does not keep. */
export function objectsOfEvent(
	type: string,
	object: { id?: string; latest_charge?: unknown },
): { kind: Kind; id: string }[] {
	const id = object.id;
	if (!id) return [];
	if (type.startsWith("charge.dispute.")) return [{ kind: "disputes", id }];
	if (type.startsWith("charge.refund.") || type.startsWith("refund.")) return [{ kind: "refunds", id }];
	if (type.startsWith("charge.")) return [{ kind: "charges", id }];
	if (type.startsWith("payout.")) return [{ kind: "payouts", id }];
	if (CUSTOMER_EVENTS.has(type)) return [{ kind: "customers", id }];
	if (type.startsWith("payment_intent.")) {
		// The intent, and its charge: what it did to the charge may come with no event of the charge's.
		const charge = idOf(object.latest_charge as string | { id: string } | null | undefined);
		return [{ kind: "payment_intents", id }, ...(charge ? [{ kind: "charges" as const, id: charge }] : [])];
	}
	return [];
}

export type ApplyOutcome =
	| { status: "applied"; events: number }
	| { status: "held"; until: number }
	| { status: "idle" }
	| { status: "stopped" }
	| StripeFailure;

const EXPAND: Readonly<Record<Kind, string[]>> = {
	customers: [],
	payment_intents: [],
	charges: ["balance_transaction", "review"],
	refunds: ["balance_transaction"],
	disputes: [],
	payouts: [],
};

/** The object now, or null when Stripe has it no more. */
async function readAgain(run: CopyRun, kind: Kind, id: string): Promise<{ id: string } | null> {
	try {
		return await run.client.get<{ id: string }>(`/v1/${kind}/${encodeURIComponent(id)}`, {
			...(EXPAND[kind].length > 0 ? { expand: EXPAND[kind] } : {}),
		});
	} catch (error) {
		if (error instanceof StripeError && error.status === 404) return null;
		throw error;
	}
}

/** The balance transactions an object made, as Stripe answered them. */
function transactionsOf(kind: Kind, object: { id: string }): Stripe.BalanceTransaction[] {
	if (kind === "disputes") return (object as Stripe.Dispute).balance_transactions;
	if (kind !== "charges" && kind !== "refunds") return [];
	const transaction = (object as Stripe.Charge | Stripe.Refund).balance_transaction;
	return transaction !== null && typeof transaction === "object" ? [transaction] : [];
}

/** Applies the events kept and not yet applied, oldest first, a batch at a time. */
export async function applyEvents(run: CopyRun): Promise<ApplyOutcome> {
	const claimed = await claimLease(run, "live");
	if (claimed === null) return { status: "idle" };
	if ("heldUntil" in claimed) return { status: "held", until: claimed.heldUntil };
	let applied = 0;
	try {
		for (;;) {
			if (run.stopped?.()) {
				await releaseLease(run);
				return { status: "stopped" };
			}
			const events = await run.db
				.selectFrom("stripe_inbound_events")
				.select(["id", "type", "body"])
				.where("account_id", "=", run.accountId)
				.where("applied_at", "is", null)
				.orderBy("created")
				.orderBy("id")
				.limit(BATCH)
				.execute();
			if (events.length === 0) break;
			const wanted = new Map<string, { kind: Kind; id: string }>();
			for (const event of events) {
				const body = JSON.parse(event.body) as { data?: { object?: { id?: string } } };
				for (const about of objectsOfEvent(event.type, body.data?.object ?? {})) {
					wanted.set(`${about.kind}:${about.id}`, about);
				}
			}
			const actionsBefore = await copyActionsSoFar(run.db, run.accountId);
			const read: { kind: Kind; object: { id: string } }[] = [];
			for (const { kind, id } of wanted.values()) {
				const object = await readAgain(run, kind, id);
				if (object) read.push({ kind, object });
			}
			const carried = new Map<string, Stripe.BalanceTransaction[]>();
			for (const { kind, object } of read) {
				if (kind === "payouts" && (object as Stripe.Payout).automatic) {
					carried.set(object.id, await payoutTransactions(run.client, object.id, BATCH));
				}
			}
			const written = await run.db.transaction().execute(async (trx) => {
				await renewLease(trx, run);
				// A money action wrote Stripe's answer to it while these were read: they may be older.
				if ((await copyActionsSoFar(trx, run.accountId)) !== actionsBefore) return false;
				for (const kind of KINDS) {
					const objects = read.filter((entry) => entry.kind === kind).map((entry) => entry.object);
					if (objects.length === 0) continue;
					await writeObjects(trx, run.accountId, kind, objects, true, run.now());
					await addTransactions(
						trx,
						run.accountId,
						objects.flatMap((object) => transactionsOf(kind, object)),
					);
				}
				for (const [payoutId, rows] of carried) {
					await addTransactions(trx, run.accountId, rows);
					await linkPayout(
						trx,
						run.accountId,
						payoutId,
						rows.map((row) => row.id),
					);
				}
				await trx
					.updateTable("stripe_inbound_events")
					.set({ applied_at: run.now() })
					.where("account_id", "=", run.accountId)
					.where(
						"id",
						"in",
						events.map((event) => event.id),
					)
					.execute();
				return true;
			});
			if (written) applied += events.length;
		}
	} catch (error) {
		if (error instanceof LeaseLost) return { status: "held", until: run.now() + LEASE_SECONDS };
		return stripeFailure(run, error);
	}
	// A success clears a failure kept from before, not the note of lists Stripe does not serve.
	await releaseLease(run, { last_error: unservedNoteOf(claimed.import_cursors) });
	return { status: "applied", events: applied };
}

/**
 * Asks Stripe for the events since the newest one kept (or since the connection, before the
 * first), and keeps those not kept yet, as a delivery would have; answers how many were new.
 */
export async function catchUpEvents(run: CopyRun): Promise<number> {
	const connection = await run.db
		.selectFrom("stripe_connections")
		.select(["last_event_at", "connected_at"])
		.where("account_id", "=", run.accountId)
		.executeTakeFirst();
	if (!connection) return 0;
	const since = Number(connection.last_event_at ?? connection.connected_at) - CATCH_UP_MARGIN_SECONDS;
	let kept = 0;
	let after: string | undefined;
	for (;;) {
		const page = await run.client.get<Page<Stripe.Event>>("/v1/events", {
			limit: BATCH,
			created: { gte: since },
			...(after ? { starting_after: after } : {}),
		});
		if (page.data.length > 0) {
			const rows = page.data.map((event) => ({
				account_id: run.accountId,
				id: event.id,
				type: event.type,
				object_id: (event.data.object as { id?: string }).id ?? null,
				created: event.created,
				received_at: run.now(),
				applied_at: null,
				body: JSON.stringify(event),
			}));
			const inserted = await run.db.transaction().execute(async (trx) => {
				const added = await trx
					.insertInto("stripe_inbound_events")
					.values(rows)
					.onConflict((conflict) => conflict.columns(["account_id", "id"]).doNothing())
					.returning("id")
					.execute();
				const newest = Math.max(...rows.map((row) => row.created));
				await trx
					.updateTable("stripe_connections")
					.set((eb) => ({
						last_event_at: eb
							.case()
							.when("last_event_at", ">", newest)
							.then(eb.ref("last_event_at"))
							.else(newest)
							.end(),
					}))
					.where("account_id", "=", run.accountId)
					.execute();
				return added.length;
			});
			kept += inserted;
		}
		const last = page.data.at(-1);
		if (!page.has_more || !last) return kept;
		after = last.id;
	}
}
