/**
 * A delivery's request (the headers as signed and the event's JSON, which every attempt sends
 * unchanged) and each attempt, the first first: when, how long, what came back.
 */
import type { WebhookAttempt } from "@paydesk/contract/developers";
import { Card, CardBody, CardHeader } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { formatNumber, formatStoreDateTime } from "../../components/format.ts";
import { indentJson, JsonBlock } from "../../components/json-block/json-block.tsx";
import { attemptAnswer } from "../../components/webhook-deliveries/delivery-columns.tsx";
import { acceptedStatus } from "../../data/webhooks.ts";

export function DeliveryRequest({ headers, body }: { headers: Record<string, string>; body: string }) {
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Request", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				<h3 className="paydesk-developers__subtitle">{__("Headers", "paydesk")}</h3>
				<dl className="paydesk-developers__headers">
					{Object.entries(headers).map(([name, value]) => (
						<div key={name}>
							<dt>{name}</dt>
							<dd>
								<code>{value}</code>
							</dd>
						</div>
					))}
				</dl>
				<h3 className="paydesk-developers__subtitle">{__("Body", "paydesk")}</h3>
				<JsonBlock label={__("Request body", "paydesk")} text={indentJson(body).text} />
			</CardBody>
		</Card>
	);
}

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
	return (
		<li className="paydesk-developers__attempt">
			<h3 className="paydesk-developers__subtitle">
				{sprintf(
					/* translators: %d: the attempt's number, 1 for the first */
					__("Attempt %d", "paydesk"),
					attempt.attempt,
				)}
			</h3>
			<dl className="paydesk-summary-list">
				<div>
					<dt>{__("Sent", "paydesk")}</dt>
					<dd>{formatStoreDateTime(attempt.created)}</dd>
				</div>
				<div>
					<dt>{__("Duration", "paydesk")}</dt>
					<dd>
						{sprintf(
							/* translators: %s: how long the attempt took, in milliseconds */
							__("%s ms", "paydesk"),
							formatNumber(attempt.duration_ms),
						)}
					</dd>
				</div>
				<div>
					<dt>{attempt.status === null ? __("Error", "paydesk") : __("Answer", "paydesk")}</dt>
					<dd className={acceptedStatus(attempt.status) ? "is-accepted" : "is-refused"}>
						{attemptAnswer(attempt)}
					</dd>
				</div>
			</dl>
			{attempt.response_body ? (
				<JsonBlock
					label={sprintf(
						/* translators: %d: the attempt's number */
						__("Response body of attempt %d", "paydesk"),
						attempt.attempt,
					)}
					text={indentJson(attempt.response_body).text}
				/>
			) : (
				<p className="paydesk-developers__muted">{__("No response body.", "paydesk")}</p>
			)}
		</li>
	);
}

export function DeliveryAttempts({ attempts }: { attempts: readonly WebhookAttempt[] }) {
	return (
		<Card>
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Attempts", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				{attempts.length === 0 ? (
					<p>{__("This delivery has not been sent yet.", "paydesk")}</p>
				) : (
					<ol className="paydesk-developers__attempts">
						{attempts.map((attempt) => (
							<Attempt key={attempt.attempt} attempt={attempt} />
						))}
					</ol>
				)}
			</CardBody>
		</Card>
	);
}
