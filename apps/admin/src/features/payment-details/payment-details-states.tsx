/** What the payment details screen shows while it loads, and when it cannot (spec 2 §8). */
import { Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";

export function PaymentDetailsNotLoaded() {
	return (
		<div className="paydesk-page">
			<Notice status="error" isDismissible={false}>
				{__("Payment details not loaded", "paydesk")}
			</Notice>
		</div>
	);
}

export function PaymentDetailsLoading() {
	return (
		<div className="paydesk-loading" role="status">
			<Spinner /> {__("Loading payment details…", "paydesk")}
		</div>
	);
}
