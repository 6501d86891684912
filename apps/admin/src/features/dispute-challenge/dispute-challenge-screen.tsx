/** /payments/disputes/challenge?id= (spec 3 §2.4): 'Challenge dispute', or 'Dispute not loaded'. */
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useLocation } from "../../app/router.tsx";
import { isDisputeId, useDispute } from "../../data/disputes.ts";
import { EvidenceForm } from "./evidence-form.tsx";
import "../../components/dispute-panel/dispute-panel.css";
import "./challenge.css";

export default function DisputeChallengeScreen() {
	const { query } = useLocation();
	const id = typeof query.id === "string" ? query.id : undefined;
	const dispute = useDispute(id);

	if (isDisputeId(id) && dispute.isPending) {
		return (
			<div className="paydesk-loading" role="status">
				<Spinner /> {__("Loading dispute…", "paydesk")}
			</div>
		);
	}
	if (!dispute.data) {
		return (
			<div className="paydesk-page">
				<Notice status="error" isDismissible={false}>
					{__("Dispute not loaded", "paydesk")}
				</Notice>
			</div>
		);
	}
	// A fresh form per dispute: its state starts from what the server saved.
	return <EvidenceForm key={dispute.data.id} dispute={dispute.data} />;
}
