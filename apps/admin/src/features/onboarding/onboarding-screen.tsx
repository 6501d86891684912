/** /payments/onboarding: the full-screen onboarding wizard (spec 1 §2.3). */
import { OnboardingWizard } from "./onboarding-wizard.tsx";

export default function OnboardingScreen() {
	return <OnboardingWizard continueVerification={false} />;
}
