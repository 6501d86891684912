/**
 * GET /payments/events: the account's events as a text/event-stream (contract/events.ts), from
 * this process's hub (hub.ts). The answer is written by hand: its headers, then the stream,
 * which stays open until the reader leaves or the server closes.
 */
import { EVENTS_ERRORS, streamEvents } from "@paydesk/contract/events";
import { capabilityOf } from "@paydesk/contract/route";
import type { FastifyInstance } from "fastify";
import { credentialOf } from "../../auth/credentials.ts";
import { onSessionsEnded } from "../../auth/sessions.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { RestError } from "../../http/rest-error.ts";
import { EventHub, HUB_DEFAULTS } from "./hub.ts";

function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | null {
	const value = (Array.isArray(header) ? header[0] : header) ?? query;
	return value !== undefined && /^\d{1,18}$/.test(value) ? Number(value) : null;
}

export default async function eventsRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock, config } = app.deps;
	const hub = new EventHub(db.kysely, {
		...HUB_DEFAULTS,
		heartbeatMs: config.eventHeartbeatMs ?? HUB_DEFAULTS.heartbeatMs,
		streamsPerUser: config.eventStreamsPerUser ?? HUB_DEFAULTS.streamsPerUser,
		// A stream ends when its user may no longer do what opened it.
		capability: capabilityOf(streamEvents),
		now: () => clock.seconds(),
		log: app.log,
	});
	// Open streams would keep the server from closing.
	app.addHook("preClose", async () => hub.close());
	// Sessions ended here (a new password, "Log Out Everywhere Else") end their streams at once.
	const stopListening = onSessionsEnded(db.kysely, () => {
		hub.closeRevoked().catch((error) => app.log.warn({ err: error }, "event stream credential check failed"));
	});
	app.addHook("onClose", async () => stopListening());

	contractRoute(app, streamEvents, async ({ query, user, accountId, request, reply }) => {
		if (!hub.canOpen(user.id)) {
			reply.header("retry-after", "30");
			throw new RestError(EVENTS_ERRORS.tooManyStreams, "Too many open event streams for this user.", 429);
		}
		const lastEventId = lastEventIdOf(request.headers["last-event-id"], query.last_event_id);
		reply.hijack();
		reply.raw.writeHead(200, {
			"content-type": "text/event-stream; charset=utf-8",
			"cache-control": "no-store",
			connection: "keep-alive",
			"x-accel-buffering": "no",
			"x-content-type-options": "nosniff",
		});
		await hub.open(accountId, user.id, credentialOf(request.auth), lastEventId, reply.raw);
		return undefined as never;
	});
}
