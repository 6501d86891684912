/**
 * The onboarding wizard (spec 1 §2.3, §4.6): the business step, the payout-eligibility check,
 * then the partner's embedded verification step; or, to continue verification
 * (collect_payout_requirements, /payments/onboarding/kyc), the embedded step alone.
 */
import { checkPoEligibility, type KycSessionBody } from "@paydesk/contract/onboarding";
import { isCountrySupported } from "@paydesk/domain/connect";
import {
	type BusinessData,
	EMPTY_BUSINESS_DATA,
	type OnboardingStep,
	onboardingSteps,
	PO_ELIGIBLE_RESULT,
	poEligibilityRequest,
	toSelfAssessment,
} from "@paydesk/domain/onboarding";
import { __ } from "@wordpress/i18n";
import { useState } from "react";
import { callRoute } from "../../app/api.ts";
import { getSettings } from "../../app/settings.ts";
import { Wizard } from "../../components/wizard/wizard.tsx";
import { BusinessStep } from "./business-step.tsx";
import { EmbeddedStep } from "./embedded-step.tsx";
import { useOnboardingParams } from "./use-onboarding-params.ts";
import "./onboarding.css";

const STEP_LABELS: Record<OnboardingStep, () => string> = {
	business: () => __("Business details", "paydesk"),
	embedded: () => __("Verify your identity", "paydesk"),
};

async function isPoEligible(data: BusinessData): Promise<boolean> {
	try {
		const answer = await callRoute(checkPoEligibility, { body: poEligibilityRequest(data) });
		return answer.result === PO_ELIGIBLE_RESULT;
	} catch {
		// Without an answer the merchant onboards fully, which is always allowed.
		return false;
	}
}

export function OnboardingWizard({ continueVerification }: { continueVerification: boolean }) {
	const settings = getSettings();
	const params = useOnboardingParams();
	const embeddedOnly = continueVerification || params.collectPayoutRequirements;
	const steps = onboardingSteps(embeddedOnly);
	const [step, setStep] = useState<OnboardingStep>(steps[0] ?? "business");
	const [checking, setChecking] = useState(false);
	const [session, setSession] = useState<KycSessionBody | null>(
		embeddedOnly
			? {
					self_assessment: {},
					capabilities: params.capabilities,
					// Finishing a first verification may stay progressive (the partner decides from the
					// saved answers); collecting payout requirements never is.
					progressive: !params.collectPayoutRequirements,
					collect_payout_requirements: params.collectPayoutRequirements,
				}
			: null,
	);
	const country = settings.connect.country.toUpperCase();
	const initial: BusinessData = {
		...EMPTY_BUSINESS_DATA,
		country: isCountrySupported(country, settings.connect.availableCountries) ? country : "",
	};

	const continueToVerification = async (data: BusinessData) => {
		setChecking(true);
		const progressive = await isPoEligible(data);
		setSession({
			self_assessment: toSelfAssessment({
				...data,
				business_name: settings.storeName,
				site: window.location.origin,
			}),
			capabilities: params.capabilities,
			progressive,
			collect_payout_requirements: false,
		});
		setChecking(false);
		setStep("embedded");
	};

	return (
		<Wizard
			title={
				embeddedOnly ? __("Finish verifying your business", "paydesk") : __("Set up payments", "paydesk")
			}
			steps={steps.map((key) => ({ key, label: STEP_LABELS[key]() }))}
			current={step}
		>
			{step === "business" && (
				<BusinessStep initial={initial} busy={checking} onContinue={continueToVerification} />
			)}
			{step === "embedded" && session && <EmbeddedStep body={session} params={params} />}
		</Wizard>
	);
}
