/**
 * The action panel of an open dispute (spec 3 §4.1): Challenge (or continue a saved draft), and
 * Accept after a confirmation that the amount and fee are not returned; for an inquiry the
 * second action is 'Issue refund', which only links to the order. A payments viewer, who answers
 * no dispute, reads why none is offered.
 */
import type { Dispute } from "@paydesk/contract/disputes";
import { isInquiry } from "@paydesk/domain/disputes/statuses";
import { orderNotFoundNotice } from "@paydesk/domain/refunds";
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { disputeChallengeUrl } from "../../app/paths.ts";
import { Link, navigate } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { useAcceptDispute } from "../../data/disputes.ts";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog.tsx";
import { formatMoney } from "../format.ts";
import { ReadOnlyReason } from "../read-only/read-only.tsx";
import { translator } from "../translator.ts";

/** The dispute fee taken when the dispute opened (its debit's fee), if any. */
export function disputeFee(dispute: Dispute): number | null {
	const debit = dispute.balance_transactions.find(
		(transaction) => transaction.reporting_category === "dispute",
	);
	return debit && debit.fee > 0 ? debit.fee : null;
}

function AcceptDialog({
	dispute,
	onConfirm,
	onCancel,
}: {
	dispute: Dispute;
	onConfirm: () => void;
	onCancel: () => void;
}) {
	const fee = disputeFee(dispute);
	const amount = formatMoney(dispute.amount, dispute.currency);
	return (
		<ConfirmDialog
			title={__("Accept the dispute?", "paydesk")}
			confirmLabel={__("Accept dispute", "paydesk")}
			onConfirm={onConfirm}
			onCancel={onCancel}
			size="medium"
		>
			<p>
				{fee === null
					? sprintf(
							__(
								"Accepting the dispute marks it as Lost. The disputed amount of %s will not be returned to you.",
								"paydesk",
							),
							amount,
						)
					: sprintf(
							__(
								"Accepting the dispute marks it as Lost. The disputed amount of %1$s and the dispute fee of %2$s will not be returned to you.",
								"paydesk",
							),
							amount,
							formatMoney(fee, dispute.currency),
						)}
			</p>
			<p>{__("This is final and cannot be undone.", "paydesk")}</p>
		</ConfirmDialog>
	);
}

export function DisputeActions({
	dispute,
	onAccepted,
	showChallenge = true,
}: {
	dispute: Dispute;
	onAccepted?: ((dispute: Dispute) => void) | undefined;
	showChallenge?: boolean;
}) {
	const [confirming, setConfirming] = useState(false);
	const accept = useAcceptDispute(dispute, onAccepted);
	const canRespond = useCan("manage_woocommerce");
	const inquiry = isInquiry(dispute.status);
	const busy = accept.isPending;
	const challengeUrl = disputeChallengeUrl(dispute.id);
	const hasDraft = Object.keys(dispute.evidence).length > 0;
	const challengeLabel = hasDraft
		? __("Continue with challenge", "paydesk")
		: inquiry
			? __("Submit evidence", "paydesk")
			: __("Challenge dispute", "paydesk");

	if (!canRespond) {
		return (
			<div className="paydesk-dispute-actions">
				<ReadOnlyReason />
			</div>
		);
	}
	return (
		<div className="paydesk-dispute-actions">
			{showChallenge &&
				(busy ? (
					<Button variant="primary" disabled accessibleWhenDisabled>
						{challengeLabel}
					</Button>
				) : (
					<Link href={challengeUrl} className="components-button is-primary">
						{challengeLabel}
					</Link>
				))}
			{inquiry ? (
				<Button
					variant="secondary"
					onClick={() => {
						if (dispute.order) navigate(dispute.order.url);
						else createNotice("error", orderNotFoundNotice(translator));
					}}
				>
					{__("Issue refund", "paydesk")}
				</Button>
			) : (
				<Button
					variant="secondary"
					isBusy={busy}
					disabled={busy}
					accessibleWhenDisabled
					onClick={() => setConfirming(true)}
				>
					{__("Accept dispute", "paydesk")}
				</Button>
			)}
			{confirming && (
				<AcceptDialog
					dispute={dispute}
					onCancel={() => setConfirming(false)}
					onConfirm={() => {
						setConfirming(false);
						accept.mutate();
					}}
				/>
			)}
		</div>
	);
}
