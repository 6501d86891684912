/**
 * One IP address per country, as the bundled GeoIP database places it, for test payments: the
 * test checkout's "IP country" and the simulator send these as the customer's IP, so the
 * international-IP and IP-mismatch rules see the country a tester picked. A test checks each
 * one against the database.
 */
export const SAMPLE_IP_BY_COUNTRY: Readonly<Record<string, string>> = {
	US: "2.24.20.10",
	CA: "3.96.20.10",
	MX: "31.210.20.10",
	BR: "2.18.20.10",
	GB: "1.186.20.10",
	IE: "3.249.20.10",
	FR: "2.3.20.10",
	DE: "2.21.20.10",
	NL: "4.180.20.10",
	BE: "20.153.20.10",
	ES: "2.138.20.10",
	PT: "2.81.20.10",
	IT: "2.33.20.10",
	CH: "5.144.20.10",
	AT: "37.186.20.10",
	DK: "2.105.20.10",
	SE: "2.0.20.10",
	NO: "2.150.20.10",
	PL: "5.201.20.10",
	ZA: "4.168.20.10",
	NG: "41.189.20.10",
	IN: "1.6.20.10",
	CN: "1.3.20.10",
	JP: "1.0.20.10",
	KR: "1.18.20.10",
	SG: "3.0.20.10",
	AU: "1.42.20.10",
	NZ: "3.102.20.10",
};
