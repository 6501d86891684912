/** A webhook endpoint as stored and as Stripe's API shows it. */
import type Stripe from "stripe";
import { z } from "zod";
import { parseJsonColumn } from "../../db/json.ts";
import type { WebhookEndpointsTable } from "../../db/schema.ts";
import { metadataOf } from "../objects.ts";

const storedEvents = z.array(z.string()).describe("webhook_endpoints.enabled_events");

export function enabledEventsOf(json: string): string[] {
	return parseJsonColumn(storedEvents, json, []);
}

/** Whether an endpoint takes events of `type` (`*`: every type). */
export function endpointSubscribes(
	endpoint: Pick<WebhookEndpointsTable, "enabled_events">,
	type: string,
): boolean {
	const events = enabledEventsOf(endpoint.enabled_events);
	return events.includes("*") || events.includes(type);
}

export function webhookEndpointObject(row: WebhookEndpointsTable, livemode: boolean): Stripe.WebhookEndpoint {
	return {
		id: row.id,
		object: "webhook_endpoint",
		api_version: null,
		application: null,
		created: Number(row.created),
		description: row.description,
		enabled_events: enabledEventsOf(row.enabled_events),
		livemode,
		metadata: metadataOf(row.metadata),
		status: row.status,
		url: row.url,
	};
}
