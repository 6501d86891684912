/** /payments/additional-payment-methods: the two-step enablement wizard of spec 3 §2.5. */
import { toggleMethodId } from "@paydesk/domain/payment-method-enablement";
import { Spinner } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { createNotice } from "../../app/notices.tsx";
import { Wizard } from "../../components/wizard/wizard.tsx";
import { saveErrorText, usePaymentSettings, useSavePaymentSettings } from "../../data/settings.ts";
import { AddPaymentMethodsStep } from "./add-payment-methods-step.tsx";
import { SetupCompleteStep } from "./setup-complete-step.tsx";
import "./payment-methods-wizard.css";

const steps = () => [
	{ key: "add-payment-methods", label: __("Add payment methods", "paydesk") },
	{ key: "setup-complete", label: __("Enablement complete", "paydesk") },
];

export default function PaymentMethodsWizardScreen() {
	const settings = usePaymentSettings();
	const save = useSavePaymentSettings();
	const [added, setAdded] = useState<string[] | null>(null);

	const onContinue = (selected: string[]) => {
		if (!settings.data) return;
		const enabled = selected.reduce(
			(ids, id) => toggleMethodId(ids, id, true),
			settings.data.enabled_payment_method_ids,
		);
		save.mutate(
			{ enabled_payment_method_ids: enabled },
			{
				onSuccess: () => setAdded(selected),
				onError: (error) => createNotice("error", saveErrorText(error)),
			},
		);
	};

	return (
		<Wizard
			title={__("Add more ways for buyers to pay", "paydesk")}
			steps={steps()}
			current={added ? "setup-complete" : "add-payment-methods"}
		>
			{!settings.data ? (
				settings.isError ? null : (
					<Spinner />
				)
			) : added ? (
				<SetupCompleteStep added={added} settings={save.data?.data ?? settings.data} />
			) : (
				<AddPaymentMethodsStep settings={settings.data} saving={save.isPending} onContinue={onContinue} />
			)}
		</Wizard>
	);
}
