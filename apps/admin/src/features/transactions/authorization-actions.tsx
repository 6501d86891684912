/**
 * Capture and Cancel on an uncaptured row. While either request runs both buttons wait (one
 * shared in-progress state); canceling releases the customer's money, so it asks first. Neither is
 * offered to a payments viewer.
 */
import type { Authorization } from "@paydesk/contract/authorizations";
import { Button } from "@wordpress/components";
import { __, _x, sprintf } from "@wordpress/i18n";
import { useCan } from "../../app/routes.ts";
import { useConfirm } from "../../components/confirm-dialog/use-confirm.tsx";
import { useSettleAuthorization } from "../../data/authorizations.ts";

export function AuthorizationActions({ authorization }: { authorization: Authorization }) {
	const { settle, inProgress, pendingAction } = useSettleAuthorization({
		orderId: authorization.order_id,
		orderNumber: String(authorization.order_id ?? ""),
		paymentIntentId: authorization.payment_intent_id,
	});
	const { confirm, dialog } = useConfirm();
	const canSettle = useCan("manage_woocommerce");
	if (!canSettle || authorization.order_id === null) return null;
	const order = String(authorization.order_id);
	return (
		<span className="paydesk-row-actions">
			<Button
				variant="secondary"
				size="compact"
				isBusy={pendingAction === "capture"}
				disabled={inProgress}
				accessibleWhenDisabled
				aria-label={sprintf(__("Capture the payment for order #%s", "paydesk"), order)}
				onClick={() => settle("capture")}
			>
				{_x("Capture", "verb: button that captures a payment", "paydesk")}
			</Button>
			<Button
				variant="tertiary"
				size="compact"
				isDestructive
				isBusy={pendingAction === "cancel"}
				disabled={inProgress}
				accessibleWhenDisabled
				aria-label={sprintf(__("Cancel the payment for order #%s", "paydesk"), order)}
				onClick={async () => {
					const confirmed = await confirm({
						title: __("Cancel authorization", "paydesk"),
						children: sprintf(
							__(
								"Cancel the authorization of order #%s? The customer's funds are released and it can no longer be captured.",
								"paydesk",
							),
							order,
						),
						confirmLabel: __("Cancel authorization", "paydesk"),
						isDestructive: true,
					});
					if (confirmed) settle("cancel");
				}}
			>
				{__("Cancel", "paydesk")}
			</Button>
			{dialog}
		</span>
	);
}
