/**
 * Account fees and discounts (spec 1 §2.2; spec 3 §3.10, §9): per enabled payment method,
 * "percentage + fixed per transaction" — the undiscounted fee struck through while a discount
 * applies, what the discount is, the international and currency conversion surcharges and the
 * most a payment costs; "missing fees" when the account has no fee for a method; a help link to
 * the fees of the account's country, only for the countries that have such a page.
 */
import { feeHelpUrl } from "@paydesk/domain/fee-help";
import { discountNote, feeDisplay } from "@paydesk/domain/fees-display";
import { paymentMethodLabel } from "@paydesk/domain/payment-methods";
import { ExternalLink } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { formatStoreDate } from "../../components/format.ts";

export function AccountFees() {
	const settings = getSettings();
	const methods = settings.enabledPaymentMethods ?? Object.keys(settings.accountFees ?? {});
	const locale = settings.locale.code;
	const helpUrl = feeHelpUrl(settings.accountStatus?.country ?? settings.connect.country);
	if (methods.length === 0) return null;
	return (
		<section className="paydesk-fees" aria-labelledby="paydesk-fees-title">
			<h3 id="paydesk-fees-title" className="paydesk-account__subtitle">
				{__("Fees", "paydesk")}
			</h3>
			<ul className="paydesk-fees__list">
				{methods.map((method) => {
					const fee = feeDisplay(settings.accountFees?.[method], Date.now(), locale);
					const extras = [
						fee.additional && sprintf(__("%s for international cards", "paydesk"), fee.additional),
						fee.fx && sprintf(__("%s for currency conversion", "paydesk"), fee.fx),
					].filter(Boolean);
					return (
						<li key={method} className="paydesk-fees__method" data-method={method}>
							<span className="paydesk-fees__name">{paymentMethodLabel(method)}</span>
							<span className="paydesk-fees__rate">
								{fee.original && <s className="paydesk-fees__original">{fee.original}</s>} {fee.current}
							</span>
							{fee.discount && (
								<span className="paydesk-fees__discount">
									{discountNote(fee.discount, (iso) => formatStoreDate(iso), locale)}
								</span>
							)}
							{extras.length > 0 && (
								<span className="paydesk-fees__extras">
									{extras.join(" · ")} · {sprintf(__("at most %s", "paydesk"), fee.total)}
								</span>
							)}
						</li>
					);
				})}
			</ul>
			{helpUrl && (
				<p className="paydesk-fees__help">
					<ExternalLink href={helpUrl}>
						{__("Learn more about the fees in your country", "paydesk")}
					</ExternalLink>
				</p>
			)}
		</section>
	);
}
