/** Step two, setup-complete: 'Enablement complete' with where to go next (spec 3 §2.5). */
import type { PaymentSettings } from "@paydesk/contract/settings";
import {
	methodStatus,
	methodStatusLabel,
	paymentMethodDefinition,
} from "@paydesk/domain/payment-method-enablement";
import { Card, CardBody } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { Link, settingsUrl } from "../../app/router.tsx";
import { translator } from "../../components/translator.ts";

export function SetupCompleteStep({ added, settings }: { added: string[]; settings: PaymentSettings }) {
	return (
		<Card>
			<CardBody>
				<h2 className="paydesk-card-title">{__("Enablement complete", "paydesk")}</h2>
				<p className="paydesk-wizard__lead">
					{__("Your customers can now choose these payment methods at checkout:", "paydesk")}
				</p>
				<ul className="paydesk-added-methods">
					{added.map((id) => {
						const label = methodStatusLabel(
							methodStatus(settings.payment_method_statuses, id).status,
							translator,
						);
						return (
							<li key={id}>
								{paymentMethodDefinition(id, translator).label}
								{label && <span className="paydesk-added-methods__status"> — {label}</span>}
							</li>
						);
					})}
				</ul>
				<p>
					{__(
						"Methods pending approval or activation appear at checkout once the payments provider confirms them.",
						"paydesk",
					)}
				</p>
				<div className="paydesk-wizard__links">
					<Link className="components-button is-primary" href={settingsUrl()}>
						{__("Go to payments settings", "paydesk")}
					</Link>
					<Link
						className="components-button is-secondary"
						href={settingsUrl({ tab: "wcpay_multi_currency" })}
					>
						{__("Multi-currency settings", "paydesk")}
					</Link>
				</div>
			</CardBody>
		</Card>
	);
}
