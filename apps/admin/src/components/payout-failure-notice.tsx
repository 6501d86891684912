/**
 * 'Payouts are currently paused because a recent payout failed…' with a link to the account
 * link (carrying from and source), shown when an external account is errored (spec 2 §5; the
 * overview narrows it to the selected currency). One rule, shared by payouts and overview. A
 * payments viewer reads the notice without the link: bank details are not its to update.
 */
import { payoutFailureNotice, showPayoutFailureNotice } from "@paydesk/domain/payouts";
import { Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useCan } from "../app/routes.ts";
import { getSettings } from "../app/settings.ts";
import { translator } from "./translator.ts";

export function PayoutFailureNotice({ source, currency }: { source: string; currency?: string }) {
	const status = getSettings().accountStatus;
	const canUpdate = useCan("manage_woocommerce");
	if (!status) return null;
	const show = showPayoutFailureNotice({
		externalAccounts: status.defaultExternalAccounts,
		accountLink: status.accountLink,
		currency,
	});
	if (!show) return null;
	const separator = status.accountLink.includes("?") ? "&" : "?";
	const link = `${status.accountLink}${separator}from=WCPAY_PAYOUTS&source=${encodeURIComponent(source)}`;
	return (
		<Notice status="warning" isDismissible={false} className="paydesk-notice">
			{payoutFailureNotice(translator)}
			{canUpdate && (
				<>
					{" "}
					<a href={link}>{__("Update bank details", "paydesk")}</a>
				</>
			)}
		</Notice>
	);
}
