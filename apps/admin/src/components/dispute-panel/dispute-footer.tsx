/**
 * What the panel says once a dispute left the needs-response states (spec 3 §4.1): under
 * review with the bank's review time, won, the three ways to lose, and closed inquiries.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { DISPUTE_METADATA_KEYS, type DisputePanel } from "@paydesk/domain/disputes/statuses";
import { __, _n, sprintf } from "@wordpress/i18n";
import { disputeChallengeUrl } from "../../app/paths.ts";
import { Link } from "../../app/router.tsx";
import { formatStoreDate } from "../format.ts";

type Footer = Exclude<DisputePanel, { kind: "action" }>;

function dateOf(metadata: Readonly<Record<string, string>>, key: string): string | null {
	const seconds = Number(metadata[key]);
	return Number.isFinite(seconds) && seconds > 0 ? formatStoreDate(seconds) : null;
}

/** One sentence with the date when it is known, another without. */
function dated(date: string | null, withDate: (date: string) => string, without: string): string {
	return date ? withDate(date) : without;
}

export function footerText(panel: Footer, dispute: Dispute): string {
	const submitted = dateOf(dispute.metadata, DISPUTE_METADATA_KEYS.evidenceSubmittedAt);
	const closed = dateOf(dispute.metadata, DISPUTE_METADATA_KEYS.closedAt);
	const notReturned = __("The disputed amount and the dispute fee were not returned.", "paydesk");
	switch (panel.kind) {
		case "under_review": {
			const review = sprintf(
				/* translators: %d: the days a bank review can take (60, or 120 for an inquiry) */
				_n(
					"The cardholder's bank is reviewing it, which can take %d day or more.",
					"The cardholder's bank is reviewing it, which can take %d days or more.",
					panel.reviewDays,
					"paydesk",
				),
				panel.reviewDays,
			);
			const done = panel.inquiry
				? dated(
						submitted,
						(on) => sprintf(__("You submitted evidence for this inquiry on %s.", "paydesk"), on),
						__("You submitted evidence for this inquiry.", "paydesk"),
					)
				: dated(
						submitted,
						(on) => sprintf(__("You submitted evidence for this dispute on %s.", "paydesk"), on),
						__("You submitted evidence for this dispute.", "paydesk"),
					);
			return `${done} ${review}`;
		}
		case "won":
			return `${dated(
				closed,
				(on) => sprintf(__("Good news! You won this dispute on %s.", "paydesk"), on),
				__("Good news! You won this dispute.", "paydesk"),
			)} ${__("The disputed amount and the dispute fee were returned to your account.", "paydesk")}`;
		case "lost":
			if (panel.how === "accepted") {
				return `${dated(
					closed,
					(on) => sprintf(__("You accepted this dispute on %s.", "paydesk"), on),
					__("You accepted this dispute.", "paydesk"),
				)} ${notReturned}`;
			}
			if (panel.how === "non_response") {
				return `${dated(
					closed,
					(on) =>
						sprintf(
							__("This dispute was lost on %s because it was not answered before the due date.", "paydesk"),
							on,
						),
					__("This dispute was lost because it was not answered before the due date.", "paydesk"),
				)} ${notReturned}`;
			}
			return `${dated(
				closed,
				(on) =>
					sprintf(
						__(
							"This dispute was lost on %s: after reviewing your evidence, the cardholder's bank decided in favor of your customer.",
							"paydesk",
						),
						on,
					),
				__(
					"This dispute was lost: after reviewing your evidence, the cardholder's bank decided in favor of your customer.",
					"paydesk",
				),
			)} ${notReturned}`;
		case "inquiry_closed":
			return dispute.metadata[DISPUTE_METADATA_KEYS.closedByMerchant] === "1"
				? dated(
						closed,
						(on) => sprintf(__("You closed this inquiry on %s.", "paydesk"), on),
						__("You closed this inquiry.", "paydesk"),
					)
				: dated(
						closed,
						(on) => sprintf(__("This inquiry was closed on %s.", "paydesk"), on),
						__("This inquiry was closed.", "paydesk"),
					);
		case "charge_refunded":
			return __("This inquiry was closed because the payment was refunded.", "paydesk");
	}
}

export function DisputeFooter({
	panel,
	dispute,
	showEvidenceLink = true,
}: {
	panel: Footer;
	dispute: Dispute;
	showEvidenceLink?: boolean;
}) {
	const submitted = showEvidenceLink && Boolean(dispute.metadata[DISPUTE_METADATA_KEYS.evidenceSubmittedAt]);
	return (
		<div className={`paydesk-dispute-footer is-${panel.kind}`}>
			<p>{footerText(panel, dispute)}</p>
			{submitted && (
				<Link href={disputeChallengeUrl(dispute.id)} className="components-button is-secondary">
					{__("View submitted evidence", "paydesk")}
				</Link>
			)}
		</div>
	);
}
