/** The wizard's query (spec 1 §2.3): source keeps word characters and dashes (default unknown). */
import { sanitiseConnectParam } from "@paydesk/domain/connect";
import { sanitiseOnboardingSource } from "@paydesk/domain/onboarding";
import { type Query, useLocation } from "../../app/router.tsx";

export interface OnboardingParams {
	source: string;
	from: string;
	capabilities: string[];
	collectPayoutRequirements: boolean;
	redirectToSettingsPage: boolean;
}

const first = (query: Query, key: string) => {
	const value = query[key];
	return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};
const isTrue = (query: Query, key: string) => ["true", "1"].includes(first(query, key));

export function onboardingParamsOf(query: Query): OnboardingParams {
	return {
		source: sanitiseOnboardingSource(first(query, "source")),
		from: sanitiseConnectParam(first(query, "from")),
		capabilities: first(query, "capabilities")
			.split(",")
			.map((item) => item.replace(/\W/g, ""))
			.filter(Boolean),
		collectPayoutRequirements: isTrue(query, "collect_payout_requirements"),
		redirectToSettingsPage: isTrue(query, "redirect_to_settings_page"),
	};
}

export function useOnboardingParams(): OnboardingParams {
	return onboardingParamsOf(useLocation().query);
}
