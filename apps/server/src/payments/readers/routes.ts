/** Card reader routes (spec 2 §7): the readers list and the stats of a card reader fee charge. */
import { getReaderChargeStats, listReaders, READER_ERRORS } from "@paydesk/contract/readers";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { listCardReaders, readerChargeLines } from "./queries.ts";

export default async function readersRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listReaders, async ({ query, accountId }) =>
		listCardReaders(db.kysely, accountId, query.limit),
	);

	contractRoute(app, getReaderChargeStats, async ({ params, accountId }) => {
		const lines = await readerChargeLines(db.kysely, accountId, params.id);
		if (!lines) {
			throw notFound(READER_ERRORS.chargeNotFound, "No card reader fees were billed by this charge.");
		}
		return {
			charge_id: params.id,
			created: new Date(lines.created * 1000).toISOString(),
			data: lines.data,
		};
	});
}
