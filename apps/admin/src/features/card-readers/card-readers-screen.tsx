/** /payments/card-readers (spec 2 'Card readers page'): one tab, 'Connected readers'. */
import type { CardReader } from "@paydesk/contract/readers";
import { READERS_PAGE_SIZE, readerStatusLabel } from "@paydesk/domain/readers";
import { TabPanel } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Chip } from "../../components/chip.tsx";
import { type Column, DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import { translator } from "../../components/translator.ts";
import { useCardReaders } from "../../data/readers.ts";

const COLUMNS: readonly Column<CardReader>[] = [
	{
		key: "id",
		label: __("Reader ID", "paydesk"),
		required: true,
		cell: (reader) => <code>{reader.id}</code>,
	},
	{ key: "model", label: __("Model", "paydesk"), required: true, cell: (reader) => reader.device_type },
	{
		key: "status",
		label: __("Status", "paydesk"),
		required: true,
		cell: (reader) => (
			<Chip
				label={readerStatusLabel(reader.is_active, translator)}
				type={reader.is_active ? "success" : "light"}
			/>
		),
	},
];

/** One page of at most 10 readers: nothing to sort or page through. */
const PAGING: Paging = { paged: 1, perPage: READERS_PAGE_SIZE, orderby: "", order: "desc" };

function ConnectedReaders() {
	const readers = useCardReaders();
	return (
		<DataTable
			title={__("Card readers", "paydesk")}
			columns={COLUMNS}
			rows={readers.data?.data}
			rowKey={(reader) => reader.id}
			totalRows={undefined}
			paging={PAGING}
			hidden={[]}
			onToggleColumn={() => undefined}
			isLoading={readers.isPending}
			emptyMessage={
				readers.isError
					? __("Error retrieving card readers.", "paydesk")
					: __("No card readers are connected to your account yet.", "paydesk")
			}
		/>
	);
}

export default function CardReadersScreen() {
	return (
		<div className="paydesk-page paydesk-card-readers">
			<TabPanel tabs={[{ name: "connected-readers", title: __("Connected readers", "paydesk") }]}>
				{() => <ConnectedReaders />}
			</TabPanel>
		</div>
	);
}
