/**
 * POST {base}/tracks (contract/tracks): the admin's usage events, kept in the store's usage log
 * when the store allows usage tracking, and answered `{ recorded: 0 }` without a row written
 * when it does not, whoever sends them.
 */
import { recordTracks } from "@paydesk/contract/tracks";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { recordUsageEvents, usageTrackingAllowed } from "../../usage/usage-log.ts";

export default async function tracksRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;
	contractRoute(app, recordTracks, async ({ body, user, accountId }) => {
		if (!(await usageTrackingAllowed(db.kysely, accountId))) return { recorded: 0 };
		// The server's clock, not a sandbox account's test clock: the log is about when people acted.
		const recorded = await recordUsageEvents(
			db.kysely,
			{ accountId, userId: user.id, created: clock.seconds() },
			body.events,
		);
		return { recorded };
	});
}
