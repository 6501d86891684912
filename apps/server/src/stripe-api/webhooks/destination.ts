/**
 * Where a delivery may go. Loopback and private addresses are allowed, since a developer's store
 * often runs on their own machine; WEBHOOK_PUBLIC_ONLY=1 refuses them, for a shared host.
 * Link-local addresses (169.254.0.0/16, fe80::/10, which hold the clouds' metadata services) and
 * the other known metadata addresses are always refused. A literal address is checked when an
 * endpoint is saved; at delivery every address the host resolves to is checked, and the
 * connection goes to a checked address (no second lookup a DNS change could slip through).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

export type AddressClass = "public" | "private" | "forbidden";

const forbidden = new BlockList();
forbidden.addSubnet("169.254.0.0", 16, "ipv4");
forbidden.addSubnet("fe80::", 10, "ipv6");
// Metadata services outside link-local: Alibaba Cloud, Azure's wire server, Oracle's legacy
// address, AWS's IPv6 one, and link-local reached through NAT64.
for (const address of ["100.100.100.200", "168.63.129.16", "192.0.0.192"])
	forbidden.addAddress(address, "ipv4");
forbidden.addAddress("fd00:ec2::254", "ipv6");
forbidden.addSubnet("64:ff9b::a9fe:0", 112, "ipv6");

/** Not reachable from the internet: loopback, private, shared, reserved, multicast, documentation. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
	["0.0.0.0", 8],
	["10.0.0.0", 8],
	["100.64.0.0", 10],
	["127.0.0.0", 8],
	["172.16.0.0", 12],
	["192.0.0.0", 24],
	["192.0.2.0", 24],
	["192.168.0.0", 16],
	["198.18.0.0", 15],
	["198.51.100.0", 24],
	["203.0.113.0", 24],
	["224.0.0.0", 3],
] as const)
	nonPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
	["::", 128],
	["::1", 128],
	["64:ff9b::", 96],
	["100::", 64],
	["2001:db8::", 32],
	["fc00::", 7],
	["fec0::", 10],
	["ff00::", 8],
] as const)
	nonPublic.addSubnet(network, prefix, "ipv6");

/** Host names of metadata services, refused before any lookup. */
const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "metadata.goog"]);

export function classifyAddress(address: string): AddressClass {
	const family = isIP(address) === 6 ? "ipv6" : "ipv4";
	if (forbidden.check(address, family)) return "forbidden";
	if (nonPublic.check(address, family)) return "private";
	return "public";
}

/** Why an address may not be delivered to, or null when it may. */
export function addressRefusal(address: string, publicOnly: boolean): string | null {
	const kind = classifyAddress(address);
	if (kind === "forbidden")
		return `${address} is a link-local or cloud metadata address, which is never delivered to.`;
	if (kind === "private" && publicOnly) {
		return `${address} is a loopback or private address, which this server does not deliver to (WEBHOOK_PUBLIC_ONLY).`;
	}
	return null;
}

/** The host of a URL without IPv6 brackets, lower-case. */
function hostOf(url: URL): string {
	return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

/** Why an endpoint's URL is refused when it is saved, or null: its scheme, and a literal address. */
export function urlRefusal(value: string, publicOnly: boolean): string | null {
	if (!URL.canParse(value)) return "must be an absolute http:// or https:// URL";
	const url = new URL(value);
	if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http:// or https:// URL";
	const host = hostOf(url);
	if (host === "") return "must name a host";
	if (METADATA_HOSTS.has(host.replace(/\.$/, "")))
		return `${host} is a cloud metadata service, which is never delivered to.`;
	return isIP(host) ? addressRefusal(host, publicOnly) : null;
}

export class DestinationRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = "DestinationRefused";
	}
}

/**
 * A lookup for http.request that resolves the host, refuses it unless every address it has may
 * be delivered to, and connects only to those addresses.
 */
export function checkedLookup(publicOnly: boolean): LookupFunction {
	return (hostname, options, callback) => {
		const done = callback as (error: Error | null, address: unknown, family?: number) => void;
		if (METADATA_HOSTS.has(hostname.toLowerCase().replace(/\.$/, ""))) {
			done(
				new DestinationRefused(`${hostname} is a cloud metadata service, which is never delivered to.`),
				"",
			);
			return;
		}
		lookup(hostname, { all: true, family: options.family ?? 0 })
			.then((addresses) => {
				for (const { address } of addresses) {
					const refusal = addressRefusal(address, publicOnly);
					if (refusal) throw new DestinationRefused(`${hostname} resolves to ${refusal}`);
				}
				if (addresses.length === 0) throw new DestinationRefused(`${hostname} has no address.`);
				if (options.all) done(null, addresses);
				else done(null, addresses[0]?.address, addresses[0]?.family);
			})
			.catch((error: Error) => done(error, ""));
	};
}

/** Refuses a literal address of a URL at delivery (a lookup is not made for one). */
export function literalRefusal(url: URL, publicOnly: boolean): string | null {
	const host = hostOf(url);
	return isIP(host) ? addressRefusal(host, publicOnly) : null;
}
