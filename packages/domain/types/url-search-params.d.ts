// The part of WHATWG's URLSearchParams the domain uses. Browsers and Node both provide it, but
// no ES lib declares it, and the domain is checked with neither the DOM's nor Node's types.
interface URLSearchParams extends Iterable<[string, string]> {
	get(name: string): string | null;
}
declare var URLSearchParams: { prototype: URLSearchParams; new (init?: string): URLSearchParams };
