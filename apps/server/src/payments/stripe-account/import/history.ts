/**
 * The history import of a connected Stripe account: its charges, refunds, disputes, balance
 * transactions and payouts, copied into the ledger through Stripe's list APIs, newest first, a
 * page of 100 at a time, in the order of IMPORT_KINDS (each kind finds the charges it belongs to
 * already copied).
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
 */
import { STRIPE_SYNC_KINDS, type StripeSyncKind } from "@paydesk/contract/stripe-account";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { z } from "zod";
import { parseJsonColumn } from "../../../db/json.ts";
import type { Database, StripeConnectionsTable } from "../../../db/schema.ts";
import { insertBalanceTransactions } from "../../../ledger/rollups.ts";
import { type StripeClient, StripeError } from "../../../processors/stripe/client.ts";
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

/** A run holds the import this long without a page before another process may take it over. */
const IMPORT_LEASE_SECONDS = 60;
const IMPORT_PAGE_SIZE = 100;

const cursorsColumn = z
	.record(z.string(), z.object({ after: z.string().nullable(), done: z.boolean() }))
	.describe("stripe_connections.import_cursors");
const countsColumn = z.record(z.string(), z.number()).describe("stripe_connections.import_counts");

type Cursors = Partial<Record<StripeSyncKind, { after: string | null; done: boolean }>>;
type Counts = Partial<Record<StripeSyncKind, number>>;

/** What each kind's list asks Stripe to expand, so a page needs no request per object. */
const EXPAND: Readonly<Record<StripeSyncKind, string[]>> = {
	charges: ["data.balance_transaction"],
	refunds: [],
	disputes: [],
	balance_transactions: [],
	payouts: [],
};

export interface ImportRun {
	db: Kysely<Database>;
	accountId: string;
	client: StripeClient;
	/** This process, as the lease names it. */
	runner: string;
	/** Server time, seconds. */
	now: () => number;
	pageSize?: number;
	/** True once the server is stopping: the run ends before its next page. */
	stopped?: () => boolean;
}

export type ImportOutcome =
	| { status: "live" }
	/** Another process holds the import until `until`; nothing was done. */
	| { status: "held"; until: number }
	/** Not connected, or not importing. */
	| { status: "idle" }
	/** The server is stopping: the import stays where it was, for the next run. */
	| { status: "stopped" }
	| { status: "error"; message: string }
	/** Stripe failed for now; the import stays where it was and is tried again. */
	| { status: "retry"; message: string };

/** The lease ended under the run: another process has the import now. */
class LeaseLost extends Error {}

interface Page<T> {
	data: T[];
	has_more: boolean;
}

/** Takes the import's lease when it is free, expired or already this runner's; the connection as it was. */
async function claim(run: ImportRun): Promise<StripeConnectionsTable | { heldUntil: number } | null> {
	const now = run.now();
	const row = await run.db
		.updateTable("stripe_connections")
		.set({
			import_runner: run.runner,
			import_lease_until: now + IMPORT_LEASE_SECONDS,
			import_started_at: (eb) => eb.fn.coalesce("import_started_at", eb.val(now)),
		})
		.where("account_id", "=", run.accountId)
		.where("status", "=", "importing")
		.where((eb) =>
			eb.or([
				eb("import_runner", "is", null),
				eb("import_runner", "=", run.runner),
				eb("import_lease_until", "<", now),
			]),
		)
		.returningAll()
		.executeTakeFirst();
	if (row) return row;
	const held = await run.db
		.selectFrom("stripe_connections")
		.select(["status", "import_lease_until"])
		.where("account_id", "=", run.accountId)
		.executeTakeFirst();
	if (held?.status !== "importing") return null;
	return { heldUntil: Number(held.import_lease_until ?? now) };
}

/** Renews the lease inside a page's transaction; throws LeaseLost when it is another's. */
async function renew(trx: Kysely<Database>, run: ImportRun): Promise<void> {
	const renewed = await trx
		.updateTable("stripe_connections")
		.set({ import_lease_until: run.now() + IMPORT_LEASE_SECONDS })
		.where("account_id", "=", run.accountId)
		.where("status", "=", "importing")
		.where("import_runner", "=", run.runner)
		.executeTakeFirst();
	if (Number(renewed.numUpdatedRows) !== 1) throw new LeaseLost();
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

type Held = "charges" | "refunds" | "disputes" | "payouts" | "balance_transactions";

/** The ids of `ids` the table already holds for the account. */
async function heldIds(
	trx: Kysely<Database>,
	table: Held,
	accountId: string,
	ids: readonly string[],
): Promise<Set<string>> {
	if (ids.length === 0) return new Set();
	const rows = await trx
		.selectFrom(table)
		.select("id")
		.where("account_id", "=", accountId)
		.where("id", "in", [...ids])
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
	const [charges, refunds, disputes] = await Promise.all([
		trx
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", accountId)
			.where("id", "in", [...sources])
			.execute(),
		trx
			.selectFrom("refunds")
			.select(["id", "charge_id"])
			.where("account_id", "=", accountId)
			.where("id", "in", [...sources])
			.execute(),
		trx
			.selectFrom("disputes")
			.select(["id", "charge_id"])
			.where("account_id", "=", accountId)
			.where("id", "in", [...sources])
			.execute(),
	]);
	for (const row of charges) chargeOf.set(row.id, row.id);
	for (const row of [...refunds, ...disputes]) chargeOf.set(row.id, row.charge_id);
	return chargeOf;
}

/** Every balance transaction id a payout carried, through as many pages as it takes. */
async function payoutTransactionIds(
	client: StripeClient,
	payoutId: string,
	pageSize: number,
): Promise<string[]> {
	const ids: string[] = [];
	let after: string | undefined;
	for (;;) {
		const page = await client.get<Page<Stripe.BalanceTransaction>>("/v1/balance_transactions", {
			payout: payoutId,
			limit: pageSize,
			...(after ? { starting_after: after } : {}),
		});
		ids.push(...page.data.map((row) => row.id));
		const last = page.data.at(-1);
		if (!page.has_more || !last) return ids;
		after = last.id;
	}
}

/** Writes one page of a kind (what is not held yet); answers how many rows were new. */
async function writePage(
	trx: Kysely<Database>,
	run: ImportRun,
	kind: StripeSyncKind,
	data: readonly { id: string }[],
	payoutLinks: ReadonlyMap<string, readonly string[]>,
): Promise<number> {
	const { accountId } = run;
	const ids = data.map((object) => object.id);
	if (kind === "balance_transactions") {
		const transactions = (data as Stripe.BalanceTransaction[]).filter(
			(transaction) => !PAYOUT_TYPES.has(transaction.type),
		);
		const held = await heldIds(trx, kind, accountId, ids);
		const fresh = transactions.filter((transaction) => !held.has(transaction.id));
		const sources = fresh.flatMap((transaction) => {
			const id = idOf(transaction.source as string | { id: string } | null);
			return id ? [id] : [];
		});
		const chargeOf = await chargeIdsOfSources(trx, accountId, sources);
		const charges = await chargesById(trx, accountId, [...chargeOf.values()]);
		const rows = fresh.map((transaction) => {
			const source = idOf(transaction.source as string | { id: string } | null);
			const chargeId = source ? chargeOf.get(source) : undefined;
			return ledgerRow(accountId, transaction, chargeId ? charges.get(chargeId) : undefined);
		});
		await insertBalanceTransactions(trx, rows);
		return rows.length;
	}
	if (kind === "charges") {
		const held = await heldIds(trx, kind, accountId, ids);
		const rows = (data as Stripe.Charge[])
			.filter((charge) => !held.has(charge.id))
			.map((charge) => chargeRow(accountId, charge));
		if (rows.length > 0) await trx.insertInto("charges").values(rows).execute();
		return rows.length;
	}
	if (kind === "refunds" || kind === "disputes") {
		const held = await heldIds(trx, kind, accountId, ids);
		const fresh = (data as (Stripe.Refund | Stripe.Dispute)[]).filter((object) => !held.has(object.id));
		const charges = await chargesById(
			trx,
			accountId,
			fresh.flatMap((object) => idOf(object.charge) ?? []),
		);
		const chargeOf = (object: Stripe.Refund | Stripe.Dispute) => charges.get(idOf(object.charge) ?? "");
		if (kind === "refunds") {
			const rows = (fresh as Stripe.Refund[]).flatMap(
				(refund) => refundRow(accountId, refund, chargeOf(refund)) ?? [],
			);
			if (rows.length > 0) await trx.insertInto("refunds").values(rows).execute();
			return rows.length;
		}
		const rows = (fresh as Stripe.Dispute[]).flatMap(
			(dispute) => disputeRow(accountId, dispute, chargeOf(dispute)) ?? [],
		);
		if (rows.length > 0) await trx.insertInto("disputes").values(rows).execute();
		return rows.length;
	}
	// Payouts: the payout, and the balance transactions it carried marked as its own.
	const held = await heldIds(trx, "payouts", accountId, ids);
	const rows = (data as Stripe.Payout[])
		.filter((payout) => !held.has(payout.id))
		.map((payout) => payoutRow(accountId, payout));
	if (rows.length > 0) await trx.insertInto("payouts").values(rows).execute();
	for (const row of rows) {
		const carried = payoutLinks.get(row.id) ?? [];
		for (let start = 0; start < carried.length; start += 500) {
			await trx
				.updateTable("balance_transactions")
				.set({ deposit_id: row.id })
				.where("account_id", "=", accountId)
				.where("id", "in", carried.slice(start, start + 500))
				.execute();
		}
	}
	return rows.length;
}

/** Lets the lease go, so the next run (here or elsewhere) need not wait for it. */
async function release(run: ImportRun): Promise<void> {
	await run.db
		.updateTable("stripe_connections")
		.set({ import_runner: null, import_lease_until: null })
		.where("account_id", "=", run.accountId)
		.where("import_runner", "=", run.runner)
		.execute();
}

/** Runs the import from where it stands to its end (or until Stripe fails or the lease is lost). */
export async function importHistory(run: ImportRun): Promise<ImportOutcome> {
	const claimed = await claim(run);
	if (claimed === null) return { status: "idle" };
	if ("heldUntil" in claimed) return { status: "held", until: claimed.heldUntil };
	const cursors: Cursors = parseJsonColumn(cursorsColumn, claimed.import_cursors, {});
	const counts: Counts = parseJsonColumn(countsColumn, claimed.import_counts, {});
	const pageSize = run.pageSize ?? IMPORT_PAGE_SIZE;
	try {
		for (const kind of STRIPE_SYNC_KINDS) {
			for (;;) {
				const cursor = cursors[kind] ?? { after: null, done: false };
				if (cursor.done) break;
				if (run.stopped?.()) {
					await release(run);
					return { status: "stopped" };
				}
				const page = await run.client.get<Page<{ id: string }>>(`/v1/${kind}`, {
					limit: pageSize,
					...(cursor.after ? { starting_after: cursor.after } : {}),
					...(EXPAND[kind].length > 0 ? { expand: EXPAND[kind] } : {}),
				});
				const payoutLinks = new Map<string, string[]>();
				if (kind === "payouts") {
					for (const payout of page.data) {
						payoutLinks.set(payout.id, await payoutTransactionIds(run.client, payout.id, pageSize));
					}
				}
				const last = page.data.at(-1);
				const next = { after: last?.id ?? cursor.after, done: !page.has_more || !last };
				await run.db.transaction().execute(async (trx) => {
					await renew(trx, run);
					const written = await writePage(trx, run, kind, page.data, payoutLinks);
					cursors[kind] = next;
					counts[kind] = (counts[kind] ?? 0) + written;
					await trx
						.updateTable("stripe_connections")
						.set({
							import_cursors: JSON.stringify(cursors),
							import_counts: JSON.stringify(counts),
							last_error: null,
						})
						.where("account_id", "=", run.accountId)
						.execute();
				});
			}
		}
	} catch (error) {
		if (error instanceof LeaseLost) return { status: "held", until: run.now() + IMPORT_LEASE_SECONDS };
		if (!(error instanceof StripeError)) throw error;
		const refused = error.status === 401 || error.status === 403;
		const message = refused
			? `Stripe refused the key: ${error.message}`
			: `Stripe could not be reached or failed to answer: ${error.message}`;
		await run.db
			.updateTable("stripe_connections")
			.set({
				last_error: message,
				import_runner: null,
				import_lease_until: null,
				...(refused ? { status: "error" } : {}),
			})
			.where("account_id", "=", run.accountId)
			.where("import_runner", "=", run.runner)
			.execute();
		return refused ? { status: "error", message } : { status: "retry", message };
	}
	await run.db
		.updateTable("stripe_connections")
		.set({ status: "live", import_finished_at: run.now(), import_runner: null, import_lease_until: null })
		.where("account_id", "=", run.accountId)
		.where("import_runner", "=", run.runner)
		.execute();
	return { status: "live" };
}
