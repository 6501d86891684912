/**
 * The payments settings page (page=wc-settings&tab=checkout&section=woocommerce_payments): every
 * field of the settings entity (spec 2 §3), editable or shown read-only, saved as one object. A
 * payments viewer sees every field and changes none.
 */
import { Button, Notice, Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect } from "react";
import { useCan } from "../../app/routes.ts";
import { getSettings } from "../../app/settings.ts";
import { ReadOnlyFieldset, ReadOnlyReason } from "../../components/read-only/read-only.tsx";
import { StripeAccountPanel } from "../../components/stripe-account/stripe-account.tsx";
import { useUnsavedChanges } from "../../components/unsaved-changes/use-unsaved-changes.ts";
import { AdvancedSection } from "./advanced-section.tsx";
import { ExpressCheckoutSection } from "./express-checkout-section.tsx";
import { FraudSection } from "./fraud-section.tsx";
import { GeneralSection } from "./general-section.tsx";
import { MultiCurrencySection } from "./multi-currency-section.tsx";
import { PaymentMethodsSection } from "./payment-methods-section.tsx";
import { PayoutsSection } from "./payouts-section.tsx";
import { SubscriptionsSection } from "./subscriptions-section.tsx";
import { TransactionsSection } from "./transactions-section.tsx";
import { useSettingsDraft } from "./use-settings-draft.ts";
import "./settings.css";

/** Links such as 'Change payout schedule' carry #payout-schedule: scroll there once it exists. */
function useScrollToHash(ready: boolean): void {
	useEffect(() => {
		const id = window.location.hash.slice(1);
		if (ready && id) document.getElementById(id)?.scrollIntoView?.();
	}, [ready]);
}

export default function SettingsScreen() {
	const settings = useSettingsDraft();
	const canChange = useCan("manage_woocommerce");
	const { draft, server } = settings;
	useUnsavedChanges(
		settings.dirty && !settings.saving,
		__("The changes you made will be lost if you navigate away from this page.", "paydesk"),
	);
	useScrollToHash(draft !== null);

	if (!draft || !server) {
		return (
			<div className="paydesk-page">
				{settings.loadFailed ? (
					<Notice status="error" isDismissible={false}>
						{__("Error retrieving settings.", "paydesk")}
					</Notice>
				) : (
					<Spinner />
				)}
			</div>
		);
	}
	const props = { draft, edit: settings.edit, errors: settings.errors };
	const invalid = Object.keys(settings.errors).length > 0;
	return (
		<div className="paydesk-page paydesk-settings">
			<h2>{__("Payments settings", "paydesk")}</h2>
			{/* The Stripe account behind this one: its key, the import and how fresh the copy is. */}
			{getSettings().processor === "stripe" && canChange && <StripeAccountPanel initialOpen />}
			<ReadOnlyFieldset readOnly={!canChange}>
				<GeneralSection {...props} />
				<PaymentMethodsSection {...props} toggleMethod={settings.toggleMethod} />
				<ExpressCheckoutSection {...props} />
				<TransactionsSection {...props} />
				<PayoutsSection {...props} />
				<FraudSection {...props} />
				<MultiCurrencySection {...props} />
				<SubscriptionsSection {...props} server={server} />
				<AdvancedSection {...props} />
			</ReadOnlyFieldset>
			<div className="paydesk-settings-save">
				{!canChange && <ReadOnlyReason id="paydesk-settings-read-only" />}
				{invalid && (
					<span className="paydesk-field-error">{__("Fix the highlighted fields to save.", "paydesk")}</span>
				)}
				<Button
					variant="primary"
					isBusy={settings.saving}
					disabled={!canChange || !settings.dirty || settings.saving || invalid}
					accessibleWhenDisabled
					aria-describedby={canChange ? undefined : "paydesk-settings-read-only"}
					onClick={settings.save}
				>
					{__("Save Changes", "paydesk")}
				</Button>
			</div>
		</div>
	);
}
