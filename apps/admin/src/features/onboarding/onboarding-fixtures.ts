/** Page settings for the onboarding tests: two countries' business types and a small goods tree. */
import type { PageSettings } from "@paydesk/contract/page-settings";
import { testSettings } from "../../testing/settings.ts";

const US = [
	{ key: "individual", name: "Individual", description: "Sole trader", structures: [] },
	{
		key: "company",
		name: "Company",
		description: "Registered business",
		structures: [
			{ key: "single_member_llc", name: "Single-member LLC" },
			{ key: "private_corporation", name: "Private corporation" },
		],
	},
];

export function onboardingSettings(overrides: Partial<PageSettings> = {}): PageSettings {
	return testSettings({
		connect: {
			country: "US",
			availableCountries: { US: "United States (US)", PR: "Puerto Rico", FR: "France" },
		},
		onboardingFieldsData: {
			business_types: [
				{ key: "US", name: "United States (US)", types: US },
				{ key: "PR", name: "Puerto Rico", types: US },
				{ key: "FR", name: "France", types: [{ key: "individual", name: "Particulier", structures: [] }] },
			],
			mccs_display_tree: [
				{
					id: "retail",
					title: "Retail",
					items: [
						{ id: "5691", title: "Clothing and accessories", keywords: ["fashion"] },
						{ id: "5942", title: "Books" },
					],
				},
				{ id: "food", title: "Food and drink", items: [{ id: "5812", title: "Restaurants and cafés" }] },
			],
			industry_to_mcc: {},
		},
		...overrides,
	});
}
