/**
 * "3 new payments — show": a list never changes under its reader's eyes when the account
 * changes (app/live-events.ts only marks its pages stale). On its first page in its default
 * order it counts what arrived and offers to show it; elsewhere the count stays quiet, and the
 * next page, sort or filter reads fresh rows anyway.
 */
import type { AccountEventType } from "@paydesk/contract/events";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { Button } from "@wordpress/components";
import { useEffect, useState } from "react";
import { subscribeLiveEvents } from "../../app/live-events.ts";
import type { Paging } from "./list-query.ts";

/** The first page in the list's default order, where new rows would appear at the top. */
export function isListTop(paging: Paging, defaults: { orderby: string; order: string }): boolean {
	return paging.paged === 1 && paging.orderby === defaults.orderby && paging.order === defaults.order;
}

export interface NewRowsProps {
	/** The events that add a row to this list. */
	events: readonly AccountEventType[];
	/** The list's queries, read again when the reader asks to see the new rows. */
	listKeys: readonly QueryKey[];
	atTop: boolean;
	/** The list's current query: rows read for another query are fresh, so the count restarts. */
	query: unknown;
	label: (count: number) => string;
}

export function NewRows({ events, listKeys, atTop, query, label }: NewRowsProps) {
	const client = useQueryClient();
	const [count, setCount] = useState(0);
	const queryKey = JSON.stringify(query);
	const wanted = events.join(",");
	useEffect(() => {
		const types = new Set(wanted.split(","));
		return subscribeLiveEvents((event) => {
			if (event.type === "reset") setCount(0);
			else if (types.has(event.type)) setCount((current) => current + 1);
		});
	}, [wanted]);
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
