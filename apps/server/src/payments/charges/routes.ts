/**
 * GET {base}/charges/{id}, /charges/order/{id} and /payment_intents/{id} (spec 2 §7): one
 * payment as the payment details screen reads it.
 */
import { CHARGE_ERRORS, getCharge, getChargeByOrder, getPaymentIntent } from "@paydesk/contract/charges";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound } from "../../http/rest-error.ts";
import { findChargeRow, loadCharge, paymentIntentOf } from "../../ledger/charges.ts";

export default async function chargesRoutes(app: FastifyInstance): Promise<void> {
	const db = app.deps.db.kysely;

	contractRoute(app, getCharge, async ({ params, accountId }) => {
		const row = await findChargeRow(db, accountId, { id: params.id });
		if (!row) throw notFound(CHARGE_ERRORS.chargeNotFound, "The payment could not be found.");
		return loadCharge(db, row);
	});

	contractRoute(app, getChargeByOrder, async ({ params, accountId }) => {
		const row = await findChargeRow(db, accountId, { orderId: params.id });
		if (!row)
			throw notFound(CHARGE_ERRORS.missingOrder, "The order could not be found, or it has no payment.");
		return loadCharge(db, row);
	});

	contractRoute(app, getPaymentIntent, async ({ params, accountId }) => {
		const row = await findChargeRow(db, accountId, { paymentIntentId: params.id });
		if (!row) throw notFound(CHARGE_ERRORS.intentNotFound, "The payment could not be found.");
		return paymentIntentOf(await loadCharge(db, row));
	});
}
