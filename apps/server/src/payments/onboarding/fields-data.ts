/**
 * The business step's options (page settings onboardingFieldsData, spec 1 §3): business types
 * with their structures for every country the sandbox partner onboards, the grouped
 * goods-and-services tree (merchant category codes), and the store industry's usual code.
 */
import type { OnboardingFieldsDataDto } from "@paydesk/contract/onboarding";

type Structures = { key: string; name: string }[];
type Types = OnboardingFieldsDataDto["business_types"][number]["types"];

const individual = {
	key: "individual",
	name: "Individual",
	description: "You sell as yourself, for example as a sole trader or freelancer.",
	structures: [],
};
const company = (structures: Structures) => ({
	key: "company",
	name: "Company",
	description: "Your business is registered with a government agency, for example as a limited company.",
	structures,
});
const nonProfit = (structures: Structures) => ({
	key: "non_profit",
	name: "Non-profit",
	description: "Your organisation is registered as a charity or other non-profit.",
	structures,
});
const government = (structures: Structures) => ({
	key: "government_entity",
	name: "Government entity",
	description: "Your organisation is a government body or agency.",
	structures,
});

const US_TYPES: Types = [
	individual,
	company([
		{ key: "single_member_llc", name: "Single-member LLC" },
		{ key: "multi_member_llc", name: "Multi-member LLC" },
		{ key: "private_partnership", name: "Private partnership" },
		{ key: "private_corporation", name: "Private corporation" },
		{ key: "public_partnership", name: "Public partnership" },
		{ key: "public_corporation", name: "Public corporation" },
		{ key: "unincorporated_association", name: "Unincorporated association" },
	]),
	nonProfit([
		{ key: "incorporated_non_profit", name: "Incorporated non-profit" },
		{ key: "unincorporated_non_profit", name: "Unincorporated non-profit" },
	]),
	government([
		{ key: "governmental_unit", name: "Governmental unit" },
		{ key: "government_instrumentality", name: "Government instrumentality" },
		{ key: "tax_exempt_government_instrumentality", name: "Tax-exempt government instrumentality" },
	]),
];

const EUROPE_TYPES: Types = [
	individual,
	company([
		{ key: "private_company", name: "Private company" },
		{ key: "public_company", name: "Public company" },
		{ key: "private_partnership", name: "Private partnership" },
		{ key: "limited_liability_partnership", name: "Limited liability partnership" },
	]),
	nonProfit([]),
];

const UK_TYPES: Types = [
	individual,
	company([
		{ key: "private_company", name: "Private limited company" },
		{ key: "public_company", name: "Public limited company" },
		{ key: "limited_liability_partnership", name: "Limited liability partnership" },
		{ key: "private_partnership", name: "Partnership" },
	]),
	nonProfit([
		{ key: "registered_charity", name: "Registered charity" },
		{ key: "unincorporated_non_profit", name: "Unincorporated association" },
	]),
];

const COMMONWEALTH_TYPES: Types = [
	individual,
	company([
		{ key: "private_company", name: "Private company" },
		{ key: "public_company", name: "Public company" },
		{ key: "private_partnership", name: "Partnership" },
	]),
	nonProfit([{ key: "registered_charity", name: "Registered charity" }]),
];

const JAPAN_TYPES: Types = [
	individual,
	company([
		{ key: "private_company", name: "Kabushiki kaisha or godo kaisha" },
		{ key: "public_company", name: "Listed company" },
	]),
	nonProfit([]),
];

/** Which option set each country uses (Puerto Rico the United States', as the wizard does). */
const TYPES_BY_COUNTRY: Record<string, Types> = {
	US: US_TYPES,
	PR: US_TYPES,
	GB: UK_TYPES,
	AU: COMMONWEALTH_TYPES,
	CA: COMMONWEALTH_TYPES,
	NZ: COMMONWEALTH_TYPES,
	JP: JAPAN_TYPES,
};

const MCC_TREE: OnboardingFieldsDataDto["mccs_display_tree"] = [
	{
		id: "retail",
		title: "Retail",
		items: [
			{ id: "5691", title: "Clothing and accessories", keywords: ["apparel", "fashion", "shoes"] },
			{ id: "5944", title: "Jewellery and watches", keywords: ["jewelry"] },
			{ id: "5732", title: "Electronics", keywords: ["computers", "phones"] },
			{ id: "5712", title: "Furniture and home furnishings", keywords: ["home", "decor"] },
			{ id: "5942", title: "Books", keywords: ["bookshop"] },
			{ id: "5945", title: "Toys and games", keywords: ["hobby"] },
			{ id: "5999", title: "Other retail", keywords: ["gifts", "general"] },
		],
	},
	{
		id: "food",
		title: "Food and drink",
		items: [
			{ id: "5411", title: "Groceries", keywords: ["supermarket"] },
			{ id: "5499", title: "Speciality food", keywords: ["coffee", "tea", "bakery"] },
			{ id: "5812", title: "Restaurants and cafés", keywords: ["takeaway", "delivery"] },
		],
	},
	{
		id: "health",
		title: "Health and beauty",
		items: [
			{ id: "5977", title: "Cosmetics and skincare", keywords: ["beauty", "makeup"] },
			{ id: "5912", title: "Pharmacy and health products", keywords: ["supplements", "vitamins"] },
			{ id: "7298", title: "Health and beauty spas", keywords: ["salon", "wellness"] },
		],
	},
	{
		id: "digital",
		title: "Digital products",
		items: [
			{ id: "5815", title: "Digital media", keywords: ["ebooks", "music", "video"] },
			{ id: "5734", title: "Software", keywords: ["apps", "saas", "licences"] },
			{ id: "5816", title: "Digital games", keywords: ["gaming"] },
		],
	},
	{
		id: "services",
		title: "Services",
		items: [
			{ id: "8299", title: "Education and courses", keywords: ["classes", "tutoring", "learning"] },
			{ id: "7392", title: "Consulting", keywords: ["professional", "advice"] },
			{ id: "7333", title: "Photography and design", keywords: ["creative", "art"] },
			{ id: "7399", title: "Other business services", keywords: ["agency"] },
		],
	},
	{
		id: "events",
		title: "Travel and events",
		items: [
			{ id: "7922", title: "Event tickets", keywords: ["concerts", "theatre"] },
			{ id: "4722", title: "Travel agencies and tours", keywords: ["holidays"] },
			{ id: "7011", title: "Lodging", keywords: ["hotel", "bed and breakfast"] },
		],
	},
	{
		id: "memberships",
		title: "Memberships and subscriptions",
		items: [
			{ id: "7997", title: "Clubs and memberships", keywords: ["gym", "fitness"] },
			{ id: "5968", title: "Subscription boxes", keywords: ["recurring", "continuity"] },
		],
	},
	{
		id: "non_profit",
		title: "Non-profits",
		items: [
			{ id: "8398", title: "Charities and social services", keywords: ["donations", "fundraising"] },
			{ id: "8641", title: "Civic and community organisations", keywords: ["association"] },
		],
	},
];

/** The store's industry (its onboarding profile) and the goods-and-services code it suggests. */
const INDUSTRY_TO_MCC: Record<string, string> = {
	"fashion-apparel-accessories": "5691",
	"health-beauty": "5977",
	"electronics-computers": "5732",
	"food-drink": "5499",
	"home-furniture-garden": "5712",
	"education-and-learning": "8299",
	"digital-products": "5815",
	"arts-music-photography": "7333",
	"sports-recreation": "7997",
	other: "5999",
};

/** The fields data for the countries the partner onboards (connect.availableCountries). */
export function onboardingFieldsDataFor(
	countries: Readonly<Record<string, string>>,
): OnboardingFieldsDataDto {
	return {
		business_types: Object.entries(countries).map(([key, name]) => ({
			key,
			name,
			types: TYPES_BY_COUNTRY[key] ?? EUROPE_TYPES,
		})),
		mccs_display_tree: MCC_TREE,
		industry_to_mcc: INDUSTRY_TO_MCC,
	};
}
