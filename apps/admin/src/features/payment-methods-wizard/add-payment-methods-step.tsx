/**
 * Step one, add-payment-methods (spec 3 §4.3, §5.3): the card is required and locked, methods the
 * store already offers stay on, the rest start unchecked; inactive ones cannot be chosen. While
 * progressive onboarding is incomplete every checkbox is locked behind a warning.
 */
import type { PaymentSettings } from "@paydesk/contract/settings";
import {
	canContinueEnablement,
	isMethodLocked,
	methodStatus,
	paymentMethodDefinition,
	requiredCurrencies,
	wizardMethodIds,
} from "@paydesk/domain/payment-method-enablement";
import { Button, Card, CardBody, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { getSettings } from "../../app/settings.ts";
import { translator } from "../../components/translator.ts";
import { MethodRow } from "./method-row.tsx";
import { RequirementsModal } from "./requirements-modal.tsx";
import { useMethodSelection } from "./use-method-selection.ts";

function onboardingIncomplete(): boolean {
	const settings = getSettings();
	const progressive = settings.accountStatus?.progressiveOnboarding;
	return settings.featureFlags.progressiveOnboarding && !!progressive?.isEnabled && !progressive.isComplete;
}

export function AddPaymentMethodsStep({
	settings,
	saving,
	onContinue,
}: {
	settings: PaymentSettings;
	saving: boolean;
	onContinue: (selected: string[]) => void;
}) {
	const selection = useMethodSelection();
	const locked = onboardingIncomplete();
	const page = getSettings();
	const context = {
		multiCurrencyEnabled: settings.is_multi_currency_enabled,
		storeCurrency: page.storeCurrency,
		domesticCurrency: settings.account_domestic_currency,
	};
	const confirming = selection.confirming ? paymentMethodDefinition(selection.confirming, translator) : null;
	return (
		<Card>
			<CardBody>
				<h2 className="paydesk-card-title">{__("Add payment methods", "paydesk")}</h2>
				<p className="paydesk-wizard__lead">
					{__("Choose the payment methods your customers can pay with at checkout.", "paydesk")}
				</p>
				{locked && (
					<Notice status="warning" isDismissible={false}>
						{__(
							"Finish setting up your payments account to add more payment methods. Payment methods can be added once your business details are verified.",
							"paydesk",
						)}
					</Notice>
				)}
				<ul className="paydesk-method-list">
					{wizardMethodIds(settings.available_payment_method_ids).map((id) => {
						const method = paymentMethodDefinition(id, translator);
						const status = methodStatus(settings.payment_method_statuses, id);
						const alreadyOn = settings.enabled_payment_method_ids.includes(id);
						const inactive = status.status === "inactive";
						return (
							<MethodRow
								key={id}
								method={method}
								status={status}
								checked={!inactive && (id === "card" || alreadyOn || selection.selected.includes(id))}
								locked={locked || alreadyOn || isMethodLocked(id, status) || saving}
								busy={selection.pending === id}
								note={
									id === "card"
										? __("Required", "paydesk")
										: alreadyOn
											? __("Already enabled", "paydesk")
											: undefined
								}
								requiredCurrencies={requiredCurrencies(method, context)}
								onChange={(checked) => selection.toggle(id, checked, status)}
							/>
						);
					})}
				</ul>
				<div className="paydesk-wizard__actions">
					<Button
						variant="primary"
						isBusy={saving}
						disabled={!canContinueEnablement(selection.selected, saving) || selection.pending !== null}
						accessibleWhenDisabled
						onClick={() => onContinue(selection.selected)}
					>
						{__("Continue", "paydesk")}
					</Button>
				</div>
			</CardBody>
			{confirming && (
				<RequirementsModal
					label={confirming.label}
					requirements={methodStatus(settings.payment_method_statuses, confirming.id).requirements}
					onConfirm={selection.confirm}
					onCancel={selection.cancel}
				/>
			)}
		</Card>
	);
}
