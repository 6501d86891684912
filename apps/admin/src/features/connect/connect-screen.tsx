/**
 * The connect page, /payments/connect (spec 1 §2.1): banners, greeting, verification info,
 * logos, terms, the primary and reset buttons, the incentive, the sandbox option and its
 * preloader — or only the paused message while onboarding is disabled.
 */
import { Card, CardBody } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { getSettings } from "../../app/settings.ts";
import { StripeAccountPanel } from "../../components/stripe-account/stripe-account.tsx";
import { ConnectActions } from "./connect-actions.tsx";
import { ConnectHeading, ConnectTerms, IdentityVerificationInfo } from "./connect-intro.tsx";
import { ActivateLiveModal } from "./connect-modals.tsx";
import { ConnectNotices } from "./connect-notices.tsx";
import { Incentive } from "./incentive.tsx";
import { PaymentMethodLogos } from "./payment-method-logos.tsx";
import { redirectTo } from "./redirect.ts";
import { SandboxPanel, SandboxPreloader } from "./sandbox.tsx";
import { useConnectParams } from "./use-connect-params.ts";
import { useSandboxSetup } from "./use-sandbox-setup.ts";
import "./connect.css";
import { withQueryArgs } from "@paydesk/domain/connect";

export default function ConnectScreen() {
	const settings = getSettings();
	const params = useConnectParams();
	const sandbox = useSandboxSetup(params);
	const [activatingLive, setActivatingLive] = useState(false);

	if (settings.onBoardingDisabled) {
		return (
			<div className="paydesk-page paydesk-connect">
				<Card>
					<CardBody>
						<p className="paydesk-connect__paused">
							{__(
								"We've temporarily paused new account creation. We'll notify you when we resume!",
								"paydesk",
							)}
						</p>
					</CardBody>
				</Card>
			</div>
		);
	}
	return (
		<div className="paydesk-page paydesk-connect">
			<ConnectNotices settings={settings} params={params} onActivateLive={() => setActivatingLive(true)} />
			<Card>
				<CardBody>
					<ConnectHeading firstName={settings.user.firstName} productName={settings.productName} />
					<IdentityVerificationInfo />
					<PaymentMethodLogos hasWallet={settings.isWooPayStoreCountryAvailable} />
					<ConnectTerms />
					<ConnectActions params={params} sandboxRunning={sandbox.running} />
				</CardBody>
			</Card>
			{settings.connectIncentive && <Incentive incentive={settings.connectIncentive} />}
			<SandboxPanel onStart={sandbox.start} disabled={sandbox.running} />
			<StripeAccountPanel />
			{sandbox.running && <SandboxPreloader progress={sandbox.progress} />}
			{activatingLive && (
				<ActivateLiveModal
					onCancel={() => setActivatingLive(false)}
					onConfirm={() =>
						redirectTo(
							withQueryArgs(settings.connectUrl, {
								"wcpay-disable-onboarding-test-mode": "true",
								source: params.source,
							}),
						)
					}
				/>
			)}
		</div>
	);
}
