/**
 * /payments/developers/events/details?id=: one of Stripe's events, its JSON as `/v1/events/{id}`
 * answers it and every webhook carries it, then its deliveries, each to its endpoint, opening the
 * delivery's details.
 */
import "./events.css";
import type { getStripeEvent, WebhookDelivery } from "@paydesk/contract/developers";
import type { ResponseOf } from "@paydesk/contract/route";
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { webhookEndpointUrl } from "../../app/paths.ts";
import { Link, useLocation } from "../../app/router.tsx";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { formatStoreDateTime } from "../../components/format.ts";
import { JsonBlock } from "../../components/json-block/json-block.tsx";
import { type Column, DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import { deliveryColumns } from "../../components/webhook-deliveries/delivery-columns.tsx";
import { isMissing } from "../../data/object-read.ts";
import { isStripeEventId, useStripeEvent } from "../../data/stripe-events.ts";
import { useWebhookEndpoints } from "../../data/webhooks.ts";

type StripeEventDetails = ResponseOf<typeof getStripeEvent>;

/** An event has a delivery per endpoint that takes it: all on one page. */
const PAGING: Paging = { paged: 1, perPage: 100, orderby: "", order: "asc" };

function EventDeliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
	const endpoints = useWebhookEndpoints();
	const urls = new Map(endpoints.data?.data.map((endpoint) => [endpoint.id, endpoint.url]));
	const endpointColumn: Column<WebhookDelivery> = {
		key: "endpoint",
		label: __("Endpoint", "paydesk"),
		required: true,
		cell: (delivery) => (
			<Link className="paydesk-developers__url" href={webhookEndpointUrl(delivery.endpoint_id)}>
				{urls.get(delivery.endpoint_id) ?? delivery.endpoint_id}
			</Link>
		),
	};
	return (
		<DataTable
			title={__("Deliveries", "paydesk")}
			columns={[
				endpointColumn,
				...deliveryColumns(["created", "status", "attempts", "last_status", "next_attempt"]),
			]}
			rows={deliveries}
			rowKey={(delivery) => delivery.id}
			totalRows={undefined}
			paging={PAGING}
			hidden={[]}
			onToggleColumn={() => undefined}
			isLoading={false}
			emptyMessage={__("No endpoint took this event.", "paydesk")}
		/>
	);
}

function EventJson({ event }: { event: StripeEventDetails }) {
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">
					<code>{event.type}</code>
				</h2>
			</CardHeader>
			<CardBody>
				<dl className="paydesk-summary-list">
					<div>
						<dt>{__("Event ID", "paydesk")}</dt>
						<dd>
							<code>{event.id}</code>
						</dd>
					</div>
					<div>
						<dt>{__("Created", "paydesk")}</dt>
						<dd>{formatStoreDateTime(event.created)}</dd>
					</div>
				</dl>
				<h3 className="paydesk-developers__event-subtitle">{__("Event data", "paydesk")}</h3>
				<JsonBlock label={__("Event data", "paydesk")} text={JSON.stringify(event.body, null, 2)} />
			</CardBody>
		</Card>
	);
}

function EventBody({ id }: { id: string | undefined }) {
	const event = useStripeEvent(id);
	if (!isStripeEventId(id) || event.isError) {
		return (
			<Notice status="error" isDismissible={false}>
				{!isStripeEventId(id) || (event.error && isMissing(event.error))
					? __("This event does not exist, or it is no longer kept.", "paydesk")
					: __("Error retrieving the event.", "paydesk")}
			</Notice>
		);
	}
	if (event.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading event…", "paydesk")}
			</div>
		);
	}
	return (
		<>
			<EventJson event={event.data} />
			<EventDeliveries deliveries={event.data.deliveries} />
		</>
	);
}

export default function EventDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="events" />
			<EventBody key={id} id={id} />
		</div>
	);
}
