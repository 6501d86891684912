/**
 * The timeline card (spec 2 "Payment timeline events"), shown when the paymentTimeline flag is
 * on: the events newest first, as packages/domain/timeline words them in the user's language, with
 * their date in the store's format and time zone; 'Error while loading timeline' when they cannot
 * be read.
 */
import { timelineEntries } from "@paydesk/domain/timeline/build";
import type { TimelineEntry, TimelineLine } from "@paydesk/domain/timeline/types";
import { Card, CardBody, CardHeader, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useMemo } from "react";
import { Link } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatStoreDateTime } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";
import { usePaymentTimeline } from "../../data/payments.ts";

function Line({ line }: { line: TimelineLine }) {
	return (
		<>
			{line.map((part, index) =>
				typeof part === "string" ? (
					// Parts of one line never reorder, so their position is their identity.
					// biome-ignore lint/suspicious/noArrayIndexKey: see above
					<span key={index}>{part}</span>
				) : (
					// biome-ignore lint/suspicious/noArrayIndexKey: see above
					<Link key={index} href={part.href}>
						{part.text}
					</Link>
				),
			)}
		</>
	);
}

function Entry({ entry }: { entry: TimelineEntry }) {
	return (
		<li className={`paydesk-timeline__entry is-${entry.tone}`}>
			<span className="paydesk-timeline__dot" aria-hidden="true" />
			<div>
				<time className="paydesk-timeline__date" dateTime={new Date(entry.datetime * 1000).toISOString()}>
					{formatStoreDateTime(entry.datetime)}
				</time>
				<p className="paydesk-timeline__headline">
					<Line line={entry.headline} />
				</p>
				{entry.body.length > 0 && (
					<ul className="paydesk-timeline__body">
						{entry.body.map((line, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: body lines are fixed per entry
							<li key={index}>
								<Line line={line} />
							</li>
						))}
					</ul>
				)}
			</div>
		</li>
	);
}

export function PaymentTimeline({ paymentIntentId }: { paymentIntentId: string }) {
	const timeline = usePaymentTimeline(paymentIntentId, true);
	const entries = useMemo(() => {
		if (!timeline.data) return [];
		const settings = getSettings();
		const context = {
			dateFormat: settings.dateFormat,
			timeZone: settings.timezone,
			locale: settings.locale.code,
			now: Date.now() / 1000,
		};
		return timelineEntries(timeline.data.data, context, translator);
	}, [timeline.data]);
	return (
		<Card className="paydesk-timeline">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Timeline", "paydesk")}</h2>
			</CardHeader>
			<CardBody>
				{timeline.isError ? (
					<Notice status="error" isDismissible={false}>
						{__("Error while loading timeline", "paydesk")}
					</Notice>
				) : timeline.isPending ? (
					<div className="paydesk-loading" role="status">
						<Spinner /> {__("Loading timeline…", "paydesk")}
					</div>
				) : entries.length === 0 ? (
					<p>{__("Nothing has happened to this payment yet.", "paydesk")}</p>
				) : (
					<ol className="paydesk-timeline__list" aria-label={__("Payment timeline", "paydesk")}>
						{entries.map((entry, index) => (
							// Two events of one type can share a second (two partial refunds).
							// biome-ignore lint/suspicious/noArrayIndexKey: see above
							<Entry key={`${entry.datetime}-${entry.type}-${index}`} entry={entry} />
						))}
					</ol>
				)}
			</CardBody>
		</Card>
	);
}
