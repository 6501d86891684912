/**
 * Payment methods with their statuses and requirements (spec 3 §3.8, §4.3): the card cannot be
 * turned off, an inactive method cannot be turned on; toggling adds or removes the method's id
 * in the enabled list (spec 2 §4).
 */
import {
	methodStatus,
	methodStatusLabel,
	paymentMethodDefinition,
	requirementLabel,
} from "@paydesk/domain/payment-method-enablement";
import { CheckboxControl } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { adminUrl, Link } from "../../app/router.tsx";
import { useCan } from "../../app/routes.ts";
import { Chip } from "../../components/chip.tsx";
import { translator } from "../../components/translator.ts";
import type { SectionProps } from "./section-props.ts";
import { SettingsSection } from "./settings-section.tsx";

export function PaymentMethodsSection({
	draft,
	toggleMethod,
}: SectionProps & { toggleMethod: (id: string, enabled: boolean) => void }) {
	// Adding methods and completing their requirements change the account: not a viewer's to offer.
	const canChange = useCan("manage_woocommerce");
	const ids = draft.available_payment_method_ids.filter(
		(id) => !draft.duplicated_payment_method_ids.includes(id),
	);
	return (
		<SettingsSection
			id="payment-methods"
			title={__("Payment methods", "paydesk")}
			description={
				<>
					<p>{__("Choose how customers can pay at checkout.", "paydesk")}</p>
					{canChange && (
						<Link href={adminUrl("/payments/additional-payment-methods")}>
							{__("Add payment methods", "paydesk")}
						</Link>
					)}
				</>
			}
		>
			<ul className="paydesk-settings-methods">
				{ids.map((id) => {
					const method = paymentMethodDefinition(id, translator);
					const status = methodStatus(draft.payment_method_statuses, id);
					const enabled = draft.enabled_payment_method_ids.includes(id);
					const statusLabel = methodStatusLabel(status.status, translator);
					return (
						<li key={id}>
							<CheckboxControl
								__nextHasNoMarginBottom
								label={method.label}
								help={method.description}
								checked={enabled && status.status !== "inactive"}
								disabled={id === "card" || (status.status === "inactive" && !enabled)}
								onChange={(checked) => toggleMethod(id, checked)}
							/>
							<div className="paydesk-settings-methods__status">
								{statusLabel && (
									<Chip label={statusLabel} type={status.status === "inactive" ? "alert" : "warning"} />
								)}
								{status.requirements.length > 0 && (
									<span className="paydesk-settings-methods__requirements">
										{sprintf(
											/* translators: %s: what the payments provider still needs, e.g. Business Website */
											__("Needs: %s", "paydesk"),
											status.requirements
												.map((requirement) => requirementLabel(requirement, translator))
												.join(", "),
										)}
									</span>
								)}
								{canChange && (status.status === "pending" || status.status === "pending_verification") && (
									<a href={`/sandbox-partner/payment-methods/${encodeURIComponent(id)}`}>
										{status.requirements.length > 0
											? /* translators: %s: a payment method, e.g. iDEAL */
												sprintf(__("Provide the details for %s", "paydesk"), method.label)
											: /* translators: %s: a payment method, e.g. iDEAL */
												sprintf(__("Approve %s in the sandbox", "paydesk"), method.label)}
									</a>
								)}
							</div>
						</li>
					);
				})}
			</ul>
		</SettingsSection>
	);
}
