/**
 * The account details card (spec 3 §4.6, §4.8): the account status chip, the payments and
 * payouts indicators, the fees of the enabled payment methods, and the account tools (Reset
 * account, in test mode only, and not for a payments viewer).
 */
import { accountStatusDisplay, paymentsIndicator, payoutsIndicator } from "@paydesk/domain/account-status";
import { Button, Card, CardBody, CardHeader } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog/confirm-dialog.tsx";
import { translator } from "../../components/translator.ts";
import { AccountFees } from "./account-fees.tsx";

function AccountTools() {
	const settings = getSettings();
	const [confirming, setConfirming] = useState(false);
	const resetUrl = `${settings.connectUrl}&wcpay-reset-account=true&source=wcpay-overview-account-tools`;
	return (
		<section className="paydesk-account__tools" aria-labelledby="paydesk-account-tools">
			<h3 id="paydesk-account-tools" className="paydesk-account__subtitle">
				{__("Account tools", "paydesk")}
			</h3>
			<p>{__("Start over with a new test account: your test data and settings are removed.", "paydesk")}</p>
			<Button variant="secondary" isDestructive onClick={() => setConfirming(true)}>
				{__("Reset account", "paydesk")}
			</Button>
			{confirming && (
				<ConfirmDialog
					title={__("Reset your test account?", "paydesk")}
					confirmLabel={__("Reset account", "paydesk")}
					isDestructive
					onConfirm={() => window.location.assign(resetUrl)}
					onCancel={() => setConfirming(false)}
					size="medium"
				>
					{__(
						"Your test payments and settings will be removed, and you will set up the account again.",
						"paydesk",
					)}
				</ConfirmDialog>
			)}
		</section>
	);
}

export function AccountDetailsCard() {
	const settings = getSettings();
	const canReset = useCan("manage_woocommerce");
	const status = settings.accountStatus;
	if (!status) return null;
	const display = accountStatusDisplay(status, translator);
	const payments = paymentsIndicator(status, translator);
	return (
		<Card className="paydesk-account">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Account details", "paydesk")}</h2>
				<span data-testid="account-status">
					<Chip label={display.label} type={display.chip} />
				</span>
			</CardHeader>
			<CardBody>
				<dl className="paydesk-account__indicators">
					<div>
						<dt>{__("Payments", "paydesk")}</dt>
						<dd>
							<Chip label={payments.label} type={payments.chip} />
						</dd>
					</div>
					<div>
						<dt>{__("Payouts", "paydesk")}</dt>
						<dd>{payoutsIndicator(status, translator)}</dd>
					</div>
					<div>
						<dt>{__("Account", "paydesk")}</dt>
						<dd>
							<code>{status.id}</code>
						</dd>
					</div>
				</dl>
				<AccountFees />
				{canReset && (settings.testMode || settings.testModeOnboarding) && <AccountTools />}
			</CardBody>
		</Card>
	);
}
