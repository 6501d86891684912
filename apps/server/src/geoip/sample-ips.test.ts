import { describe, expect, it } from "vitest";
import { countryOfIp } from "./country.ts";
import { SAMPLE_IP_BY_COUNTRY } from "./sample-ips.ts";

describe("the bundled GeoIP database (no network at run time)", () => {
	it.each(Object.entries(SAMPLE_IP_BY_COUNTRY))(
		"places the sample address of %s in that country",
		(country, ip) => {
			expect(countryOfIp(ip)).toBe(country);
		},
	);

	it("gives no country to loopback, private or missing addresses", () => {
		expect(countryOfIp("127.0.0.1")).toBeNull();
		expect(countryOfIp("10.1.2.3")).toBeNull();
		expect(countryOfIp(null)).toBeNull();
	});
});
