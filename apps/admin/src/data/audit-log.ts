/**
 * The audit log: a page of Payments › Activity, a payment's own entries, and the link of the
 * filtered CSV. Administrators only: the hooks are not called for anyone else.
 */
import { downloadAuditLog, listAuditLog } from "@paydesk/contract/audit-log";
import { __ } from "@wordpress/i18n";
import { routeUrl } from "../app/api.ts";
import { queryKeys } from "../app/query-keys.ts";
import { withForceDownload } from "../components/download-url.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";

export function useAuditLog(query: ListQuery) {
	return useListPage(queryKeys.auditLog.list(query), readList(listAuditLog, query), {
		message: __("Error retrieving activity.", "paydesk"),
		id: "audit-log",
	});
}

/** The entries of one payment (its payment intent, charge, refunds and dispute), newest first. */
export function usePaymentAuditLog(paymentIntentId: string) {
	return useListPage(
		queryKeys.auditLog.list({ object_id: paymentIntentId }),
		readList(listAuditLog, { object_id: paymentIntentId, pagesize: 100 }),
	);
}

/** The CSV of the list as filtered and sorted on screen, with the REST nonce downloads carry. */
export function auditLogDownloadUrl(query: ListQuery): string {
	return withForceDownload(routeUrl(downloadAuditLog, { query }));
}
