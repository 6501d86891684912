/**
 * The history import of a connected Stripe account: its customers, payment intents, charges,
 * refunds, disputes, balance transactions and payouts, copied into the ledger through Stripe's
 * list APIs, newest first, a page of 100 at a time, in the order of STRIPE_SYNC_KINDS (a charge
 * finds its customer and intent already copied, each later kind the charges it belongs to).
 *
 * - **Resumable, never doubled.** Each page is written in one database transaction with the
 *   kind's cursor (the last id taken) and its count, and only the rows not already held are
 *   written. A process killed mid-page leaves the last page committed, and the next run starts
 *   from there.
 * - **One process at a time.** The run holds the connection's lease and renews it with every
 *   page; a page commits only while its runner still holds it, so a run that lost its lease (it
 *   stalled past it, and another took over) writes nothing more.
 * - **Within Stripe's limits.** Every request goes through the key's throttle and its retries
 *   (processors/stripe/client.ts).
 * - **Failures.** A key Stripe refuses (401, 403) ends the import in the error state with
 *   Stripe's reason; anything else (Stripe unreachable after the retries) is kept as the last
 *   error and the run is tried again later from its cursor.
 * - **A list not served.** A kind whose first page is a 404 naming no parameter (the URL itself
 *   is unknown there: an API that plays Stripe without that list) is not imported: its cursor
 *   says so with the answer, it is not counted done, the import goes on with the next kind, and
 *   the last error names every such kind while the import runs and once it is live. Waiting
 *   for it would hold the copy out of live for good, since asking again answers the same. A 404
 *   past the first page, or about a parameter (a cursor's object gone), stays a failure to try
 *   again.
 */
import { STRIPE_SYNC_KINDS, type StripeSyncKind } from "@paydesk/contract/stripe-account";
import type Stripe from "stripe";
import { z } from "zod";
import { parseJsonColumn } from "../../../db/json.ts";
import { StripeError } from "../../../processors/stripe/client.ts";
import { addTransactions, linkPayout, type Page, payoutTransactions, writeObjects } from "./copy.ts";
import { type StripeFailure, stripeFailure } from "./failure.ts";
import { type CopyRun, claimLease, LEASE_SECONDS, LeaseLost, releaseLease, renewLease } from "./lease.ts";

const IMPORT_PAGE_SIZE = 100;

const cursorsColumn = z
	.record(
		z.string(),
		z.object({ after: z.string().nullable(), done: z.boolean(), unserved: z.string().optional() }),
	)
	.describe("stripe_connections.import_cursors");
const countsColumn = z.record(z.string(), z.number()).describe("stripe_connections.import_counts");

/** Where a kind stands: the last id taken, whether its list ended, or why it is not served. */
interface Cursor {
	after: string | null;
	done: boolean;
	/** Stripe's answer to the kind's list when it does not serve it: the kind is not imported. */
	unserved?: string | undefined;
}
type Cursors = Partial<Record<StripeSyncKind, Cursor>>;
type Counts = Partial<Record<StripeSyncKind, number>>;

/** A 404 naming no parameter: the list's URL itself is unknown to the API answering. */
const unservedList = (error: unknown): error is StripeError =>
	error instanceof StripeError && error.status === 404 && error.param === undefined;

/** The note a copy keeps of the kinds the import could not take, from the stored cursors (null when none). */
export function unservedNoteOf(storedCursors: string): string | null {
	return unservedNote(parseJsonColumn(cursorsColumn, storedCursors, {}));
}

/** The last error the import keeps while kinds are not served (null when every list is). */
function unservedNote(cursors: Cursors): string | null {
	const notes = STRIPE_SYNC_KINDS.flatMap((kind) => {
		const reason = cursors[kind]?.unserved;
		return reason === undefined ? [] : [`${kind.replace("_", " ")} (${reason})`];
	});
	return notes.length === 0
		? null
		: `Not imported, as Stripe does not serve their lists here: ${notes.join("; ")}.`;
}

/** What each kind's list asks Stripe to expand, so a page needs no request per object. */
const EXPAND: Readonly<Record<StripeSyncKind, string[]>> = {
	customers: [],
	payment_intents: [],
	// A held payment's review says whether it was decided since.
	charges: ["data.balance_transaction", "data.review"],
	refunds: [],
	disputes: [],
	balance_transactions: [],
	payouts: [],
};

export interface ImportRun extends CopyRun {
	pageSize?: number;
}

export type ImportOutcome =
	| { status: "live" }
	/** Another process holds the import until `until`; nothing was done. */
	| { status: "held"; until: number }
	/** Not connected, or not importing. */
	| { status: "idle" }
	/** The server is stopping: the import stays where it was, for the next run. */
	| { status: "stopped" }
	| StripeFailure;

/** Writes one page of a kind; answers how many records were new, per kind. */
async function writePage(
	trx: Parameters<typeof addTransactions>[0],
	accountId: string,
	kind: StripeSyncKind,
	data: readonly { id: string }[],
	carried: ReadonlyMap<string, readonly Stripe.BalanceTransaction[]>,
	now: number,
): Promise<Counts> {
	if (kind === "balance_transactions") {
		return {
			balance_transactions: await addTransactions(trx, accountId, data as Stripe.BalanceTransaction[]),
		};
	}
	const added = (await writeObjects(trx, accountId, kind, data, false, now)).size;
	if (kind !== "payouts") return { [kind]: added };
	// A payout marks the balance transactions it carried (adding any made since their pass).
	let transactions = 0;
	for (const [payoutId, rows] of carried) {
		transactions += await addTransactions(trx, accountId, rows);
		await linkPayout(
			trx,
			accountId,
			payoutId,
			rows.map((row) => row.id),
		);
	}
	return { payouts: added, balance_transactions: transactions };
}

/** Runs the import from where it stands to its end (or until Stripe fails or the lease is lost). */
export async function importHistory(run: ImportRun): Promise<ImportOutcome> {
	const claimed = await claimLease(run, "importing");
	if (claimed === null) return { status: "idle" };
	if ("heldUntil" in claimed) return { status: "held", until: claimed.heldUntil };
	const cursors: Cursors = parseJsonColumn(cursorsColumn, claimed.import_cursors, {});
	const counts: Counts = parseJsonColumn(countsColumn, claimed.import_counts, {});
	const pageSize = run.pageSize ?? IMPORT_PAGE_SIZE;
	try {
		for (const kind of STRIPE_SYNC_KINDS) {
			for (;;) {
				const cursor = cursors[kind] ?? { after: null, done: false };
				if (cursor.done || cursor.unserved !== undefined) break;
				if (run.stopped?.()) {
					await releaseLease(run);
					return { status: "stopped" };
				}
				let page: Page<{ id: string }>;
				try {
					page = await run.client.get<Page<{ id: string }>>(`/v1/${kind}`, {
						limit: pageSize,
						...(cursor.after ? { starting_after: cursor.after } : {}),
						...(EXPAND[kind].length > 0 ? { expand: EXPAND[kind] } : {}),
					});
				} catch (error) {
					if (cursor.after !== null || !unservedList(error)) throw error;
					cursors[kind] = { ...cursor, unserved: error.message };
					await run.db.transaction().execute(async (trx) => {
						await renewLease(trx, run);
						await trx
							.updateTable("stripe_connections")
							.set({ import_cursors: JSON.stringify(cursors), last_error: unservedNote(cursors) })
							.where("account_id", "=", run.accountId)
							.execute();
					});
					break;
				}
				const carried = new Map<string, Stripe.BalanceTransaction[]>();
				if (kind === "payouts") {
					// Stripe lists what a payout carried for automatic payouts only.
					for (const payout of page.data as Stripe.Payout[]) {
						if (!payout.automatic) continue;
						carried.set(payout.id, await payoutTransactions(run.client, payout.id, pageSize));
					}
				}
				const last = page.data.at(-1);
				const next = { after: last?.id ?? cursor.after, done: !page.has_more || !last };
				await run.db.transaction().execute(async (trx) => {
					await renewLease(trx, run);
					const added = await writePage(trx, run.accountId, kind, page.data, carried, run.now());
					cursors[kind] = next;
					for (const [counted, count] of Object.entries(added) as [StripeSyncKind, number][]) {
						counts[counted] = (counts[counted] ?? 0) + count;
					}
					await trx
						.updateTable("stripe_connections")
						.set({
							import_cursors: JSON.stringify(cursors),
							import_counts: JSON.stringify(counts),
							last_error: unservedNote(cursors),
						})
						.where("account_id", "=", run.accountId)
						.execute();
				});
			}
		}
	} catch (error) {
		if (error instanceof LeaseLost) return { status: "held", until: run.now() + LEASE_SECONDS };
		return stripeFailure(run, error);
	}
	await releaseLease(run, {
		status: "live",
		import_finished_at: run.now(),
		last_error: unservedNote(cursors),
	});
	return { status: "live" };
}
