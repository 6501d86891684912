/** The sandbox test clock: read it, or move it forward and run what became due. */
import {
	advanceSandboxClock,
	getSandboxClock,
	SANDBOX_CLOCK_ERRORS,
	type SandboxClock,
} from "@paydesk/contract/sandbox-clock";
import type { FastifyInstance } from "fastify";
import {
	advanceTestClock,
	assertTestClock,
	ensureAccountClock,
	TestClockRefused,
} from "../../accounts/clock.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { ACCOUNT_LEASE_SECONDS } from "../../processors/processor.ts";

/** How long an advance waits for another process's run: longer than a lease lasts. */
const ADVANCE_WAIT_MS = (ACCOUNT_LEASE_SECONDS + 10) * 1000;

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

	contractRoute(app, advanceSandboxClock, async ({ accountId, body, request, reply }) => {
		const now = await refusedAs409(() => advanceTestClock(db.kysely, accountId, body.advance, clock));
		// Runs what became due before answering, however many runs that takes. Another process
		// that holds the work is waited for, for longer than a lease lasts, so the lease of a
		// process that died (or of a request that ended with it) is taken over meanwhile.
		let steps = 0;
		const deadline = Date.now() + ADVANCE_WAIT_MS;
		for (;;) {
			const result = await app.processorFor(accountId).runDueWork(accountId, now, `request:${request.id}`);
			steps += result.steps;
			if (result.ran && result.processedThrough >= now) break;
			if (Date.now() > deadline) {
				reply.header("retry-after", String(ACCOUNT_LEASE_SECONDS));
				throw new RestError(
					SANDBOX_CLOCK_ERRORS.busy,
					`The test clock moved to ${new Date(now * 1000).toISOString()}, but the work that became due could not run yet: another server process is running this account's timed work. It runs within a minute; read the clock again to see how far it has run.`,
					503,
					{ processed_through: (await clockOf(accountId)).processed_through, now },
				);
			}
			if (!result.ran) await new Promise((resolve) => setTimeout(resolve, 100));
		}
		return clockOf(accountId, steps);
	});
}
