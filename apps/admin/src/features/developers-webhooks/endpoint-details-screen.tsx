/**
 * /payments/developers/webhooks/details?id=: one endpoint, its facts and (for administrators)
 * what can be done with it, then its deliveries.
 */
import "./webhooks.css";
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { isWebhookEndpointId, useWebhookEndpoint } from "../../data/webhooks.ts";
import { EndpointActions } from "./endpoint-actions.tsx";
import { EndpointDeliveries } from "./endpoint-deliveries.tsx";
import { EndpointSummary } from "./endpoint-summary.tsx";

function EndpointBody({ id }: { id: string | undefined }) {
	const endpoint = useWebhookEndpoint(id);
	if (!isWebhookEndpointId(id) || endpoint.isError || endpoint.data === null) {
		return (
			<Notice status="error" isDismissible={false}>
				{endpoint.isError
					? __("Error retrieving webhook endpoints.", "paydesk")
					: __("This webhook endpoint does not exist, or it was deleted.", "paydesk")}
			</Notice>
		);
	}
	if (endpoint.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading endpoint…", "paydesk")}
			</div>
		);
	}
	const data = endpoint.data;
	return (
		<>
			<EndpointSummary
				endpoint={data}
				actions={userCan(getSettings(), "manage_options") && <EndpointActions endpoint={data} />}
			/>
			<EndpointDeliveries endpointId={data.id} />
		</>
	);
}

export default function EndpointDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="webhooks" />
			<EndpointBody key={id} id={id} />
		</div>
	);
}
