/**
 * The capture banner of an uncaptured authorization (spec 2 "Summary card actions"): shown when
 * auth-and-capture is on, the charge did not fail and nothing was refunded, with the deadline 7
 * days after creation. Capture and Cancel share one request-in-progress state; a payments viewer
 * reads the deadline without them.
 */
import { AUTHORIZATION_ERRORS } from "@paydesk/contract/authorizations";
import type { Charge } from "@paydesk/contract/charges";
import { captureDeadline, showCaptureBanner } from "@paydesk/domain/capture";
import { Button } from "@wordpress/components";
import { __, _x, sprintf } from "@wordpress/i18n";
import { ApiError } from "../../app/api.ts";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { formatStoreDateTime } from "../../components/format.ts";
import { useAuthorization, useSettleAuthorization } from "../../data/authorizations.ts";

export function CaptureSection({ charge, now = Date.now() / 1000 }: { charge: Charge; now?: number }) {
	const eligible = showCaptureBanner(getSettings().featureFlags.isAuthAndCaptureEnabled, charge);
	const authorization = useAuthorization(charge.payment_intent, eligible);
	if (!eligible || authorization.isPending) return null;
	// No authorization to act on; another read error leaves the charge's own word standing.
	const missing =
		authorization.error instanceof ApiError && authorization.error.code === AUTHORIZATION_ERRORS.missing;
	if (missing || authorization.data?.is_captured) return null;
	return (
		<CaptureBanner
			charge={charge}
			deadline={charge.capture_by ?? captureDeadline(charge.created)}
			now={now}
		/>
	);
}

export function CaptureBanner({ charge, deadline, now }: { charge: Charge; deadline: number; now: number }) {
	const {
		settle,
		inProgress,
		pendingAction: pending,
	} = useSettleAuthorization({
		orderId: charge.order?.id ?? null,
		orderNumber: charge.order?.number ?? "",
		paymentIntentId: charge.payment_intent,
	});
	const canSettle = useCan("manage_woocommerce");
	const date = formatStoreDateTime(deadline);
	return (
		<section className="paydesk-capture-banner" aria-label={__("Capture payment", "paydesk")}>
			<p>
				{deadline > now
					? sprintf(
							__(
								"This payment is authorized but not captured yet. Capture it by %s to charge the customer; after that the authorization expires.",
								"paydesk",
							),
							date,
						)
					: sprintf(__("The 7-day capture window of this authorization ended on %s.", "paydesk"), date)}
			</p>
			{canSettle && (
				<div className="paydesk-capture-banner__actions">
					<Button
						variant="primary"
						isBusy={pending === "capture"}
						disabled={inProgress}
						accessibleWhenDisabled
						onClick={() => settle("capture")}
					>
						{_x("Capture", "verb: button that captures a payment", "paydesk")}
					</Button>
					<Button
						variant="secondary"
						isBusy={pending === "cancel"}
						disabled={inProgress}
						accessibleWhenDisabled
						onClick={() => settle("cancel")}
					>
						{__("Cancel authorization", "paydesk")}
					</Button>
				</div>
			)}
		</section>
	);
}
