/**
 * The country of an IP address, from the GeoLite2 country database that geoip-country bundles
 * (no network at run time). The database (about 8 MB) is read on first use, so a server that
 * never takes a payment never loads it. Private, loopback and unknown addresses have no country.
 */
import { createRequire } from "node:module";

interface GeoLookup {
	lookup(ip: string): { country: string } | null;
}

let geo: GeoLookup | null = null;

function database(): GeoLookup {
	if (!geo) geo = createRequire(import.meta.url)("geoip-country") as GeoLookup;
	return geo;
}

/** ISO 3166-1 alpha-2 in upper case, or null when the address has no known country. */
export function countryOfIp(ip: string | null | undefined): string | null {
	if (!ip) return null;
	const found = database().lookup(ip);
	return found?.country ? found.country.toUpperCase() : null;
}
