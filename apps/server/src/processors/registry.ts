/**
 * Which processor an account uses: the sandbox, unless the account is connected to the
 * merchant's own Stripe account (payments/stripe-account/), whose money actions then go to
 * Stripe. The choice is made at each command, from the account's record, so nothing that reaches
 * a processor through `processorFor` knows which one it is.
 */

import { accountNow } from "../accounts/clock.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connection.ts";
import { findConnection, storedKey } from "../payments/stripe-account/connection.ts";
import type { Processor } from "./processor.ts";
import { sandboxProcessor } from "./sandbox/sandbox.ts";
import type { StripeAccess } from "./stripe/access.ts";
import { stripeProcessor } from "./stripe/stripe-processor.ts";

/** What a processor works with: the database, the one clock, and this server's public origin. */
export interface ProcessorDeps {
	db: Db;
	clock: Clock;
	publicUrl: string;
	/** How Stripe is reached for a connected account; without it every account is the sandbox's. */
	stripe?: StripeAccess | undefined;
}

export function processorFor(deps: ProcessorDeps, accountId: string): Processor {
	const sandbox = sandboxProcessor(deps);
	const { stripe } = deps;
	if (!stripe) return sandbox;
	const chosen = async (): Promise<Processor> => {
		const connection = await findConnection(deps.db.kysely, accountId);
		if (!connection) return sandbox;
		return stripeProcessor({
			db: deps.db.kysely,
			dialect: deps.db.dialect,
			accountId,
			client: stripe.clients.client(storedKey(connection, stripe.appKey())),
		});
	};
	return {
		takePayment: async (request) => (await chosen()).takePayment(request),
		confirmPayment: async (request) => (await chosen()).confirmPayment(request),
		capture: async (request) => (await chosen()).capture(request),
		cancel: async (request) => (await chosen()).cancel(request),
		refund: async (request) => (await chosen()).refund(request),
		instantPayout: async (request) => (await chosen()).instantPayout(request),
		saveEvidence: async (request) => (await chosen()).saveEvidence(request),
		acceptDispute: async (request) => (await chosen()).acceptDispute(request),
		setPayoutSchedule: async (id, schedule) => (await chosen()).setPayoutSchedule(id, schedule),
		runDueWork: async (id, until, runner) => (await chosen()).runDueWork(id, until, runner),
	};
}

/** Runs every account's timed work through its own current time (the job runner's pass). */
export async function runAllAccounts(deps: ProcessorDeps, runner: string): Promise<number> {
	const { db, clock } = deps;
	// An account connected to Stripe has its timed work done at Stripe: its copy is never moved here.
	const accounts = await db.kysely
		.selectFrom("accounts")
		.select("id")
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom("stripe_connections")
						.select("stripe_connections.account_id")
						.whereRef("stripe_connections.account_id", "=", "accounts.id"),
				),
			),
		)
		.execute();
	let steps = 0;
	for (const { id } of accounts) {
		const result = await processorFor(deps, id).runDueWork(
			id,
			await accountNow(db.kysely, id, clock),
			runner,
		);
		steps += result.steps;
	}
	return steps;
}
