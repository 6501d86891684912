/**
 * The banners at the top of the connect page, in the spec's order (spec 1 §2.1, §5, §8): the
 * error banner, the unsupported-country banner, the sandbox notice and the test-account banner.
 */
import type { PageSettings } from "@paydesk/contract/page-settings";
import {
	hasSetupError,
	isCountrySupported,
	showSandboxNotice,
	showTestAccountBanner,
} from "@paydesk/domain/connect";
import { Notice } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import type { ConnectParams } from "./use-connect-params.ts";

export function errorMessagesOf(settings: PageSettings, params: ConnectParams): string[] {
	const messages: string[] = [];
	if (params.testDriveError)
		messages.push(
			__("An error occurred while setting up your sandbox account. Please try again!", "paydesk"),
		);
	if (settings.errorMessage) messages.push(settings.errorMessage);
	const setupError = hasSetupError({
		accountExists: settings.accountStatus !== null,
		isJetpackConnected: settings.isJetpackConnected,
		isAccountConnected: settings.isAccountConnected,
		isAccountValid: settings.isAccountValid,
	});
	if (setupError) messages.push(__("Please complete your setup to process payments.", "paydesk"));
	else if (params.connectionError)
		messages.push(__("There was a problem connecting your account. Please try again.", "paydesk"));
	return messages;
}

export function ConnectNotices({
	settings,
	params,
	onActivateLive,
}: {
	settings: PageSettings;
	params: ConnectParams;
	onActivateLive: () => void;
}) {
	const errors = errorMessagesOf(settings, params);
	const country = settings.connect.country;
	const unsupported = !isCountrySupported(country, settings.connect.availableCountries);
	return (
		<div className="paydesk-connect__notices">
			{errors.map((message) => (
				<Notice key={message} status="error" isDismissible={false}>
					{message}
				</Notice>
			))}
			{unsupported && (
				<Notice status="error" isDismissible={false}>
					{sprintf(
						/* translators: %s: the store's country code */
						__(
							"Your store's country (%s) is not supported yet. You can still continue, but payments may not be available for your business.",
							"paydesk",
						),
						country,
					)}
				</Notice>
			)}
			{showSandboxNotice(settings) && (
				<Notice status="warning" isDismissible={false}>
					{__(
						"Sandbox mode is on: the account you set up will be a test account, and no real payments are processed.",
						"paydesk",
					)}
				</Notice>
			)}
			{showTestAccountBanner(settings) && (
				<Notice
					status="info"
					isDismissible={false}
					actions={[
						{ label: __("Activate live payments", "paydesk"), onClick: onActivateLive, variant: "link" },
					]}
				>
					{__("You are using a test account. Activate live payments to accept real orders.", "paydesk")}
				</Notice>
			)}
		</div>
	);
}
