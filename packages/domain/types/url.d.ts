// The part of WHATWG's URL the domain uses (web-urls.ts). Browsers and Node both provide it, but
// no ES lib declares it, and the domain is checked with neither the DOM's nor Node's types.
interface URL {
	readonly href: string;
	readonly origin: string;
	readonly protocol: string;
	readonly pathname: string;
	readonly search: string;
	readonly hash: string;
}
declare var URL: { prototype: URL; new (url: string, base?: string): URL };
