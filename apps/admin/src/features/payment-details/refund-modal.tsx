/**
 * Refund in full, confirmed in a modal with the reason choices (spec 2 "Summary card
 * actions"). The modal's Idempotency-Key is made when it opens, so however often its button
 * is pressed, one refund is made.
 */
import type { Charge } from "@paydesk/contract/charges";
import type { RefundReason } from "@paydesk/domain/refunds";
import { __, sprintf } from "@wordpress/i18n";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog/confirm-dialog.tsx";
import { formatMoney } from "../../components/format.ts";
import { RefundReasonSelect } from "../../components/payment-refund/refund-reason-select.tsx";
import type { RefundRequest } from "../../data/payments.ts";
import { newIdempotencyKey } from "../../data/payments.ts";

export function RefundModal({
	charge,
	onConfirm,
	onClose,
}: {
	charge: Charge;
	onConfirm: (request: RefundRequest) => void;
	onClose: () => void;
}) {
	const [reason, setReason] = useState<RefundReason | "">("");
	const [idempotencyKey] = useState(() => newIdempotencyKey("refund"));
	const confirmed = useRef(false);
	const amount = formatMoney(charge.refundable_amount, charge.currency);
	return (
		<ConfirmDialog
			title={__("Refund transaction", "paydesk")}
			confirmLabel={__("Refund transaction", "paydesk")}
			onConfirm={() => {
				if (confirmed.current) return;
				confirmed.current = true;
				onConfirm({
					chargeId: charge.id,
					amount: charge.refundable_amount,
					reason,
					orderId: charge.order?.id ?? null,
					idempotencyKey,
				});
			}}
			onCancel={onClose}
			size="medium"
		>
			<p>
				{sprintf(
					__("This will issue a full refund of %s to the customer. This cannot be undone.", "paydesk"),
					amount,
				)}
			</p>
			<RefundReasonSelect value={reason} onChange={setReason} />
		</ConfirmDialog>
	);
}
