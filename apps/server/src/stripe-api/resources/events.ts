/**
 * Events on Stripe's API, read from stripe_events: each Stripe event of the account's log,
 * rendered once (webhooks/materialize.ts) into the JSON that every webhook of it carries too, so
 * an event id always answers the same body. A read first renders what the log gained since the
 * last rendering (two reads when nothing is new), so an event is listed as soon as its change
 * committed, whether or not the job runner has passed since.
 */
import { sql } from "kysely";
import { z } from "zod";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { createdConditions, DEFAULT_LIMIT } from "../lists.ts";
import { listParams, parseParams, retrieveParams } from "../params.ts";
import type { V1Context, V1Router } from "../plugin.ts";
import { EVENT_TYPES, typeMatches } from "../webhooks/event-types.ts";
import { materializeEvents } from "../webhooks/materialize.ts";

const typeFilter = z.string().regex(/^[a-z_.*]{1,100}$/, { error: "must be an event type" });

const listEventsParams = z.strictObject({
	...listParams,
	type: typeFilter.optional(),
	types: z.array(typeFilter).max(20).optional(),
});

/** The stored JSON answered as it is, so every reader gets the same bytes. */
function answerJson(context: V1Context, json: string): string {
	context.reply.type("application/json; charset=utf-8");
	return json;
}

export function registerEvents(router: V1Router): void {
	router.get("/events/:id", async (context) => {
		parseParams(retrieveParams, context.params);
		const id = context.path.id ?? "";
		const db = context.request.server.deps.db.kysely;
		await materializeEvents(db, context.accountId);
		const row = await db
			.selectFrom("stripe_events")
			.select("body")
			.where("account_id", "=", context.accountId)
			.where("id", "=", id)
			.executeTakeFirst();
		if (!row) throw resourceMissing("event", id);
		return answerJson(context, row.body);
	});

	router.get("/events", async (context) => {
		const params = parseParams(listEventsParams, context.params);
		if (params.type && params.types)
			throw invalidRequest("Give type or types[], not both.", { param: "types" });
		if (params.starting_after && params.ending_before) {
			throw invalidRequest("starting_after and ending_before cannot be given together.", {
				param: "ending_before",
			});
		}
		const patterns = params.type ? [params.type] : (params.types ?? null);
		const types = patterns ? EVENT_TYPES.filter((type) => typeMatches(type, patterns)) : null;
		const db = context.request.server.deps.db.kysely;
		await materializeEvents(db, context.accountId);
		const cursorId = params.starting_after ?? params.ending_before;
		const cursor = cursorId
			? await db
					.selectFrom("stripe_events")
					.select(["seq", "idx"])
					.where("account_id", "=", context.accountId)
					.where("id", "=", cursorId)
					.executeTakeFirst()
			: undefined;
		if (cursorId && !cursor) {
			throw resourceMissing("event", cursorId, params.starting_after ? "starting_after" : "ending_before");
		}
		const limit = params.limit ?? DEFAULT_LIMIT;
		const ascending = Boolean(params.ending_before);
		let rows: { body: string }[] = [];
		if (!types || types.length > 0) {
			let query = db.selectFrom("stripe_events").select("body").where("account_id", "=", context.accountId);
			if (types) query = query.where("type", "in", types);
			for (const condition of createdConditions("created", params.created)) query = query.where(condition);
			if (cursor) {
				const position = sql`(${sql.ref("seq")}, ${sql.ref("idx")})`;
				query = query.where(
					ascending
						? sql<boolean>`${position} > (${Number(cursor.seq)}, ${Number(cursor.idx)})`
						: sql<boolean>`${position} < (${Number(cursor.seq)}, ${Number(cursor.idx)})`,
				);
			}
			const direction = ascending ? "asc" : "desc";
			rows = await query
				.orderBy("seq", direction)
				.orderBy("idx", direction)
				.limit(limit + 1)
				.execute();
		}
		const hasMore = rows.length > limit;
		const page = rows.slice(0, limit);
		if (ascending) page.reverse();
		// The list's JSON is written around the stored bodies, which are sent as they are.
		return answerJson(
			context,
			`{"object":"list","url":"/v1/events","has_more":${hasMore},"data":[${page.map((row) => row.body).join(",")}]}`,
		);
	});
}
