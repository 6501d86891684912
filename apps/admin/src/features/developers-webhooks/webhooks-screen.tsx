/**
 * /payments/developers/webhooks: the account's webhook endpoints with their status and recent
 * success rate. Administrators add one here (URL, description, events); its signing secret is
 * shown once, right after, with a copy button.
 */
import "./webhooks.css";
import type { createWebhookEndpoint } from "@paydesk/contract/developers";
import type { ResponseOf } from "@paydesk/contract/route";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { userCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { DataTable } from "../../components/list/data-table.tsx";
import type { Paging } from "../../components/list/list-query.ts";
import { useCreateWebhookEndpoint, useWebhookEndpoints } from "../../data/webhooks.ts";
import { endpointColumns } from "./endpoint-columns.tsx";
import { EndpointFormModal } from "./endpoint-form-modal.tsx";
import { NewSecretModal } from "./new-secret-modal.tsx";

/** Every endpoint on one page, newest first, as the server lists them. */
const PAGING: Paging = { paged: 1, perPage: 100, orderby: "", order: "desc" };

type CreatedEndpoint = ResponseOf<typeof createWebhookEndpoint>;

export default function WebhooksScreen() {
	const endpoints = useWebhookEndpoints();
	const create = useCreateWebhookEndpoint();
	const canChange = userCan(getSettings(), "manage_options");
	const [adding, setAdding] = useState(false);
	const [created, setCreated] = useState<CreatedEndpoint | null>(null);

	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="webhooks" />
			<DataTable
				title={__("Webhook endpoints", "paydesk")}
				columns={endpointColumns()}
				rows={endpoints.data?.data}
				rowKey={(endpoint) => endpoint.id}
				totalRows={undefined}
				paging={PAGING}
				hidden={[]}
				onToggleColumn={() => undefined}
				isLoading={endpoints.isPending}
				emptyMessage={
					endpoints.isError
						? __("Error retrieving webhook endpoints.", "paydesk")
						: canChange
							? __("No webhook endpoints yet. Add one to have Paydesk send events to your site.", "paydesk")
							: __("No webhook endpoints yet.", "paydesk")
				}
				actions={
					canChange && (
						<Button variant="primary" size="compact" onClick={() => setAdding(true)}>
							{__("Add endpoint", "paydesk")}
						</Button>
					)
				}
			/>
			{adding && (
				<EndpointFormModal
					onClose={() => setAdding(false)}
					onSubmit={async (body) => {
						const endpoint = await create.mutateAsync(body);
						setAdding(false);
						setCreated(endpoint);
					}}
				/>
			)}
			{created && (
				<NewSecretModal
					title={__("Endpoint added", "paydesk")}
					secret={created.secret}
					onClose={() => setCreated(null)}
				>
					<p>
						{sprintf(
							/* translators: %s: the endpoint's URL */
							__(
								"Paydesk signs each event it sends to %s with this secret: check the Stripe-Signature header with it before trusting an event. Copy it now; administrators can reveal it again on the endpoint's page.",
								"paydesk",
							),
							created.url,
						)}
					</p>
				</NewSecretModal>
			)}
		</div>
	);
}
