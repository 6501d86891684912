/** The admin's side of live updates (live-events.ts): started once by the shell, used by screens. */
import type { AccountEventType } from "@paydesk/contract/events";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveApplier, startLiveEvents, subscribeLiveEvents } from "./live-events.ts";

/** Reads the account's events while mounted and keeps the client's data up to date. */
export function LiveUpdates() {
	const client = useQueryClient();
	useEffect(() => {
		const unsubscribe = subscribeLiveEvents(liveApplier(client));
		const stop = startLiveEvents();
		return () => {
			stop();
			unsubscribe();
		};
	}, [client]);
	return null;
}

/**
 * A screen's own list that follows the account as it changes (the overview's recent payouts
 * and the disputes its task counts), read again on each of `types`.
 */
export function useLiveRefresh(types: readonly AccountEventType[], queryKey: QueryKey, enabled = true): void {
	const client = useQueryClient();
	const wanted = types.join(",");
	const key = JSON.stringify(queryKey);
	useEffect(() => {
		if (!enabled) return;
		const kinds = new Set(wanted.split(","));
		const refreshed = JSON.parse(key) as QueryKey;
		return subscribeLiveEvents((event) => {
			if (kinds.has(event.type)) void client.invalidateQueries({ queryKey: refreshed });
		});
	}, [client, wanted, key, enabled]);
}
