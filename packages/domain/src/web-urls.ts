/**
 * Where a redirect may send a browser (a login's redirect_to, the 3-D Secure page's return to
 * the store). A target from a request (`redirect_to`, a store's
 * `return_url`) is read as a browser reads it, with the WHATWG URL parser, so what is checked is
 * what the browser would follow: `/\t/evil.example` and `/\\evil.example` are other sites there,
 * not paths. What goes out is the parser's own ASCII serialisation, safe in a Location header.
 */

/** A stand-in for this site's origin: only a target that stays on it is a same-site path. */
const SITE = "http://paydesk.invalid";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether the text holds a control character (a tab, a line break …), refused in any target. */
export const hasControlCharacter = (text: string) => CONTROL.test(text);

/**
 * A path of this site (with its query and fragment), percent-encoded as a browser would send
 * it; null for anything else: another origin, a scheme-relative URL, a control character.
 */
export function sameSitePath(target: unknown): string | null {
	if (typeof target !== "string" || !target.startsWith("/") || hasControlCharacter(target)) return null;
	let url: URL;
	try {
		url = new URL(target, SITE);
	} catch {
		return null;
	}
	if (url.origin !== SITE) return null;
	return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A store's URL to send its customer back to: an http(s) URL of any site, or a path of this one,
 * in the parser's serialisation; null for anything else (another scheme, a control character).
 */
export function webUrl(target: string): string | null {
	if (target.startsWith("/")) return sameSitePath(target);
	if (hasControlCharacter(target)) return null;
	try {
		const url = new URL(target);
		return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
	} catch {
		return null;
	}
}
