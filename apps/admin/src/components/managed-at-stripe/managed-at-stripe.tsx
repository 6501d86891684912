/**
 * What a screen shows for an account connected to the merchant's own Stripe account when Stripe's
 * API cannot serve it (Paydesk's own fraud rules, capital loans, tax documents): where to manage
 * it instead, never an error or an empty page.
 */
import { Card, CardBody, ExternalLink } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";

/** Stripe's Dashboard, where the account's own settings live. */
export const STRIPE_DASHBOARD_URL = "https://dashboard.stripe.com/";

export function ManagedAtStripe({ title }: { title: string }) {
	return (
		<div className="paydesk-page">
			<Card>
				<CardBody>
					<h2>{title}</h2>
					<p>
						{sprintf(
							/* translators: %s: a screen's name, e.g. Capital Loans */
							__(
								"%s is managed in your Stripe Dashboard: this account's payments are processed by your own Stripe account, whose API does not offer it.",
								"paydesk",
							),
							title,
						)}
					</p>
					<ExternalLink href={STRIPE_DASHBOARD_URL}>
						{__("Open your Stripe Dashboard", "paydesk")}
					</ExternalLink>
				</CardBody>
			</Card>
		</div>
	);
}
