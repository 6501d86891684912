/** The top of the dispute panel: what the customer claims, the amount and the due date, and guidance. */
import type { Dispute } from "@paydesk/contract/disputes";
import { disputeReasonGuidance } from "@paydesk/domain/disputes/reasons";
import { DISPUTE_STATUS_DISPLAY, isEvidenceEditable, isInquiry } from "@paydesk/domain/disputes/statuses";
import { __, sprintf } from "@wordpress/i18n";
import { Chip } from "../chip.tsx";
import { formatMoney, formatStoreDate } from "../format.ts";
import { DueBy } from "./due-by.tsx";

export function DisputeSummary({ dispute }: { dispute: Dispute }) {
	const guidance = disputeReasonGuidance(dispute.reason);
	const status = DISPUTE_STATUS_DISPLAY[dispute.status];
	const open = isEvidenceEditable(dispute.status);
	return (
		<div className="paydesk-dispute-summary">
			<div className="paydesk-dispute-summary__heading">
				<h3 className="paydesk-card-title">
					{isInquiry(dispute.status)
						? sprintf(__("Inquiry: %s", "paydesk"), __(guidance.label, "paydesk"))
						: sprintf(__("Dispute: %s", "paydesk"), __(guidance.label, "paydesk"))}
				</h3>
				<Chip label={__(status.label, "paydesk")} type={status.chip} />
			</div>
			<p className="paydesk-dispute-summary__claim">{__(guidance.claim, "paydesk")}</p>
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
					<dd>{__(guidance.label, "paydesk")}</dd>
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
					<p>{__(guidance.overview, "paydesk")}</p>
					<p className="paydesk-dispute-summary__evidence-title">
						{__("Evidence that helps most:", "paydesk")}
					</p>
					<ul>
						{guidance.evidence.map((item) => (
							<li key={item}>{__(item, "paydesk")}</li>
						))}
					</ul>
					<p>{__(guidance.advice, "paydesk")}</p>
				</div>
			)}
		</div>
	);
}
