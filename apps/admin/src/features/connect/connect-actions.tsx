/** The primary button and the reset button (spec 1 §4.1, §4.3), with their modals. */
import {
	connectButtonLabel,
	isConnectButtonDisabled,
	showResetButton,
	withQueryArgs,
} from "@paydesk/domain/connect";
import { Button, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { getSettings } from "../../app/settings.ts";
import { ResetAccountModal, UnsupportedCountryModal } from "./connect-modals.tsx";
import { redirectTo } from "./redirect.ts";
import { useConnectAction } from "./use-connect-action.ts";
import type { ConnectParams } from "./use-connect-params.ts";

export function ConnectActions({
	params,
	sandboxRunning,
}: {
	params: ConnectParams;
	sandboxRunning: boolean;
}) {
	const settings = getSettings();
	const action = useConnectAction(params);
	const [resetting, setResetting] = useState(false);
	const disabled = isConnectButtonDisabled({
		busy: action.busy || sandboxRunning,
		errorMessage: settings.errorMessage,
	});
	const resettable = showResetButton({
		isAccountConnected: settings.isAccountConnected,
		detailsSubmitted: settings.accountStatus?.detailsSubmitted ?? false,
		testModeOnboarding: settings.testModeOnboarding,
	});
	return (
		<div className="paydesk-connect__actions">
			{action.promoError && (
				<Notice status="error" isDismissible={false}>
					{action.promoError}
				</Notice>
			)}
			<div className="paydesk-connect__buttons">
				<Button
					variant="primary"
					onClick={action.start}
					disabled={disabled}
					accessibleWhenDisabled
					isBusy={action.busy}
					__next40pxDefaultSize
				>
					{connectButtonLabel(settings)}
				</Button>
				{resettable && (
					<Button variant="tertiary" onClick={() => setResetting(true)} __next40pxDefaultSize>
						{__("Reset account", "paydesk")}
					</Button>
				)}
			</div>
			{action.confirmingCountry && (
				<UnsupportedCountryModal
					countries={settings.connect.availableCountries}
					onContinue={action.confirmCountry}
					onCancel={action.cancelCountry}
				/>
			)}
			{resetting && (
				<ResetAccountModal
					onCancel={() => setResetting(false)}
					onConfirm={() =>
						redirectTo(
							withQueryArgs(settings.connectUrl, { "wcpay-reset-account": "true", source: params.source }),
						)
					}
				/>
			)}
		</div>
	);
}
