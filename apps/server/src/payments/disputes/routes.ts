/** Dispute routes (spec 3 §7): list, summary, one dispute, save or submit evidence, accept, export. */
import {
	closeDispute,
	DISPUTE_ERRORS,
	getDispute,
	getDisputesSummary,
	listDisputes,
	updateDispute,
} from "@paydesk/contract/disputes";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { auditActorOf } from "../../audit/record.ts";
import { registerExport } from "../../exports/register-export.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { invalidParams, notFound, RestError } from "../../http/rest-error.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { type DisputeDecision, DisputeError, type DisputeErrorCode } from "../../processors/processor.ts";
import { loadDispute } from "./detail.ts";
import { disputeExport } from "./export.ts";
import { listDisputeRows, summariseDisputes } from "./queries.ts";

const disputeNotFound = () =>
	notFound(DISPUTE_ERRORS.notFound, "The dispute you are looking for cannot be found.");

const ERROR_ANSWERS: Readonly<Record<Exclude<DisputeErrorCode, "unknown_file">, readonly [string, number]>> =
	{
		not_found: [DISPUTE_ERRORS.notFound, 404],
		not_editable: [DISPUTE_ERRORS.notEditable, 409],
		files_too_large: [DISPUTE_ERRORS.filesTooLarge, 400],
		evidence_too_long: [DISPUTE_ERRORS.evidenceTooLong, 400],
		product_type_required: [DISPUTE_ERRORS.productTypeRequired, 400],
	};

/** Runs a processor decision and answers the dispute as it now stands. */
async function decided(
	deps: AppDeps,
	accountId: string,
	reply: { header(name: string, value: string): unknown },
	run: () => Promise<DisputeDecision>,
) {
	let decision: DisputeDecision;
	try {
		decision = await run();
	} catch (error) {
		if (!(error instanceof DisputeError)) throw error;
		if (error.code === "unknown_file") throw invalidParams({ [`evidence.${error.field}`]: error.message });
		const [code, status] = ERROR_ANSWERS[error.code];
		throw new RestError(code, error.message, status, {
			...(error.field ? { field: error.field } : {}),
			...error.limit,
		});
	}
	if (decision.replayed) reply.header("idempotent-replayed", "true");
	const dispute = await loadDispute(deps.db.kysely, accountId, decision.disputeId);
	if (!dispute) throw disputeNotFound();
	return dispute;
}

export default async function disputesRoutes(app: FastifyInstance): Promise<void> {
	const { db } = app.deps;

	contractRoute(app, listDisputes, async ({ query, accountId }) =>
		listDisputeRows(db.kysely, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, getDisputesSummary, async ({ query, accountId }) =>
		summariseDisputes(db.kysely, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, getDispute, async ({ params, accountId }) => {
		const dispute = await loadDispute(db.kysely, accountId, params.id);
		if (!dispute) throw disputeNotFound();
		return dispute;
	});

	contractRoute(app, updateDispute, async ({ params, body, accountId, idempotency, request, reply, clock }) =>
		decided(app.deps, accountId, reply, () =>
			app.processorFor(accountId).saveEvidence({
				accountId,
				disputeId: params.id,
				now: clock.seconds(),
				evidence: body.evidence,
				metadata: body.metadata,
				submit: body.submit,
				idempotency,
				actor: auditActorOf(request),
			}),
		),
	);

	contractRoute(app, closeDispute, async ({ params, accountId, idempotency, request, reply, clock }) =>
		decided(app.deps, accountId, reply, () =>
			app.processorFor(accountId).acceptDispute({
				accountId,
				disputeId: params.id,
				now: clock.seconds(),
				idempotency,
				actor: auditActorOf(request),
			}),
		),
	);

	registerExport(app, disputeExport);
}
