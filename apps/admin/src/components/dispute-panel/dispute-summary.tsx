/** The top of the dispute panel: what the customer claims, the amount and the due date, and guidance. */
import type { Dispute } from "@paydesk/contract/disputes";
import { disputeReasonGuidance } from "@paydesk/domain/disputes/reasons";
import { disputeStatusDisplay, isEvidenceEditable, isInquiry } from "@paydesk/domain/disputes/statuses";
import { __, sprintf } from "@wordpress/i18n";
import { Chip } from "../chip.tsx";
import { formatMoney, formatStoreDate } from "../format.ts";
import { translator } from "../translator.ts";
import { DueBy } from "./due-by.tsx";

export function DisputeSummary({ dispute }: { dispute: Dispute }) {
	const guidance = disputeReasonGuidance(dispute.reason, translator);
	const status = disputeStatusDisplay(dispute.status, translator);
	const open = isEvidenceEditable(dispute.status);
	return (
		<div className="paydesk-dispute-summary">
			<div className="paydesk-dispute-summary__heading">
				<h3 className="paydesk-card-title">
					{isInquiry(dispute.status)
						? /* translators: %s: the dispute reason, e.g. Transaction unauthorized */
							sprintf(__("Inquiry: %s", "paydesk"), guidance.label)
						: /* translators: %s: the dispute reason, e.g. Transaction unauthorized */
							sprintf(__("Dispute: %s", "paydesk"), guidance.label)}
				</h3>
				<Chip label={status.label} type={status.chip} />
			</div>
			<p className="paydesk-dispute-summary__claim">{guidance.claim}</p>
			<dl className="paydesk-summary-list">
				<div>
					<dt>{__("Dispute amount", "paydesk")}</dt>
					<dd>{formatMoney(dispute.amount, dispute.currency)}</dd>
				</div>
				<div>
					<dt>{__("Disputed on", "paydesk")}</dt>
					<dd>{formatStoreDate(dispute.created)}</dd>
				</div>
				<div>
					<dt>{__("Reason", "paydesk")}</dt>
					<dd>{guidance.label}</dd>
				</div>
				{open && (
					<div>
						<dt>{__("Respond by", "paydesk")}</dt>
						<dd>
							<DueBy dueBy={dispute.evidence_details.due_by} />
						</dd>
					</div>
				)}
			</dl>
			{open && (
				<div className="paydesk-dispute-summary__guidance">
					<p>{guidance.overview}</p>
					<p className="paydesk-dispute-summary__evidence-title">
						{__("Evidence that helps most:", "paydesk")}
					</p>
					<ul>
						{guidance.evidence.map((item) => (
							<li key={item}>{item}</li>
						))}
					</ul>
					<p>{guidance.advice}</p>
				</div>
			)}
		</div>
	);
}
