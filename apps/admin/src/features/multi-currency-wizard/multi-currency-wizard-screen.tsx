/**
 * /payments/multi-currency-setup: the three-step wizard of spec 3 §2.6. A store that already
 * completed it is sent to the multi-currency settings; reaching the last step saves the
 * completion as the option wcpay_multi_currency_setup_completed.
 */
import { MULTI_CURRENCY_OPTIONS } from "@paydesk/contract/multi-currency";
import { Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef, useState } from "react";
import { navigate, settingsUrl } from "../../app/router.tsx";
import { Wizard } from "../../components/wizard/wizard.tsx";
import {
	useCompleteSetup,
	useCurrencies,
	useSaveStoreSettings,
	useStoreSettings,
	useUpdateEnabledCurrencies,
} from "../../data/multi-currency.ts";
import { useOption } from "../../data/options.ts";
import { AddCurrenciesStep } from "./add-currencies-step.tsx";
import { SetupCompleteStep } from "./setup-complete-step.tsx";
import { StoreSettingsStep } from "./store-settings-step.tsx";
import "./multi-currency-wizard.css";

type Step = "add-currencies" | "multi-currency-settings" | "setup-complete";

const steps = () => [
	{ key: "add-currencies", label: __("Add currencies", "paydesk") },
	{ key: "multi-currency-settings", label: __("Review store settings", "paydesk") },
	{ key: "setup-complete", label: __("Setup complete", "paydesk") },
];

/** Decided once, on arrival: finishing the wizard must not bounce the merchant off its last step. */
function useAlreadyCompletedRedirect(): boolean {
	const completed = useOption<boolean>(MULTI_CURRENCY_OPTIONS.setupCompleted);
	const decided = useRef(false);
	const [checking, setChecking] = useState(true);
	useEffect(() => {
		if (decided.current || completed.isLoading) return;
		decided.current = true;
		if (completed.value === true) navigate(settingsUrl({ tab: "wcpay_multi_currency" }), { replace: true });
		else setChecking(false);
	}, [completed.isLoading, completed.value]);
	return checking;
}

export default function MultiCurrencyWizardScreen() {
	const checking = useAlreadyCompletedRedirect();
	const [step, setStep] = useState<Step>("add-currencies");
	const currencies = useCurrencies();
	const storeSettings = useStoreSettings();
	const updateEnabled = useUpdateEnabledCurrencies();
	const saveStore = useSaveStoreSettings();
	const complete = useCompleteSetup();

	const body = () => {
		if (checking || !currencies.data || !storeSettings.data) return <Spinner />;
		if (step === "add-currencies")
			return (
				<AddCurrenciesStep
					currencies={currencies.data}
					saving={updateEnabled.isPending}
					onSubmit={(codes, changed) => {
						if (!changed) setStep("multi-currency-settings");
						else updateEnabled.mutate(codes, { onSuccess: () => setStep("multi-currency-settings") });
					}}
				/>
			);
		if (step === "multi-currency-settings")
			return (
				<StoreSettingsStep
					settings={storeSettings.data}
					saving={saveStore.isPending}
					onSubmit={(values) =>
						saveStore.mutate(values, {
							onSuccess: () => {
								setStep("setup-complete");
								complete.mutate();
							},
						})
					}
				/>
			);
		return <SetupCompleteStep currencies={Object.keys(currencies.data.enabled)} />;
	};

	return (
		<Wizard title={__("Sell worldwide in multiple currencies", "paydesk")} steps={steps()} current={step}>
			{body()}
		</Wizard>
	);
}
