/** The endpoints table's columns: URL (opening the endpoint), description, events, status, success rate. */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { __ } from "@wordpress/i18n";
import { webhookEndpointUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import type { Column } from "../../components/list/data-table.tsx";
import { EndpointEvents, EndpointStatus, EndpointSuccessRate } from "./endpoint-facts.tsx";

export function endpointColumns(): Column<WebhookEndpoint>[] {
	return [
		{
			key: "url",
			label: __("URL", "paydesk"),
			required: true,
			cell: (endpoint) => (
				<Link className="paydesk-developers__url" href={webhookEndpointUrl(endpoint.id)}>
					{endpoint.url}
				</Link>
			),
		},
		{
			key: "description",
			label: __("Description", "paydesk"),
			required: true,
			cell: (endpoint) => endpoint.description ?? "—",
		},
		{
			key: "events",
			label: __("Events", "paydesk"),
			required: true,
			cell: (endpoint) => <EndpointEvents events={endpoint.enabled_events} />,
		},
		{
			key: "status",
			label: __("Status", "paydesk"),
			required: true,
			cell: (endpoint) => <EndpointStatus endpoint={endpoint} />,
		},
		{
			key: "success_rate",
			label: __("Success rate", "paydesk"),
			required: true,
			cell: (endpoint) => <EndpointSuccessRate endpoint={endpoint} />,
		},
	];
}
