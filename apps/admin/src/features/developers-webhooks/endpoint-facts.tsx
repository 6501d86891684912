/**
 * What the endpoints list and an endpoint's screen say of an endpoint: its status (and since when
 * it fails), the events it takes (all, or a count whose list opens on demand) and the share of
 * its latest tried deliveries that were accepted.
 */
import type { WebhookEndpoint } from "@paydesk/contract/developers";
import { languageTag } from "@paydesk/domain/dates";
import { __, _n, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { Chip } from "../../components/chip.tsx";
import { formatStoreDateTime } from "../../components/format.ts";

/** Whether an endpoint takes every event type. */
export const takesAllEvents = (events: readonly string[]): boolean => events.includes("*");

export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
	return (
		<span className="paydesk-developers__endpoint-status">
			{endpoint.status === "enabled" ? (
				<Chip label={__("Enabled", "paydesk")} type="success" />
			) : (
				<Chip label={__("Disabled", "paydesk")} type="light" />
			)}
			{endpoint.failing_since !== null && (
				<span className="paydesk-developers__endpoint-failing">
					{sprintf(
						/* translators: %s: the date and time the endpoint's deliveries started failing */
						__("Failing since %s", "paydesk"),
						formatStoreDateTime(endpoint.failing_since),
					)}
				</span>
			)}
		</span>
	);
}

/** "All events", or "3 events" with their names shown on demand. */
export function EndpointEvents({ events }: { events: readonly string[] }) {
	if (takesAllEvents(events)) return <>{__("All events", "paydesk")}</>;
	return (
		<details className="paydesk-developers__event-types">
			<summary>
				{sprintf(
					/* translators: %d: how many event types the endpoint takes */
					_n("%d event", "%d events", events.length, "paydesk"),
					events.length,
				)}
			</summary>
			<ul>
				{events.map((type) => (
					<li key={type}>
						<code>{type}</code>
					</li>
				))}
			</ul>
		</details>
	);
}

/** "97%" in the page's language; a dash before any delivery was tried. */
export function formatSuccessRate(rate: number | null): string {
	if (rate === null) return "—";
	return new Intl.NumberFormat(languageTag(getSettings().locale.code), {
		style: "percent",
		maximumFractionDigits: 1,
	}).format(rate);
}

export function EndpointSuccessRate({ endpoint }: { endpoint: WebhookEndpoint }) {
	if (endpoint.success_rate === null) {
		return <span title={__("No delivery has been tried yet.", "paydesk")}>—</span>;
	}
	return (
		<span className="paydesk-developers__rate">
			{formatSuccessRate(endpoint.success_rate)}{" "}
			<span className="paydesk-developers__muted">
				{sprintf(
					/* translators: %d: how many of the endpoint's latest deliveries the success rate reads */
					_n("of the last %d delivery", "of the last %d deliveries", endpoint.recent_deliveries, "paydesk"),
					endpoint.recent_deliveries,
				)}
			</span>
		</span>
	);
}
