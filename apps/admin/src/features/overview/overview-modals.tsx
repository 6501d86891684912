/**
 * The modals after a successful connection (wcpay-connection-success=1):
 * - the progressive-onboarding eligibility modal (spec 1 §4.5) when progressive onboarding is on
 *   and not complete, unless dismissed (option wcpay_onboarding_eligibility_modal_dismissed):
 *   'Set up payouts' goes to the connect URL with collect_payout_requirements, 'Start selling'
 *   dismisses it; confetti plays as it opens;
 * - otherwise the connection-success modal (spec 3 §2.8), its dismissal saved through
 *   POST /settings/{option}.
 */
import { Button } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { Modal } from "../../app/deferred-modal.tsx";
import { useLocation } from "../../app/router.tsx";
import { getSettings } from "../../app/settings.ts";
import { useOptions, useSaveOptions, useSaveSettingFlag } from "../../data/options.ts";
import { Confetti } from "./confetti.tsx";
import {
	ELIGIBILITY_MODAL_OPTION,
	OVERVIEW_OPTIONS,
	OVERVIEW_OPTIONS_NOTICE,
	SETTING_FLAGS,
} from "./overview-data.ts";

function EligibilityModal({ onClose }: { onClose: () => void }) {
	const settings = getSettings();
	const save = useSaveOptions(OVERVIEW_OPTIONS, OVERVIEW_OPTIONS_NOTICE);
	const dismiss = () => {
		save.mutate({ [ELIGIBILITY_MODAL_OPTION]: true });
		onClose();
	};
	return (
		<>
			<Confetti />
			<Modal
				title={__("You're ready to start selling", "paydesk")}
				onRequestClose={dismiss}
				size="medium"
				className="paydesk-eligibility"
			>
				<p>
					{__(
						"Start accepting payments right away. To receive your first payout, verify your bank details within 30 days of your first sale or before your sales reach $5,000.",
						"paydesk",
					)}
				</p>
				<div className="paydesk-modal-actions">
					<Button variant="secondary" href={`${settings.connectUrl}&collect_payout_requirements=true`}>
						{__("Set up payouts", "paydesk")}
					</Button>
					<Button variant="primary" onClick={dismiss}>
						{__("Start selling", "paydesk")}
					</Button>
				</div>
			</Modal>
		</>
	);
}

function ConnectionSuccessModal({ onClose }: { onClose: () => void }) {
	const settings = getSettings();
	const save = useSaveSettingFlag(SETTING_FLAGS.connectionSuccessModal, OVERVIEW_OPTIONS);
	const dismiss = () => {
		save.mutate();
		onClose();
	};
	return (
		<Modal title={__("Your store is connected", "paydesk")} onRequestClose={dismiss} size="medium">
			<p>
				{sprintf(
					__(
						"%s is ready: your customers can pay at checkout and your balance, payouts and payment activity show on this page.",
						"paydesk",
					),
					settings.productName,
				)}
			</p>
			<div className="paydesk-modal-actions">
				<Button variant="primary" onClick={dismiss}>
					{__("Got it", "paydesk")}
				</Button>
			</div>
		</Modal>
	);
}

export function OverviewModals() {
	const settings = getSettings();
	const { query } = useLocation();
	const options = useOptions(OVERVIEW_OPTIONS);
	const [closed, setClosed] = useState(false);
	if (closed || query["wcpay-connection-success"] !== "1" || !options.isSuccess) return null;
	const po = settings.accountStatus?.progressiveOnboarding;
	if (po?.isEnabled && !po.isComplete) {
		if (options.data[ELIGIBILITY_MODAL_OPTION] === true) return null;
		return <EligibilityModal onClose={() => setClosed(true)} />;
	}
	if (options.data[SETTING_FLAGS.connectionSuccessModal] === true) return null;
	return <ConnectionSuccessModal onClose={() => setClosed(true)} />;
}
