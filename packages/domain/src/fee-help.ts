/**
 * The fee help link of the overview's account fees (spec 3 §9: "Fee help links exist for a fixed
 * list of countries"; the spec does not give the list).
 *
 * The list is ours: the countries the sandbox partner onboards (connect.availableCountries, in
 * apps/server/src/admin-pages/page-settings.ts) for which Stripe, whose processor the sandbox
 * plays, publishes its own pricing page at https://stripe.com/{country}/pricing. Puerto Rico is
 * the one onboarded country left out: Stripe has no pricing page of its own for it. An account
 * in any other country gets no help link rather than a page that does not exist.
 */
export const FEE_HELP_COUNTRIES: readonly string[] = [
	"AT",
	"AU",
	"BE",
	"CA",
	"CH",
	"DE",
	"DK",
	"ES",
	"FI",
	"FR",
	"GB",
	"GR",
	"IE",
	"IT",
	"JP",
	"NL",
	"NO",
	"NZ",
	"PL",
	"PT",
	"SE",
	"US",
];

/** The fee help page of the account's country (ISO 3166-1 alpha-2), or null when it has none. */
export function feeHelpUrl(country: string | null | undefined): string | null {
	const code = (country ?? "").toUpperCase();
	if (!FEE_HELP_COUNTRIES.includes(code)) return null;
	return `https://stripe.com/${code.toLowerCase()}/pricing`;
}
