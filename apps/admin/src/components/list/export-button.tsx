import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { download } from "@wordpress/icons";
import { type ExportOptions, useExport } from "./use-export.ts";

/** The Export button above a list: one click exports exactly the filtered, sorted rows. */
export function ExportButton(props: ExportOptions) {
	const { start, isExporting } = useExport(props);
	return (
		<Button
			variant="secondary"
			size="compact"
			icon={download}
			isBusy={isExporting}
			disabled={isExporting || props.total === 0}
			accessibleWhenDisabled
			onClick={() => void start()}
		>
			{__("Export", "paydesk")}
		</Button>
	);
}
