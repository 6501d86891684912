/**
 * A list screen's body, the same on every list: the filter bar, then the table with its paging,
 * column visibility (a per-user preference), "N new … — show", summary, actions (search, export)
 * and empty message. A screen gives its list's parts and data; it keeps what is its own (notices
 * above the list, the wording of its summary). A list without filters, live new rows or actions
 * (the uncaptured tab, documents) leaves those out.
 */
import type { AccountEvent } from "@paydesk/contract/events";
import type { QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type Column, DataTable, type SummaryItem } from "./data-table.tsx";
import { ListFilters, type ListFiltersProps } from "./list-filters.tsx";
import type { Paging } from "./list-query.ts";
import { isListTop, NewRows } from "./new-rows.tsx";
import { useHiddenColumns } from "./use-hidden-columns.ts";

export interface ListScreenProps<Row> {
	filters?: ListFiltersProps;
	title: string;
	columns: readonly Column<Row>[];
	rowKey: (row: Row) => string;
	/** The user meta key that keeps this table's hidden columns. */
	hiddenColumnsKey: string;
	/** The page of rows, as the list's query hook answers it. */
	list: { data?: { data: readonly Row[]; total_count: number } | undefined; isPending: boolean };
	paging: Paging;
	/** The list's sort when the URL names none: new rows are offered on its first page only. */
	defaultOrder: { orderby: string; order: string };
	/** The list's current query (the new rows' count restarts with another one). */
	listQuery: unknown;
	newRows?: {
		/** How many rows of this list an event added. */
		rowsAdded: (event: AccountEvent) => number;
		/** Every page of the list (queryKeys.<list>.lists()), read again on "show". */
		listKey: QueryKey;
		label: (count: number) => string;
	};
	summary: readonly SummaryItem[];
	emptyMessage: string;
	actions?: ReactNode;
}

export function defaultHiddenColumns<Row>(columns: readonly Column<Row>[]): string[] {
	return columns.filter((column) => column.hiddenByDefault).map((column) => column.key);
}

export function ListScreen<Row>(props: ListScreenProps<Row>) {
	const { columns, paging, newRows } = props;
	const hidden = useHiddenColumns(props.hiddenColumnsKey, defaultHiddenColumns(columns));
	return (
		<>
			{props.filters && <ListFilters {...props.filters} />}
			<DataTable
				title={props.title}
				columns={columns}
				rows={props.list.data?.data}
				rowKey={props.rowKey}
				totalRows={props.list.data?.total_count}
				paging={paging}
				hidden={hidden.hidden}
				onToggleColumn={hidden.toggle}
				isLoading={props.list.isPending}
				newRows={
					newRows && (
						<NewRows
							rowsAdded={newRows.rowsAdded}
							listKeys={[newRows.listKey]}
							atTop={isListTop(paging, props.defaultOrder)}
							query={props.listQuery}
							label={newRows.label}
						/>
					)
				}
				summary={props.summary}
				emptyMessage={props.emptyMessage}
				actions={props.actions}
			/>
		</>
	);
}
