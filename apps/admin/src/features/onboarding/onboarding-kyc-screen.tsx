/** /payments/onboarding/kyc: the continue-verification variant, the embedded step alone (spec 1 §2.3). */
import { OnboardingWizard } from "./onboarding-wizard.tsx";

export default function OnboardingKycScreen() {
	return <OnboardingWizard continueVerification />;
}
