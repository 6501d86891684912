/**
 * The simulator's customers: a name, an e-mail, a phone and a postal address that belong to one
 * country, drawn from the demo store's lists (seed/catalog-people.ts), so simulated payments
 * read like the seeded ones.
 */
import type { PostalAddressInput } from "@paydesk/contract/payment-intents";
import { FAILING_EMAIL_MARK } from "@paydesk/domain/test-cards";
import { COUNTRIES, namesFor } from "../seed/catalog-people.ts";
import { ascii, fillPattern } from "../seed/customers.ts";
import type { Random } from "../seed/random.ts";

export interface SimulatedCustomer {
	name: string;
	email: string;
	phone: string;
	address: PostalAddressInput;
}

function countryOf(code: string) {
	const country = COUNTRIES[code];
	if (!country) throw new Error(`The simulator has no addresses for ${code}`);
	return country;
}

/** A street address in a country, written the way that country writes it. */
export function addressIn(random: Random, code: string): PostalAddressInput {
	const country = countryOf(code);
	const names = namesFor(country.language);
	const [city, state, postcode] = random.pick(country.cities);
	const line1 =
		country.language === "en" || country.language === "ja"
			? `${random.int(1, 2400)} ${random.pick(names.streets)}`
			: `${random.pick(names.streets)} ${random.int(1, 160)}`;
	return { line1, city, state, postal_code: fillPattern(random, postcode), country: code };
}

/** A customer living in a country; `failing` marks the e-mail so a non-card payment fails. */
export function customerIn(random: Random, code: string, failing = false): SimulatedCustomer {
	const country = countryOf(code);
	const names = namesFor(country.language);
	const first = random.pick(names.first);
	const last = random.pick(names.last);
	const separator = random.pick([".", "", "_"]);
	const suffix = random.chance(0.4) ? String(random.int(1, 99)) : "";
	const local = `${ascii(first)}${separator}${ascii(last)}${suffix}`;
	return {
		name: `${first} ${last}`,
		email: `${local}${failing ? FAILING_EMAIL_MARK : ""}@${random.pick(names.domains)}`,
		phone: `${country.phone} ${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`,
		address: addressIn(random, code),
	};
}
