/** The endpoint's card: its URL and description, status, events, success rate and when it was added. */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import type { ReactNode } from "react";
import { formatStoreDateTime } from "../../components/format.ts";
import { EndpointEvents, EndpointStatus, EndpointSuccessRate } from "./endpoint-facts.tsx";

export function EndpointSummary({ endpoint, actions }: { endpoint: WebhookEndpoint; actions?: ReactNode }) {
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title paydesk-developers__url">{endpoint.url}</h2>
			</CardHeader>
			<CardBody>
				{endpoint.description && <p className="paydesk-developers__description">{endpoint.description}</p>}
				<dl className="paydesk-summary-list">
					<div>
						<dt>{__("Status", "paydesk")}</dt>
						<dd>
							<EndpointStatus endpoint={endpoint} />
						</dd>
					</div>
					<div>
						<dt>{__("Events", "paydesk")}</dt>
						<dd>
							<EndpointEvents events={endpoint.enabled_events} />
						</dd>
					</div>
					<div>
						<dt>{__("Success rate", "paydesk")}</dt>
						<dd>
							<EndpointSuccessRate endpoint={endpoint} />
						</dd>
					</div>
					<div>
						<dt>{__("Added", "paydesk")}</dt>
						<dd>{formatStoreDateTime(endpoint.created)}</dd>
					</div>
					<div>
						<dt>{__("ID", "paydesk")}</dt>
						<dd>
							<code>{endpoint.id}</code>
						</dd>
					</div>
				</dl>
				{actions}
			</CardBody>
		</Card>
	);
}
