/**
 * The export flow every list shares (spec 2 §7): ask for confirmation when nothing narrows a
 * large list, request the export with the list's filters and sort, then poll its availability
 * (1 s before the first try, 1 s apart, 5 tries) and download it with force_download=true.
 * An export still running after the last try goes on: the merchant is told it will reach the
 * bell (a notification with its link) and their e-mail. Each export is a usage event: which list,
 * whether filtered, downloaded or e-mailed (app/tracks.ts).
 */
import type { ExportRoutes } from "@paydesk/contract/exports";
import {
	EXPORT_POLL_ATTEMPTS,
	EXPORT_POLL_INITIAL_DELAY_MS,
	EXPORT_POLL_INTERVAL_MS,
	type ExportKind,
	exportConfirmationMessage,
	exportContinuesMessage,
	exportFailureMessage,
	exportNeedsConfirmation,
	exportSuccessMessage,
} from "@paydesk/domain/exports";
import type { QueryValue } from "@paydesk/domain/query-string";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { recordEvent } from "../../app/tracks.ts";
import { downloadUrl, withForceDownload } from "../download-url.ts";
import { translator } from "../translator.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ExportOptions {
	kind: ExportKind;
	routes: ExportRoutes;
	/** The list's current filters and sort, as the API names them. */
	query: Record<string, QueryValue>;
	total: number | undefined;
	hasFilters: boolean;
	/** Tests shorten the waits. */
	delays?: { initial: number; interval: number };
}

export function useExport(options: ExportOptions): { start: () => Promise<void>; isExporting: boolean } {
	const [isExporting, setExporting] = useState(false);

	const start = async () => {
		if (isExporting) return;
		const total = options.total ?? 0;
		if (exportNeedsConfirmation(options.kind, { hasFilters: options.hasFilters, total })) {
			if (!window.confirm(exportConfirmationMessage(options.kind, total, translator))) return;
		}
		const settings = getSettings();
		const exported = (delivery: "direct" | "email") =>
			recordEvent("wcpay_csv_export", { list: options.kind, filtered: options.hasFilters, delivery });
		setExporting(true);
		try {
			const { export_id } = await callRoute(options.routes.request, {
				query: options.query,
				body: { user_email: settings.currentUserEmail, locale: settings.locale.code },
			});
			createNotice("success", exportSuccessMessage(settings.currentUserEmail, translator));
			await sleep(options.delays?.initial ?? EXPORT_POLL_INITIAL_DELAY_MS);
			for (let attempt = 0; attempt < EXPORT_POLL_ATTEMPTS; attempt++) {
				const status = await callRoute(options.routes.status, { params: { export_id } });
				if (status.status === "success" && status.download_url) {
					downloadUrl(withForceDownload(status.download_url));
					exported("direct");
					return;
				}
				if (status.status === "error") {
					createNotice("error", exportFailureMessage(translator));
					return;
				}
				if (attempt < EXPORT_POLL_ATTEMPTS - 1)
					await sleep(options.delays?.interval ?? EXPORT_POLL_INTERVAL_MS);
			}
			createNotice("info", exportContinuesMessage(settings.currentUserEmail, translator));
			exported("email");
		} catch {
			createNotice("error", exportFailureMessage(translator));
		} finally {
			setExporting(false);
		}
	};

	return { start, isExporting };
}
