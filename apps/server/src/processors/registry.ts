/**
 * Which processor an account uses. Every account is the sandbox's today; a merchant's own Stripe
 * account will be chosen here by the account's record, and nothing that reaches a processor
 * through `processorFor` changes.
 */

import { accountNow } from "../accounts/clock.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connection.ts";
import type { Processor } from "./processor.ts";
import { sandboxProcessor } from "./sandbox/sandbox.ts";

/** What a processor works with: the database, the one clock, and this server's public origin. */
export interface ProcessorDeps {
	db: Db;
	clock: Clock;
	publicUrl: string;
}

export function processorFor(deps: ProcessorDeps, _accountId: string): Processor {
	return sandboxProcessor(deps);
}

/** Runs every account's timed work through its own current time (the job runner's pass). */
export async function runAllAccounts(deps: ProcessorDeps, runner: string): Promise<number> {
	const { db, clock } = deps;
	const accounts = await db.kysely.selectFrom("accounts").select("id").execute();
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
