/**
 * The sandbox partner's progressive-onboarding (PO) eligibility: a business may start selling
 * before it gives payout details when it is an individual or a company in a country the
 * partner offers PO in, with annual revenue under $250k, outside the categories the partner
 * reviews first (travel, lodging and event tickets, paid long before delivery).
 */
import type { PoEligibilityBody, SelfAssessmentDto } from "@paydesk/contract/onboarding";

const PO_COUNTRIES = new Set([
	"US",
	"PR",
	"GB",
	"CA",
	"AU",
	"NZ",
	"IE",
	"DE",
	"FR",
	"ES",
	"IT",
	"NL",
	"BE",
	"AT",
	"PT",
	"FI",
	"SE",
	"DK",
	"NO",
	"PL",
	"GR",
	"CH",
]);
const PO_TYPES = new Set(["individual", "company"]);
const REVIEWED_FIRST_MCCS = new Set(["4722", "7011", "7922"]);

export function isPoEligible(body: PoEligibilityBody): boolean {
	return (
		PO_COUNTRIES.has(body.business.country.toUpperCase()) &&
		PO_TYPES.has(body.business.type) &&
		body.business.mcc !== "" &&
		!REVIEWED_FIRST_MCCS.has(body.business.mcc) &&
		body.store.annual_revenue === "less_than_250k" &&
		body.store.go_live_timeframe !== ""
	);
}

/** The same rule over saved onboarding data (the session re-checks what the wizard claims). */
export function isSelfAssessmentPoEligible(data: SelfAssessmentDto): boolean {
	return isPoEligible({
		business: { country: data.country ?? "", type: data.business_type ?? "", mcc: data.mcc ?? "" },
		store: { annual_revenue: data.annual_revenue ?? "", go_live_timeframe: data.go_live_timeframe ?? "" },
	});
}
