/**
 * The card reader fee view payment details opens for transaction_type=card_reader_fee
 * (spec 2 'Card readers stats'): a table of the readers the charge billed — reader id, status,
 * transactions and fee — with a CSV download; 'Readers details not loaded' when it fails.
 */
import type { CardReaderStat } from "@paydesk/contract/readers";
import {
	READERS_PAGE_SIZE,
	readerStatStatusLabel,
	readerStatsCsv,
	readerStatsTotal,
} from "@paydesk/domain/readers";
import { Button, Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { download } from "@wordpress/icons";
import { recordEvent } from "../../app/tracks.ts";
import { useReaderChargeStats } from "../../data/readers.ts";
import { formatMoney, formatNumber, formatStoreDate } from "../format.ts";
import { type Column, DataTable, type SummaryItem } from "../list/data-table.tsx";
import type { Paging } from "../list/list-query.ts";
import { saveFile } from "../save-file.ts";
import { translator } from "../translator.ts";

const COLUMNS: readonly Column<CardReaderStat>[] = [
	{
		key: "reader_id",
		label: __("Reader ID", "paydesk"),
		required: true,
		cell: (stat) => <code>{stat.reader_id}</code>,
	},
	{
		key: "status",
		label: __("Status", "paydesk"),
		required: true,
		cell: (stat) => readerStatStatusLabel(stat.status, translator),
	},
	{
		key: "count",
		label: __("Transactions", "paydesk"),
		numeric: true,
		required: true,
		cell: (stat) => stat.count,
	},
	{
		key: "fee",
		label: __("Fee", "paydesk"),
		numeric: true,
		required: true,
		cell: (stat) => formatMoney(stat.fee.amount, stat.fee.currency),
	},
];

const PAGING: Paging = { paged: 1, perPage: READERS_PAGE_SIZE, orderby: "", order: "desc" };

export interface CardReaderFeesProps {
	chargeId: string;
	transactionId?: string;
}

export function CardReaderFees({ chargeId, transactionId }: CardReaderFeesProps) {
	const stats = useReaderChargeStats(chargeId);
	if (stats.isError || !/^\w+$/.test(chargeId)) {
		return (
			<Notice status="error" isDismissible={false}>
				{__("Readers details not loaded", "paydesk")}
			</Notice>
		);
	}
	const rows = stats.data?.data;
	const total = rows ? readerStatsTotal(rows) : null;
	const currency = rows?.[0]?.fee.currency;
	const summary: SummaryItem[] =
		total && currency
			? [
					{ label: __("transactions", "paydesk"), value: formatNumber(total.count) },
					{ label: __("card reader fee", "paydesk"), value: formatMoney(total.amount, currency) },
				]
			: [];
	return (
		<div className="paydesk-card-reader-fees">
			{stats.data && (
				<p className="paydesk-card-reader-fees__billed">
					{sprintf(__("Card reader fee billed on %s", "paydesk"), formatStoreDate(stats.data.created))}
					{transactionId ? ` · ${transactionId}` : ""}
				</p>
			)}
			<DataTable
				title={__("Card readers", "paydesk")}
				columns={COLUMNS}
				rows={rows}
				rowKey={(stat) => stat.reader_id}
				totalRows={undefined}
				paging={PAGING}
				hidden={[]}
				onToggleColumn={() => undefined}
				isLoading={stats.isPending}
				summary={summary}
				emptyMessage={__("No reader was billed by this charge.", "paydesk")}
				actions={
					<Button
						variant="secondary"
						size="compact"
						icon={download}
						disabled={!rows || rows.length === 0}
						accessibleWhenDisabled
						onClick={() => {
							if (!rows) return;
							saveFile(
								new Blob([readerStatsCsv(rows, translator)], { type: "text/csv;charset=utf-8" }),
								`card-reader-fees-${chargeId}.csv`,
							);
							recordEvent("wcpay_csv_export", {
								list: "card_reader_fees",
								filtered: false,
								delivery: "direct",
							});
						}}
					>
						{__("Download", "paydesk")}
					</Button>
				}
			/>
		</div>
	);
}
