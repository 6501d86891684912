/**
 * A list table whose columns are declared once (heading, cell, sortable, hidden by default,
 * required): the declaration drives the header, the cells, sorting and the column menu. An
 * export's columns are the server's (its payments/<list>/export.ts), not these. Sorting and
 * paging write to the URL.
 */
import {
	Card,
	CardBody,
	CardFooter,
	CardHeader,
	DropdownMenu,
	MenuGroup,
	MenuItem,
	Spinner,
} from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { check, moreVertical } from "@wordpress/icons";
import type { ReactNode } from "react";
import { updateQuery } from "../../app/router.tsx";
import type { Paging } from "./list-query.ts";
import { Pagination } from "./pagination.tsx";

export interface Column<Row> {
	key: string;
	label: string;
	cell: (row: Row) => ReactNode;
	sortable?: boolean;
	hiddenByDefault?: boolean;
	/** Always visible: not offered in the column menu. */
	required?: boolean;
	numeric?: boolean;
	/** Heading only for screen readers (e.g. the details link column). */
	labelHidden?: boolean;
}

export interface SummaryItem {
	label: string;
	value: ReactNode;
}

export interface DataTableProps<Row> {
	title: string;
	columns: readonly Column<Row>[];
	rows: readonly Row[] | undefined;
	rowKey: (row: Row) => string;
	totalRows: number | undefined;
	paging: Paging;
	hidden: readonly string[];
	onToggleColumn: (key: string) => void;
	isLoading: boolean;
	summary?: readonly SummaryItem[];
	actions?: ReactNode;
	/** Above the rows: what arrived since they were read (new-rows.tsx). */
	newRows?: ReactNode;
	emptyMessage: string;
}

function SortButton({
	label,
	active,
	order,
	onSort,
}: {
	label: string;
	active: boolean;
	order: "asc" | "desc";
	onSort: () => void;
}) {
	return (
		<button type="button" className={`paydesk-table__sort${active ? " is-active" : ""}`} onClick={onSort}>
			{label}
			<span aria-hidden="true" className="paydesk-table__sort-icon">
				{active ? (order === "asc" ? "▲" : "▼") : "↕"}
			</span>
			<span className="screen-reader-text">
				{active
					? order === "asc"
						? __("(sorted ascending, activate to sort descending)", "paydesk")
						: __("(sorted descending, activate to sort ascending)", "paydesk")
					: __("(activate to sort)", "paydesk")}
			</span>
		</button>
	);
}

export function DataTable<Row>(props: DataTableProps<Row>) {
	const { title, columns, rows, paging, hidden, isLoading } = props;
	const visible = columns.filter((column) => column.required || !hidden.includes(column.key));
	const optional = columns.filter((column) => !column.required && !column.labelHidden);

	const sortBy = (column: Column<Row>) => {
		const order = paging.orderby === column.key ? (paging.order === "asc" ? "desc" : "asc") : "desc";
		updateQuery({ orderby: column.key, order, paged: undefined });
	};

	return (
		<Card className="paydesk-table-card">
			<CardHeader className="paydesk-table-card__header">
				<h2 className="paydesk-table-card__title">{title}</h2>
				<div className="paydesk-table-card__actions">
					{props.actions}
					{optional.length > 0 && (
						<DropdownMenu
							icon={moreVertical}
							label={__("Choose which values to display", "paydesk")}
							toggleProps={{ size: "compact" }}
						>
							{() => (
								<MenuGroup label={__("Columns:", "paydesk")}>
									{optional.map((column) => (
										<MenuItem
											key={column.key}
											role="menuitemcheckbox"
											isSelected={!hidden.includes(column.key)}
											icon={!hidden.includes(column.key) ? check : undefined}
											onClick={() => props.onToggleColumn(column.key)}
										>
											{column.label}
										</MenuItem>
									))}
								</MenuGroup>
							)}
						</DropdownMenu>
					)}
				</div>
			</CardHeader>
			{props.newRows}
			<CardBody size="none">
				{/* A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
				<section className="paydesk-table__scroll" aria-label={title} tabIndex={0}>
					<table className="paydesk-table" aria-busy={isLoading}>
						<caption className="screen-reader-text">{title}</caption>
						<thead>
							<tr>
								{visible.map((column) => {
									const active = paging.orderby === column.key;
									return (
										<th
											key={column.key}
											scope="col"
											className={column.numeric ? "is-numeric" : undefined}
											aria-sort={active ? (paging.order === "asc" ? "ascending" : "descending") : undefined}
										>
											{column.labelHidden ? (
												<span className="screen-reader-text">{column.label}</span>
											) : column.sortable ? (
												<SortButton
													label={column.label}
													active={active}
													order={paging.order}
													onSort={() => sortBy(column)}
												/>
											) : (
												column.label
											)}
										</th>
									);
								})}
							</tr>
						</thead>
						<tbody>
							{isLoading && (
								<tr>
									<td colSpan={visible.length} className="paydesk-table__status">
										<Spinner /> <span className="screen-reader-text">{__("Loading…", "paydesk")}</span>
									</td>
								</tr>
							)}
							{!isLoading && rows?.length === 0 && (
								<tr>
									<td colSpan={visible.length} className="paydesk-table__status">
										{props.emptyMessage}
									</td>
								</tr>
							)}
							{!isLoading &&
								rows?.map((row) => (
									<tr key={props.rowKey(row)}>
										{visible.map((column) => (
											<td key={column.key} className={column.numeric ? "is-numeric" : undefined}>
												{column.cell(row)}
											</td>
										))}
									</tr>
								))}
						</tbody>
					</table>
				</section>
			</CardBody>
			{props.summary && props.summary.length > 0 && (
				<ul className="paydesk-table__summary" aria-label={sprintf(__("%s summary", "paydesk"), title)}>
					{props.summary.map((item) => (
						<li key={item.label}>
							<span className="paydesk-table__summary-value">{item.value}</span>
							<span className="paydesk-table__summary-label">{item.label}</span>
						</li>
					))}
				</ul>
			)}
			{props.totalRows !== undefined && props.totalRows > 0 && (
				<CardFooter>
					<Pagination paging={props.paging} total={props.totalRows} />
				</CardFooter>
			)}
		</Card>
	);
}
