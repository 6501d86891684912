/** Stripe's events of the account (the Developers area's event log) and one event with its deliveries. */
import { getStripeEvent, listStripeEvents } from "@paydesk/contract/developers";
import { __ } from "@wordpress/i18n";
import { queryKeys } from "../app/query-keys.ts";
import { isDevelopersId } from "./developers-ids.ts";
import { type ListQuery, readList, useListPage } from "./list-page.ts";
import { useObjectRead } from "./object-read.ts";

export const isStripeEventId = (id: string | undefined): id is string => isDevelopersId("stripeEvent", id);

export function useStripeEvents(query: ListQuery) {
	return useListPage(queryKeys.stripeEvents.list(query), readList(listStripeEvents, query), {
		message: __("Error retrieving events.", "paydesk"),
		id: "stripe-events",
	});
}

export function useStripeEvent(id: string | undefined) {
	return useObjectRead(
		queryKeys.stripeEvents.detail(id ?? ""),
		getStripeEvent,
		{ id: id ?? "" },
		{ enabled: isStripeEventId(id) },
	);
}
