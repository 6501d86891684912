/**
 * The summary card's refund actions (spec 2): Refund in full while the charge allows it and
 * nothing was refunded yet; Partial refund opens the order, which needs an order. Neither is
 * offered to a payments viewer, who moves no money.
 */
import type { Charge } from "@paydesk/contract/charges";
import { canRefundInFull, orderNotFoundNotice } from "@paydesk/domain/refunds";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { navigate } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { translator } from "../../components/translator.ts";
import { useRefund } from "../../data/payments.ts";
import { RefundModal } from "./refund-modal.tsx";

export function RefundActions({ charge }: { charge: Charge }) {
	const [open, setOpen] = useState(false);
	const refund = useRefund(charge.order?.number ?? charge.payment_intent);
	const canRefund = useCan("manage_woocommerce");
	const full = canRefundInFull(charge);
	if (!canRefund || (!full && charge.refundable_amount === 0)) return null;
	return (
		<div className="paydesk-refund-actions">
			{full && (
				<Button
					variant="secondary"
					isBusy={refund.isPending}
					disabled={refund.isPending}
					accessibleWhenDisabled
					onClick={() => setOpen(true)}
				>
					{__("Refund in full", "paydesk")}
				</Button>
			)}
			<Button
				variant="tertiary"
				disabled={refund.isPending}
				accessibleWhenDisabled
				onClick={() => {
					if (charge.order?.url) navigate(charge.order.url);
					else createNotice("error", orderNotFoundNotice(translator));
				}}
			>
				{__("Partial refund", "paydesk")}
			</Button>
			{open && (
				<RefundModal
					charge={charge}
					onClose={() => setOpen(false)}
					onConfirm={(request) => {
						setOpen(false);
						refund.mutate(request);
					}}
				/>
			)}
		</div>
	);
}
