/**
 * "3 new payments — show": a list never changes under its reader's eyes when the account
 * changes (app/live-events.ts only marks its pages stale). On its first page in its default
 * order it counts the rows that arrived and offers to show them; elsewhere the count stays
 * quiet, and the next page, sort or filter reads fresh rows anyway. What counts is the list's
 * own: the transactions list counts the rows each change added to the ledger, as the change's
 * event says, so a decline offers nothing, a manual capture one row and a refund one row.
 */
import type { AccountEvent, AccountEventType } from "@paydesk/contract/events";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { Button } from "@wordpress/components";
import { useEffect, useRef, useState } from "react";
import { subscribeLiveEvents } from "../../app/live-events.ts";
import type { Paging } from "./list-query.ts";

/** The first page in the list's default order, where new rows would appear at the top. */
export function isListTop(paging: Paging, defaults: { orderby: string; order: string }): boolean {
	return paging.paged === 1 && paging.orderby === defaults.orderby && paging.order === defaults.order;
}

/** One row per event of these types: a list whose rows are the objects the events create. */
export function oneRowPer(...types: readonly AccountEventType[]): (event: AccountEvent) => number {
	return (event) => (types.includes(event.type) ? 1 : 0);
}

export interface NewRowsProps {
	/** How many rows of this list an event added (0 for one that added none). */
	rowsAdded: (event: AccountEvent) => number;
	/** The list's queries, read again when the reader asks to see the new rows. */
	listKeys: readonly QueryKey[];
	atTop: boolean;
	/** The list's current query: rows read for another query are fresh, so the count restarts. */
	query: unknown;
	label: (count: number) => string;
}

export function NewRows({ rowsAdded, listKeys, atTop, query, label }: NewRowsProps) {
	const client = useQueryClient();
	const [count, setCount] = useState(0);
	const queryKey = JSON.stringify(query);
	// The latest counting rule, without subscribing again when a render passes a new function.
	const counting = useRef(rowsAdded);
	counting.current = rowsAdded;
	useEffect(
		() =>
			subscribeLiveEvents((event) => {
				if (event.type === "reset") setCount(0);
				else {
					const added = counting.current(event);
					if (added > 0) setCount((current) => current + added);
				}
			}),
		[],
	);
	// biome-ignore lint/correctness/useExhaustiveDependencies: the count restarts with each new query.
	useEffect(() => setCount(0), [queryKey]);
	const show = () => {
		setCount(0);
		for (const key of listKeys) void client.invalidateQueries({ queryKey: key });
	};
	return (
		<div className="paydesk-new-rows" role="status">
			{atTop && count > 0 && (
				<Button variant="secondary" size="compact" onClick={show}>
					{label(count)}
				</Button>
			)}
		</div>
	);
}
