/** Document routes (spec 1 §2.4, §7): the list, its summary and the PDF of one document. */
import {
	DOCUMENT_ERRORS,
	downloadDocument,
	getDocumentsSummary,
	listDocuments,
} from "@paydesk/contract/documents";
import { isKnownDocumentType, requiresTaxDetails } from "@paydesk/domain/documents";
import type { FastifyInstance } from "fastify";
import { loadAccount } from "../../accounts/account.ts";
import { taxDetailsOf } from "../../accounts/documents.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { notFound, RestError } from "../../http/rest-error.ts";
import { readerOf } from "../../i18n/reader-language.ts";
import { filterTimeZone } from "../../lists/time-zones.ts";
import { taxInvoicePdf } from "./invoice.ts";
import { countDocuments, feesCharged, findDocument, listDocumentsPage } from "./queries.ts";

const documentNotFound = () =>
	notFound(DOCUMENT_ERRORS.notFound, "The document you are looking for cannot be found.");

export default async function documentsRoutes(app: FastifyInstance): Promise<void> {
	const { db, clock } = app.deps;

	contractRoute(app, listDocuments, async ({ query, accountId }) =>
		listDocumentsPage(db.kysely, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, getDocumentsSummary, async ({ query, accountId }) =>
		countDocuments(db.kysely, accountId, query, await filterTimeZone(db.kysely, accountId, query)),
	);

	contractRoute(app, downloadDocument, async ({ params, user, accountId, reply }) => {
		const document = await findDocument(db.kysely, accountId, params.id);
		if (!document) throw documentNotFound();
		if (!isKnownDocumentType(document.type)) {
			throw new RestError(
				DOCUMENT_ERRORS.unsupportedType,
				"This type of document cannot be downloaded.",
				400,
			);
		}
		const account = await loadAccount(db.kysely, accountId);
		const taxDetails = account ? taxDetailsOf(account) : null;
		if (!account || (requiresTaxDetails(document.type) && !taxDetails)) {
			throw new RestError(
				DOCUMENT_ERRORS.taxDetailsMissing,
				"Please set your tax details before downloading a tax invoice.",
				409,
			);
		}
		const hasPeriod = document.period_from !== null && document.period_to !== null;
		const fees = hasPeriod
			? await feesCharged(db.kysely, accountId, document.period_from ?? 0, document.period_to ?? 0)
			: [{ currency: document.currency, amount: document.amount }];
		// In the language of the user who downloads it, dates in the store's format.
		const pdf = await taxInvoicePdf({
			documentId: document.id,
			issued: document.date,
			periodFrom: document.period_from,
			periodTo: document.period_to,
			storeName: account.name,
			reader: await readerOf(db.kysely, accountId, user.id),
			taxDetails: taxDetails ?? { name: account.name, address: "", vat_number: null },
			fees,
			created: new Date(clock.seconds() * 1000),
		});
		reply
			.header("content-type", "application/pdf")
			.header("content-disposition", `attachment; filename="tax-invoice-${document.id}.pdf"`)
			.header("cache-control", "private, no-store");
		return pdf;
	});
}
