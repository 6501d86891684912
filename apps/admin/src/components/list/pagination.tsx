import { Button, SelectControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { chevronLeft, chevronRight } from "@wordpress/icons";
import { updateQuery } from "../../app/router.tsx";
import { type Paging, PER_PAGE_CHOICES } from "./list-query.ts";

/** Previous / next, 'Page N of M', and rows per page, all kept in the URL. */
export function Pagination({ paging, total }: { paging: Paging; total: number }) {
	const pages = Math.max(1, Math.ceil(total / paging.perPage));
	const page = Math.min(paging.paged, pages);
	return (
		<nav className="paydesk-pagination" aria-label={__("Pagination", "paydesk")}>
			<Button
				size="compact"
				variant="secondary"
				disabled={page <= 1}
				onClick={() => updateQuery({ paged: page - 1 === 1 ? undefined : page - 1 })}
				label={__("Previous page", "paydesk")}
				icon={chevronLeft}
			/>
			<span className="paydesk-pagination__page">
				{sprintf(__("Page %1$d of %2$d", "paydesk"), page, pages)}
			</span>
			<Button
				size="compact"
				variant="secondary"
				disabled={page >= pages}
				onClick={() => updateQuery({ paged: page + 1 })}
				label={__("Next page", "paydesk")}
				icon={chevronRight}
			/>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={__("Rows per page", "paydesk")}
				labelPosition="side"
				value={String(paging.perPage)}
				options={PER_PAGE_CHOICES.map((value) => ({ value: String(value), label: String(value) }))}
				onChange={(value) => updateQuery({ per_page: value === "25" ? undefined : value, paged: undefined })}
			/>
		</nav>
	);
}
