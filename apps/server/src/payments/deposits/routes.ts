/** Payout routes (spec 2 §7): list, summary, overview, one payout, instant payout, exports. */
import {
	createInstantDeposit,
	DEPOSIT_ERRORS,
	getDeposit,
	getDepositsOverview,
	getDepositsSummary,
	listDeposits,
} from "@paydesk/contract/deposits";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { auditActorOf } from "../../audit/record.ts";
import { registerExport } from "../../exports/register-export.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound, RestError } from "../../http/rest-error.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { PayoutError } from "../../processors/processor.ts";
import { payoutExport } from "./export.ts";
import { depositsOverview } from "./overview.ts";
import { findPayout, listPayouts, summarisePayouts, toPayout } from "./queries.ts";

const accountMissing = () =>
	new RestError("wcpay_account_not_found", "No payments account is connected to this store.", 404);

const PAYOUT_ERROR_ANSWERS = {
	account_missing: [accountMissing().code, 404],
	instant_unavailable: [DEPOSIT_ERRORS.instantUnavailable, 400],
} as const;

export default async function depositsRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listDeposits, async ({ query, accountId }) =>
		listPayouts(db.kysely, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, getDepositsSummary, async ({ query, accountId }) => {
		const account = await loadAccount(db.kysely, accountId);
		const timeZone = await filterTimeZone(db.kysely, accountId, query);
		return summarisePayouts(db.kysely, accountId, query, timeZone, account?.default_currency ?? "usd");
	});

	contractRoute(app, getDepositsOverview, async ({ accountId, clock }) => {
		const account = await loadAccount(db.kysely, accountId);
		if (!account) throw accountMissing();
		return depositsOverview(db.kysely, account, clock.seconds());
	});

	contractRoute(app, getDeposit, async ({ params, accountId }) => {
		const row = await findPayout(db.kysely, accountId, params.id);
		if (!row) throw notFound(DEPOSIT_ERRORS.notFound, "The deposit you are looking for cannot be found.");
		return toPayout(row);
	});

	contractRoute(app, createInstantDeposit, async ({ body, user, accountId, idempotency, request, clock }) => {
		try {
			const { payout } = await app.processorFor(accountId).instantPayout({
				accountId,
				userId: user.id,
				currency: body.currency,
				now: clock.seconds(),
				idempotency,
				actor: auditActorOf(request),
			});
			return toPayout(payout);
		} catch (error) {
			if (!(error instanceof PayoutError)) throw error;
			const [code, status] = PAYOUT_ERROR_ANSWERS[error.code];
			throw new RestError(code, error.message, status);
		}
	});

	registerExport(app, payoutExport);
}
