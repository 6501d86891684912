/**
 * /payments/developers/logs/details?id=: one request to Stripe's API, its fields as the list
 * shows them, then its parameters and the answer as indented JSON. The server redacted both
 * (card numbers, secrets) before keeping them, and kept at most 64 kB of the answer.
 */
import "./developers.css";
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { type ReactNode, useId } from "react";
import { Link, useLocation } from "../../app/router.tsx";
import { DevelopersNav } from "../../components/developers-nav/developers-nav.tsx";
import { formatStoreDateTime } from "../../components/format.ts";
import { indentJson, JsonBlock } from "../../components/json-block/json-block.tsx";
import { isRequestLogId, useRequestLogEntry } from "../../data/request-log.ts";
import { formatDuration, NONE, RequestStatus } from "./request-log-columns.tsx";
import { requestLogsUrl } from "./request-log-state.ts";

/** A card of JSON under its title (the answer cut at 64 kB may not parse: it shows as kept). */
function JsonCard({ title, children, note }: { title: string; children: string; note?: string }) {
	const id = useId();
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title" id={id}>
					{title}
				</h2>
			</CardHeader>
			<CardBody>
				{note && <p className="paydesk-developers__note">{note}</p>}
				<JsonBlock labelledBy={id} text={children} />
			</CardBody>
		</Card>
	);
}

function BackLink() {
	return (
		<p className="paydesk-developers__back">
			<Link href={requestLogsUrl()}>{__("← Back to request logs", "paydesk")}</Link>
		</p>
	);
}

export default function RequestLogDetailsScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	const entry = useRequestLogEntry(id);

	if (!isRequestLogId(id) || entry.isError) {
		const missing = !isRequestLogId(id) || (entry.error as { status?: number } | null)?.status === 404;
		return (
			<div className="paydesk-page paydesk-developers">
				<DevelopersNav current="logs" />
				<Notice status="error" isDismissible={false}>
					{missing
						? __("This request is not in the log. Requests are kept 7 days.", "paydesk")
						: __("Error retrieving the request.", "paydesk")}
				</Notice>
				<BackLink />
			</div>
		);
	}
	if (entry.isPending) {
		return (
			<div className="paydesk-page paydesk-developers">
				<DevelopersNav current="logs" />
				<div className="paydesk-loading" role="status">
					<Spinner /> {__("Loading the request…", "paydesk")}
				</div>
			</div>
		);
	}

	const request = entry.data;
	const answer = request.response === null ? null : indentJson(request.response);
	const fields: readonly { label: string; value: ReactNode }[] = [
		{ label: __("Time", "paydesk"), value: formatStoreDateTime(request.created) },
		{ label: __("Method", "paydesk"), value: request.method },
		{ label: __("Path", "paydesk"), value: <code>{request.path}</code> },
		{ label: __("Route", "paydesk"), value: <code>{request.route}</code> },
		{ label: __("Status", "paydesk"), value: <RequestStatus status={request.status} /> },
		{ label: __("Key", "paydesk"), value: request.key_name ?? NONE },
		{ label: __("Request-Id", "paydesk"), value: <code>{request.request_id}</code> },
		{ label: __("Duration", "paydesk"), value: formatDuration(request.duration_ms) },
		{
			label: __("Idempotency key", "paydesk"),
			value: request.idempotency_key ? <code>{request.idempotency_key}</code> : NONE,
		},
	];

	return (
		<div className="paydesk-page paydesk-developers">
			<DevelopersNav current="logs" />
			<BackLink />
			<Card>
				<CardHeader>
					<h2 className="paydesk-card-title">
						{request.method} {request.path}
					</h2>
				</CardHeader>
				<CardBody>
					<dl className="paydesk-summary-list paydesk-developers__request-facts">
						{fields.map((field) => (
							<div key={field.label}>
								<dt>{field.label}</dt>
								<dd>{field.value}</dd>
							</div>
						))}
					</dl>
				</CardBody>
			</Card>
			<JsonCard title={__("Parameters", "paydesk")}>{JSON.stringify(request.params, null, 2)}</JsonCard>
			{answer ? (
				<JsonCard
					title={__("Response", "paydesk")}
					note={
						answer.whole
							? undefined
							: __("The response was longer than 64 kB: its start is shown.", "paydesk")
					}
				>
					{answer.text}
				</JsonCard>
			) : (
				<Card>
					<CardHeader>
						<h2 className="paydesk-card-title">{__("Response", "paydesk")}</h2>
					</CardHeader>
					<CardBody>
						<p>{__("The response was not JSON, so it was not kept.", "paydesk")}</p>
					</CardBody>
				</Card>
			)}
		</div>
	);
}
