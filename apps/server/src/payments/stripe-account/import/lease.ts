/**
 * One process at a time works on a connected account's copy (its history import, then the
 * events it applies): the process that holds the connection's lease (`import_runner` until
 * `import_lease_until`, server time). A run takes it when it is free, expired or already its own,
 * renews it in the transaction of each thing it writes (so a run that lost it writes nothing
 * more), and lets it go when it ends.
 */
import type { Kysely } from "kysely";
import type { Database, StripeConnectionsTable } from "../../../db/schema.ts";
import { TUNING } from "../../../env.ts";
import type { StripeClient } from "../../../processors/stripe/client.ts";

/**
 * A run holds the copy this long without writing before another process may take it over (a
 * minute unless STRIPE_IMPORT_LEASE_SECONDS says otherwise): a process killed mid-run holds it no
 * longer than that.
 */
export const LEASE_SECONDS = TUNING.STRIPE_IMPORT_LEASE_SECONDS;

/** What a run on the copy works with. */
export interface CopyRun {
	db: Kysely<Database>;
	accountId: string;
	client: StripeClient;
	/** This process, as the lease names it. */
	runner: string;
	/** Server time, seconds. */
	now: () => number;
	/** True once the server is stopping: the run ends before its next step. */
	stopped?: () => boolean;
}

type Phase = StripeConnectionsTable["status"];

/** The lease ended under the run: another process has the copy now. */
export class LeaseLost extends Error {}

/** Takes the lease of a connection in `phase`; the connection as it was, who holds it, or null when not in that phase. */
export async function claimLease(
	run: CopyRun,
	phase: Phase,
): Promise<StripeConnectionsTable | { heldUntil: number } | null> {
	const now = run.now();
	const row = await run.db
		.updateTable("stripe_connections")
		.set({
			import_runner: run.runner,
			import_lease_until: now + LEASE_SECONDS,
			...(phase === "importing"
				? { import_started_at: (eb) => eb.fn.coalesce("import_started_at", eb.val(now)) }
				: {}),
		})
		.where("account_id", "=", run.accountId)
		.where("status", "=", phase)
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
	if (held?.status !== phase) return null;
	return { heldUntil: Number(held.import_lease_until ?? now) };
}

/** Renews the lease inside a write's transaction; throws LeaseLost when it is another's. */
export async function renewLease(trx: Kysely<Database>, run: CopyRun): Promise<void> {
	const renewed = await trx
		.updateTable("stripe_connections")
		.set({ import_lease_until: run.now() + LEASE_SECONDS })
		.where("account_id", "=", run.accountId)
		.where("import_runner", "=", run.runner)
		.executeTakeFirst();
	if (Number(renewed.numUpdatedRows) !== 1) throw new LeaseLost();
}

/** Lets the lease go, so the next run (here or elsewhere) need not wait for it. */
export async function releaseLease(
	run: CopyRun,
	also: Partial<Pick<StripeConnectionsTable, "status" | "last_error" | "import_finished_at">> = {},
): Promise<void> {
	await run.db
		.updateTable("stripe_connections")
		.set({ import_runner: null, import_lease_until: null, ...also })
		.where("account_id", "=", run.accountId)
		.where("import_runner", "=", run.runner)
		.execute();
}
