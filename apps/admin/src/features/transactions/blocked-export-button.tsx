/**
 * Export of the blocked tab: one GET of every blocked and on-review transaction matching the
 * tab's search and sort, turned into a CSV file here and saved (spec 2 §7), a usage event.
 */
import { downloadFraudOutcomes } from "@paydesk/contract/fraud-outcomes";
import { exportFailureMessage } from "@paydesk/domain/exports";
import type { QueryValue } from "@paydesk/domain/query-string";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { download } from "@wordpress/icons";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { recordEvent } from "../../app/tracks.ts";
import { saveFile } from "../../components/save-file.ts";
import { translator } from "../../components/translator.ts";
import { orEmpty } from "../../data/fraud-outcomes.ts";
import { blockedCsv, blockedCsvName } from "./blocked-csv.ts";

/** Not disabled on an empty tab: the file also holds the on-review outcomes the tab does not list. */
export function BlockedExportButton({
	query,
	hasFilters,
}: {
	query: Record<string, QueryValue>;
	/** Whether search terms narrow the export. */
	hasFilters: boolean;
}) {
	const [busy, setBusy] = useState(false);
	const exportCsv = async () => {
		setBusy(true);
		try {
			const { data } = await orEmpty(callRoute(downloadFraudOutcomes, { query }), { data: [] });
			const timeZone = getSettings().timezone;
			const csv = blockedCsv(data, timeZone);
			saveFile(
				new Blob([csv], { type: "text/csv;charset=utf-8" }),
				blockedCsvName(Date.now() / 1000, timeZone),
			);
			recordEvent("wcpay_csv_export", { list: "blocked", filtered: hasFilters, delivery: "direct" });
		} catch {
			createNotice("error", exportFailureMessage(translator));
		} finally {
			setBusy(false);
		}
	};
	return (
		<Button
			variant="secondary"
			size="compact"
			icon={download}
			isBusy={busy}
			disabled={busy}
			accessibleWhenDisabled
			onClick={() => void exportCsv()}
		>
			{__("Export", "paydesk")}
		</Button>
	);
}
