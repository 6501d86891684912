/**
 * What a notification says, in its reader's language: written when it is read, from the facts
 * the notification keeps, so a user who changes language reads the bell in the new one.
 */
import type { NotificationType } from "@paydesk/contract/events";
import { EXPORT_KINDS, type ExportKind } from "@paydesk/domain/exports";
import { formatAmount } from "@paydesk/domain/money";
import { taskActionUrl } from "@paydesk/domain/tasks";
import { PAYMENT_DETAILS_PATH } from "@paydesk/domain/transactions";
import { z } from "zod";
import { type Reader, readerDateTime } from "../i18n/reader-language.ts";
import type { ServerTranslator } from "../i18n/translator.ts";

/** The facts a notification keeps (its `data`). */
export const notificationFacts = z.object({
	amount: z.number().optional(),
	currency: z.string().optional(),
	/** Epoch seconds by which dispute evidence is due. */
	due_by: z.number().optional(),
	inquiry: z.boolean().optional(),
	kind: z.enum(EXPORT_KINDS).optional(),
	/** Same-site path of an export's file. */
	download_url: z.string().optional(),
	/** A webhook endpoint's URL. */
	url: z.string().optional(),
	/** A webhook endpoint's id. */
	endpoint_id: z.string().optional(),
	/** How many deliveries failed in a row. */
	count: z.number().optional(),
});
export type NotificationFacts = z.infer<typeof notificationFacts>;

/** "Your transactions export is ready": the export's e-mail subject and its notification. */
export function exportReadyTitle(t: ServerTranslator, kind: ExportKind | undefined): string {
	switch (kind) {
		case "deposits":
			return t.__("Your payouts export is ready", "paydesk");
		case "disputes":
			return t.__("Your disputes export is ready", "paydesk");
		default:
			return t.__("Your transactions export is ready", "paydesk");
	}
}

function exportFailedTitle(t: ServerTranslator, kind: ExportKind | undefined): string {
	switch (kind) {
		case "deposits":
			return t.__("Your payouts export could not be finished. Please export again.", "paydesk");
		case "disputes":
			return t.__("Your disputes export could not be finished. Please export again.", "paydesk");
		default:
			return t.__("Your transactions export could not be finished. Please export again.", "paydesk");
	}
}

/** A new dispute's line: the subject of its e-mail and its notification. */
export function disputeCreatedTitle(t: ServerTranslator, amount: string, inquiry: boolean): string {
	return inquiry
		? /* translators: %s: an amount, e.g. $50.00. */
			t.sprintf(t.__("An inquiry was opened on a %s payment", "paydesk"), amount)
		: /* translators: %s: an amount, e.g. $50.00. */
			t.sprintf(t.__("A %s payment was disputed", "paydesk"), amount);
}

export function notificationTitle(reader: Reader, type: NotificationType, facts: NotificationFacts): string {
	const { t } = reader;
	const amount =
		facts.amount === undefined || !facts.currency
			? ""
			: formatAmount(facts.amount, facts.currency, { locale: reader.locale });
	switch (type) {
		case "export_ready":
			return exportReadyTitle(t, facts.kind);
		case "export_failed":
			return exportFailedTitle(t, facts.kind);
		case "dispute_created":
			return disputeCreatedTitle(t, amount, facts.inquiry === true);
		case "dispute_evidence_due":
			return t.sprintf(
				/* translators: 1: an amount, e.g. $50.00, 2: a date and time. */
				t.__("Evidence for a %1$s dispute is due by %2$s", "paydesk"),
				amount,
				readerDateTime(reader, facts.due_by ?? 0),
			);
		case "payout_failed":
			/* translators: %s: an amount, e.g. $50.00. */
			return t.sprintf(t.__("A %s payout failed", "paydesk"), amount);
		case "payment_review":
			/* translators: %s: an amount, e.g. $50.00. */
			return t.sprintf(t.__("A %s payment is held for review", "paydesk"), amount);
		case "webhook_endpoint_disabled":
			return t.sprintf(
				/* translators: %s: a webhook endpoint's URL. */
				t.__("The webhook endpoint %s was disabled: it failed for 3 days", "paydesk"),
				facts.url ?? "",
			);
		case "webhook_endpoint_failing":
			return t.sprintf(
				/* translators: 1: a webhook endpoint's URL, 2: a number of deliveries, e.g. 10. */
				t.__("The webhook endpoint %1$s failed %2$d deliveries in a row", "paydesk"),
				facts.url ?? "",
				facts.count ?? 0,
			);
	}
}

/** The admin's screen of one webhook endpoint (Payments › Developers › Webhooks). */
const WEBHOOK_ENDPOINT_PATH = "/payments/developers/webhooks/details";

const adminPage = (path: string, id: string) => taskActionUrl({ kind: "admin", path, query: { id } }) ?? "";

export function notificationLink(
	t: ServerTranslator,
	type: NotificationType,
	objectId: string,
	facts: NotificationFacts,
): { label: string; url: string } | null {
	switch (type) {
		case "export_ready":
			return facts.download_url ? { label: t.__("Download", "paydesk"), url: facts.download_url } : null;
		case "export_failed":
			return null;
		case "dispute_created":
		case "dispute_evidence_due":
			return {
				label: t.__("View dispute", "paydesk"),
				url: adminPage("/payments/disputes/details", objectId),
			};
		case "payout_failed":
			return { label: t.__("View payout", "paydesk"), url: adminPage("/payments/payouts/details", objectId) };
		case "payment_review":
			return { label: t.__("Review payment", "paydesk"), url: adminPage(PAYMENT_DETAILS_PATH, objectId) };
		case "webhook_endpoint_disabled":
		case "webhook_endpoint_failing":
			return facts.endpoint_id
				? {
						label: t.__("View endpoint", "paydesk"),
						url: adminPage(WEBHOOK_ENDPOINT_PATH, facts.endpoint_id),
					}
				: null;
	}
}
