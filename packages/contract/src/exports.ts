/**
 * The export routes every exportable list has (spec 2 §7 "Other calls", spec 3 §7), built by
 * one function from the list's path and its sorted filter query:
 *
 * - GET  {list}/download                      the CSV of the filtered list, answered directly;
 * - POST {list}/download                      filters + sort + user_timezone in the query,
 *                                             { user_email, locale } in the body -> { export_id };
 * - GET  {list}/download/{export_id}          { status: pending | success | error, download_url };
 * - GET  {list}/download/{export_id}/file     the file (download_url), for the requesting user only.
 *
 * The file route answers only the user who asked for the export: through the REST nonce
 * (`_wpnonce` in the URL, as downloads carry it) or an application password, and — so that
 * the link e-mailed to the merchant works in a browser — through their logged-in session
 * cookie alone. It is refused to anyone else (403) and once the export has expired (410).
 * Every row is written in the list's sort order; the CSV has a header row, a UTF-8 BOM,
 * amounts as plain major-unit numbers with a currency column, and times in the store's time
 * zone as "YYYY-MM-DD HH:mm:ss".
 */
import type { ExportKind } from "@paydesk/domain/exports";
import { z } from "zod";
import { queryBool } from "./common.ts";
import { defineRoute } from "./route.ts";

/** How long an export's file and links stay available. */
export const EXPORT_TTL_SECONDS = 7 * 24 * 3600;

export const EXPORT_ERRORS = {
	notFound: "wcpay_export_not_found",
	notReady: "wcpay_export_not_ready",
	expired: "wcpay_export_expired",
} as const;

export const exportRequestBody = z.object({
	/** Where the download link is e-mailed; the current user's address when absent. */
	user_email: z.string().email({ error: "must be an e-mail address" }).max(254).optional(),
	/** The merchant's locale, e.g. "en_US"; kept with the export. */
	locale: z
		.string()
		.regex(/^[a-zA-Z]{2,3}([_-][a-zA-Z0-9]{2,8})*$/, { error: "must be a locale such as en_US" })
		.optional(),
});

export const exportRequested = z.object({ export_id: z.string() });

export const exportIdParams = z.object({
	export_id: z.string().regex(/^\w{1,64}$/, { error: "must contain only word characters" }),
});

export const exportStatus = z.object({
	status: z.enum(["pending", "success", "error"]),
	/** Same-site path of the file once the export succeeded, else null. */
	download_url: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof exportStatus>;

export const exportFileQuery = z.object({
	/** The admin adds force_download=true; the file is always sent as an attachment. */
	force_download: queryBool.optional(),
	_wpnonce: z.string().optional(),
});

/** The body of a file route is the file itself (see `produces`); servers answer it as a stream. */
export const fileBody = z.unknown();

/** The four export routes of a list at `listPath` (e.g. `${REST_BASE}/deposits`). */
export function defineExportRoutes<Q extends z.ZodObject>(spec: {
	kind: ExportKind;
	listPath: string;
	/** The list's sorted filter query (`defineListQuery(...).sorted`). */
	query: Q;
	tag: string;
	/** Plural noun for summaries, e.g. "payouts". */
	noun: string;
}) {
	const base = `${spec.listPath}/download`;
	return {
		kind: spec.kind,
		download: defineRoute({
			method: "GET",
			path: base,
			summary: `The filtered ${spec.noun} as CSV, answered directly`,
			rateLimit: "exports",
			tag: spec.tag,
			query: spec.query,
			response: fileBody,
			produces: "text/csv",
		}),
		request: defineRoute({
			method: "POST",
			path: base,
			summary: `Request a CSV export of the filtered ${spec.noun}, e-mailed and downloadable when ready`,
			// A request for a file changes nothing of the store: whoever may read the list may ask.
			capability: "view_woocommerce_reports",
			rateLimit: "exports",
			tag: spec.tag,
			query: spec.query,
			body: exportRequestBody,
			response: exportRequested,
		}),
		status: defineRoute({
			method: "GET",
			path: `${base}/{export_id}`,
			summary: `Whether a ${spec.noun} export is ready, and its download URL`,
			tag: spec.tag,
			params: exportIdParams,
			response: exportStatus,
			errors: [EXPORT_ERRORS.notFound],
		}),
		file: defineRoute({
			method: "GET",
			path: `${base}/{export_id}/file`,
			summary: `Download a ${spec.noun} export (only the user who requested it)`,
			tag: spec.tag,
			params: exportIdParams,
			query: exportFileQuery,
			response: fileBody,
			produces: "text/csv",
			// Authorised in the handler: the requester's nonce, application password or session cookie.
			public: true,
			errors: [EXPORT_ERRORS.notFound, EXPORT_ERRORS.notReady, EXPORT_ERRORS.expired],
		}),
	};
}

export type ExportRoutes<Q extends z.ZodObject = z.ZodObject> = ReturnType<typeof defineExportRoutes<Q>>;
