/**
 * /payments/developers/webhooks/delivery?id=: one webhook delivery: its event and endpoint, its
 * state, the request sent and each attempt. An administrator sends it again from here; the new
 * attempt joins the list and a notice says how the endpoint answered.
 */
import "./webhooks.css";
import { Button, Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { stripeEventUrl, webhookEndpointUrl } from "../../app/paths.ts";
import { Link, useLocation } from "../../app/router.tsx";
import { userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { formatNumber, formatStoreDateTime } from "../../components/format.ts";
import { DeliveryStatusChip, timeOrDash } from "../../components/webhook-deliveries/delivery-columns.tsx";
import { isMissing } from "../../data/object-read.ts";
import { isWebhookDeliveryId, useResendWebhookDelivery, useWebhookDelivery } from "../../data/webhooks.ts";
import { DeliveryAttempts, DeliveryRequest } from "./delivery-attempts.tsx";

function ResendButton({ deliveryId }: { deliveryId: string }) {
	const resend = useResendWebhookDelivery(deliveryId);
	return (
		<Button
			variant="secondary"
			isBusy={resend.isPending}
			disabled={resend.isPending}
			accessibleWhenDisabled
			onClick={() => resend.mutate()}
		>
			{__("Resend", "paydesk")}
		</Button>
	);
}

function DeliveryBody({ id }: { id: string | undefined }) {
	const delivery = useWebhookDelivery(id);
	if (!isWebhookDeliveryId(id) || delivery.isError) {
		return (
			<Notice status="error" isDismissible={false}>
				{!isWebhookDeliveryId(id) || (delivery.error && isMissing(delivery.error))
					? __("This webhook delivery does not exist, or it is no longer kept.", "paydesk")
					: __("Error retrieving the webhook delivery.", "paydesk")}
			</Notice>
		);
	}
	if (delivery.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading delivery…", "paydesk")}
			</div>
		);
	}
	const data = delivery.data;
	return (
		<>
			<Card>
				<CardHeader>
					<h2 className="paydesk-card-title">
						<code>{data.event_type}</code>
					</h2>
					{userCan(getSettings(), "manage_options") && <ResendButton deliveryId={data.id} />}
				</CardHeader>
				<CardBody>
					<dl className="paydesk-summary-list">
						<div>
							<dt>{__("Status", "paydesk")}</dt>
							<dd>
								<DeliveryStatusChip status={data.status} />
							</dd>
						</div>
						<div>
							<dt>{__("Endpoint", "paydesk")}</dt>
							<dd className="paydesk-developers__url">
								<Link href={webhookEndpointUrl(data.endpoint_id)}>
									{data.endpoint_url ?? data.endpoint_id}
								</Link>
							</dd>
						</div>
						<div>
							<dt>{__("Event", "paydesk")}</dt>
							<dd>
								<Link href={stripeEventUrl(data.event_id)}>{data.event_id}</Link>
							</dd>
						</div>
						<div>
							<dt>{__("Created", "paydesk")}</dt>
							<dd>{formatStoreDateTime(data.created)}</dd>
						</div>
						<div>
							<dt>{__("Attempts", "paydesk")}</dt>
							<dd>{formatNumber(data.attempts)}</dd>
						</div>
						<div>
							<dt>{__("Next attempt", "paydesk")}</dt>
							<dd>{timeOrDash(data.next_attempt_at)}</dd>
						</div>
						<div>
							<dt>{__("Delivered", "paydesk")}</dt>
							<dd>{timeOrDash(data.delivered_at)}</dd>
						</div>
					</dl>
				</CardBody>
			</Card>
			<DeliveryRequest headers={data.request.headers} body={data.request.body} />
			<DeliveryAttempts attempts={data.attempts_list} />
		</>
	);
}

export default function DeliveryDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="webhooks" />
			<DeliveryBody key={id} id={id} />
		</div>
	);
}
