/** The sandbox test clock (issue 15): read it, or move it forward and run what became due. */
import {
	advanceSandboxClock,
	getSandboxClock,
	SANDBOX_CLOCK_ERRORS,
	type SandboxClock,
} from "@paydesk/contract/sandbox-clock";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import {
	advanceTestClock,
	assertTestClock,
	ensureAccountClock,
	TestClockRefused,
} from "../../processor/account-clock.ts";
import { runDueWork } from "../../processor/scheduler.ts";

/** A real-time account's refusal as the REST error of the contract. */
async function refusedAs409<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof TestClockRefused)
			throw new RestError(SANDBOX_CLOCK_ERRORS.unavailable, error.message, 409);
		throw error;
	}
}

export default async function sandboxClockRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;

	async function clockOf(accountId: string, steps?: number): Promise<SandboxClock> {
		await ensureAccountClock(db.kysely, accountId, clock.seconds());
		const row = await db.kysely
			.selectFrom("account_clocks")
			.select(["offset_seconds", "processed_through"])
			.where("account_id", "=", accountId)
			.executeTakeFirstOrThrow();
		const now = clock.seconds() + Number(row.offset_seconds);
		return {
			now,
			iso: new Date(now * 1000).toISOString(),
			offset_seconds: Number(row.offset_seconds),
			processed_through: Number(row.processed_through),
			...(steps === undefined ? {} : { steps }),
		};
	}

	contractRoute(app, getSandboxClock, async ({ accountId }) => {
		await refusedAs409(() => assertTestClock(db.kysely, accountId));
		return clockOf(accountId);
	});

	contractRoute(app, advanceSandboxClock, async ({ accountId, body, request }) => {
		const now = await refusedAs409(() => advanceTestClock(db.kysely, accountId, body.advance, clock));
		// Runs what became due before answering; waits for another process that holds the work.
		let steps = 0;
		for (let attempt = 0; attempt < 200; attempt++) {
			const result = await runDueWork(db, accountId, now, `request:${request.id}`, clock);
			steps += result.steps;
			if (result.ran) break;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		return clockOf(accountId, steps);
	});
}
