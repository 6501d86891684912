/**
 * The dispute panel the payment details screen places (spec 3 §4.1): the dispute's reason,
 * amount and due date, then the actions while it needs a response, or a footer afterwards.
 * Give it the dispute, or only its id (<DisputePanelById>) to let it fetch the dispute.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { disputePanelFor } from "@paydesk/domain/disputes/statuses";
import { Card, CardBody, CardFooter, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useDispute } from "../../data/disputes.ts";
import { DisputeActions } from "./dispute-actions.tsx";
import { DisputeFooter } from "./dispute-footer.tsx";
import { DisputeSummary } from "./dispute-summary.tsx";
import "./dispute-panel.css";

export interface DisputePanelProps {
	dispute: Dispute;
	/** Called after the merchant accepted the dispute (e.g. to refresh the payment). */
	onAccepted?: (dispute: Dispute) => void;
	/** On the challenge page itself the links to it are left out. */
	onChallengePage?: boolean;
}

export function DisputePanel({ dispute, onAccepted, onChallengePage = false }: DisputePanelProps) {
	const panel = disputePanelFor({
		status: dispute.status,
		metadata: dispute.metadata,
		has_evidence: dispute.evidence_details.has_evidence,
	});
	return (
		<Card className="paydesk-dispute-panel">
			<CardBody>
				<DisputeSummary dispute={dispute} />
			</CardBody>
			<CardFooter>
				{panel.kind === "action" ? (
					<DisputeActions dispute={dispute} onAccepted={onAccepted} showChallenge={!onChallengePage} />
				) : (
					<DisputeFooter panel={panel} dispute={dispute} showEvidenceLink={!onChallengePage} />
				)}
			</CardFooter>
		</Card>
	);
}

export function DisputePanelById({
	disputeId,
	onAccepted,
}: {
	disputeId: string;
	onAccepted?: (dispute: Dispute) => void;
}) {
	const dispute = useDispute(disputeId);
	if (dispute.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading dispute…", "paydesk")}
			</div>
		);
	}
	if (dispute.isError) {
		return (
			<Notice status="error" isDismissible={false}>
				{__("Error retrieving dispute", "paydesk")}
			</Notice>
		);
	}
	return <DisputePanel dispute={dispute.data} onAccepted={onAccepted} />;
}
