/**
 * /payments/developers/events: Stripe's events of the account, newest first, as `/v1/events`
 * and the webhooks carry them, filtered by type and date; a payment's screen links here narrowed
 * to that payment. Each event opens with its JSON and its deliveries.
 */
import "./events.css";
import { eventQueries } from "@paydesk/contract/developers";
import { Notice } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { paymentDetailsUrl } from "../../app/paths.ts";
import { navigate, updateQuery, useLocation } from "../../app/router.tsx";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { formatNumber } from "../../components/format.ts";
import type { SummaryItem } from "../../components/list/data-table.tsx";
import { ListScreen } from "../../components/list/list-screen.tsx";
import { useStripeEvents } from "../../data/stripe-events.ts";
import { EVENTS_HIDDEN_COLUMNS_KEY, eventColumns } from "./event-columns.tsx";
import { eventFilterFields, eventsListState, paymentOfList } from "./events-list-state.ts";

function PaymentFilterNotice({ paymentIntentId }: { paymentIntentId: string }) {
	return (
		<Notice
			status="info"
			isDismissible={false}
			className="paydesk-developers__payment-notice"
			actions={[
				{ label: __("View payment", "paydesk"), onClick: () => navigate(paymentDetailsUrl(paymentIntentId)) },
				{
					label: __("Show all events", "paydesk"),
					onClick: () => updateQuery({ payment_intent_is: undefined, paged: undefined }),
					variant: "secondary",
				},
			]}
		>
			{sprintf(
				/* translators: %s: a payment's id, e.g. pi_123 */
				__("Showing the events of payment %s.", "paydesk"),
				paymentIntentId,
			)}
		</Notice>
	);
}

export default function EventsScreen() {
	const { query } = useLocation();
	const fields = eventFilterFields();
	const state = eventsListState(query, fields);
	const list = useStripeEvents(state.listQuery);
	const payment = paymentOfList(query);
	const count = list.data?.total_count;
	const summary: SummaryItem[] =
		count === undefined
			? []
			: [{ label: _n("event", "events", count, "paydesk"), value: formatNumber(count) }];

	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="events" />
			{payment && <PaymentFilterNotice paymentIntentId={payment} />}
			<ListScreen
				filters={{ things: __("Events", "paydesk"), allLabel: __("All events", "paydesk"), fields }}
				title={__("Events", "paydesk")}
				columns={eventColumns()}
				rowKey={(event) => event.id}
				hiddenColumnsKey={EVENTS_HIDDEN_COLUMNS_KEY}
				list={list}
				paging={state.paging}
				defaultOrder={eventQueries.defaultOrder}
				listQuery={state.listQuery}
				summary={summary}
				emptyMessage={
					state.hasFilters
						? __("No events match these filters.", "paydesk")
						: __("No events yet. Each payment, refund, dispute and payout adds its events here.", "paydesk")
				}
			/>
		</div>
	);
}
