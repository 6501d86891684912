// @vitest-environment jsdom
/**
 * HTML handed to the admin keeps only a, b, em, i, strong, p and br, with no attribute but a
 * safe href (spec 1 §5), and a kept link opens in a new tab. The output is checked by a real
 * HTML parser (jsdom's DOMParser), the way the browser will read it, on known payloads and on
 * generated hostile markup.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeHref, sanitizeHtml } from "./sanitize-html.ts";

/** The tags spec 1 §5 allows. */
const SPEC_TAGS = ["a", "b", "em", "i", "strong", "p", "br"];
const ALLOWED = new Set(SPEC_TAGS);
const ADMIN_PAGE = "https://store.test/wp-admin/admin.php?page=wc-admin";

/** Every element the browser would build from the HTML, with its attributes. */
function parsed(html: string): { tag: string; attributes: Map<string, string> }[] {
	const body = new DOMParser().parseFromString(html, "text/html").body;
	return Array.from(body.querySelectorAll("*")).map((element) => ({
		tag: element.tagName.toLowerCase(),
		attributes: new Map(Array.from(element.attributes).map((a) => [a.name, a.value])),
	}));
}

/**
 * Where following the link would take the merchant, read the way a browser reads it (the URL
 * standard's parser, from the admin page): a web page or an e-mail, and a link without a scheme
 * of its own stays on the store's site. A link the browser cannot parse goes nowhere.
 */
function isHarmlessLink(href: string): boolean {
	let url: URL;
	try {
		url = new URL(href, ADMIN_PAGE);
	} catch {
		return true;
	}
	if (url.protocol === "mailto:") return true;
	if (url.protocol !== "http:" && url.protocol !== "https:") return false;
	// biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser skips these, as browsers do
	const written = href.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "");
	return /^https?:/i.test(written) || url.host === "store.test";
}

/** The protection itself: what a browser builds from the output is allowed, links included. */
function expectSafe(output: string): void {
	for (const { tag, attributes } of parsed(output)) {
		expect(ALLOWED.has(tag), `<${tag}> in ${output}`).toBe(true);
		if (attributes.size === 0) continue;
		expect(tag, `attributes on <${tag}> in ${output}`).toBe("a");
		expect([...attributes.keys()].sort(), output).toEqual(["href", "rel", "target"]);
		expect(isHarmlessLink(attributes.get("href") ?? ""), `href in ${output}`).toBe(true);
		expect(attributes.get("target")).toBe("_blank");
		expect(attributes.get("rel")).toBe("noopener noreferrer");
	}
}

describe("sanitizeHtml keeps the allowed tags and drops everything else", () => {
	it("keeps a, b, em, i, strong, p and br, and a safe link, which opens in a new tab", () => {
		const html =
			'<p>Get <strong>0%</strong> <b>fees</b>, <em>really</em> <i>now</i><br><a href="https://x.test/t?a=1&amp;b=2">terms</a></p>';
		expect(sanitizeHtml(html)).toBe(
			'<p>Get <strong>0%</strong> <b>fees</b>, <em>really</em> <i>now</i><br /><a href="https://x.test/t?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">terms</a></p>',
		);
	});

	it.each([
		["<script>alert(1)</script>ok", "ok"],
		["<SCRIPT SRC=//evil.test/x.js></SCRIPT>ok", "ok"],
		['<img src=x onerror="alert(1)">ok', "ok"],
		["<svg><script>alert(1)</script></svg>ok", "ok"],
		['<p onclick="alert(1)" style="x">hi</p>', "<p>hi</p>"],
		['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
		['<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
		['<a href=" java\tscript:alert(1)">x</a>', "<a>x</a>"],
		['<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
		['<a href="//evil.test">x</a>', "<a>x</a>"],
		['<a href="/\\evil.test">x</a>', "<a>x</a>"],
		[
			'<a href="https://x.test" target="_self" rel="opener">x</a>',
			'<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
		],
		['<a target="_top" onclick="alert(1)">x</a>', "<a>x</a>"],
		["<iframe src=//evil.test></iframe>ok", "ok"],
		["<!-- <script>alert(1)</script> -->ok", "ok"],
		["<b>open", "<b>open</b>"],
		["1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
		["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
		["<style>*{x:y}</style><u>under</u>", "under"],
		["<textarea><b>x</b></textarea>ok", "ok"],
		["<xmp><script>alert(1)</script></xmp>ok", "ok"],
		['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>ok', "ok"],
		["<template><b>x</b></template><title>t</title>ok", "ok"],
	])("%s → %s", (input, expected) => {
		expect(sanitizeHtml(input)).toBe(expected);
		expectSafe(sanitizeHtml(input));
	});

	it("is idempotent: sanitising twice changes nothing", () => {
		const html = '<p><a href="/wp-admin/x?a=1&b=2">a &amp; b</a> &lt;i&gt;<br></p>';
		expect(sanitizeHtml(sanitizeHtml(html))).toBe(sanitizeHtml(html));
	});
});

describe("isSafeHref: the links the sanitiser keeps (the incentive's terms link too)", () => {
	it.each([
		"https://x.test/terms",
		"http://x.test",
		"mailto:help@x.test",
		"/wp-admin/terms",
		"#terms",
		"terms",
	])("keeps %s", (href) => expect(isSafeHref(href)).toBe(true));

	it.each([
		"javascript:alert(1)",
		" JavaScript:alert(1)",
		"java\tscript:alert(1)",
		"data:text/html,x",
		"vbscript:x",
		"//evil.test",
		"/\\evil.test",
		"tel:123",
	])("drops %s", (href) => expect(isSafeHref(href)).toBe(false));
});

/** Markup pieces an attacker would combine: tags, attributes, quotes, entities, comments. */
const piece = fc.oneof(
	fc.constantFrom(
		"<",
		">",
		"</",
		"/>",
		'"',
		"'",
		"=",
		" ",
		"\t",
		"\n",
		"&",
		"&#",
		";",
		"<!--",
		"-->",
		"<!",
		"<?",
		"javascript:",
		"&#106;",
		"&lt;",
		"&gt;",
		"&quot;",
		"&colon;",
		"onerror",
		"onload",
		"href",
		"src",
		"style",
		"alert(1)",
		"http://x.test",
		"//",
		"\\",
		"target",
		"rel",
		"data:",
	),
	fc.constantFrom(
		...SPEC_TAGS,
		"script",
		"img",
		"svg",
		"iframe",
		"style",
		"div",
		"SCRIPT",
		"textarea",
		"xmp",
		"noscript",
	),
	fc.string({ maxLength: 4 }),
);
const hostileHtml = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(""));

describe("sanitizeHtml on generated hostile markup (fast-check, seeded)", () => {
	it("never lets the browser build a forbidden element, attribute or link", () => {
		fc.assert(
			fc.property(hostileHtml, (html) => {
				expectSafe(sanitizeHtml(html));
			}),
			{ seed: 11, numRuns: 1500 },
		);
	});

	it("is stable: its output sanitises to itself", () => {
		fc.assert(
			fc.property(hostileHtml, (html) => {
				const once = sanitizeHtml(html);
				expect(sanitizeHtml(once)).toBe(once);
			}),
			{ seed: 12, numRuns: 1500 },
		);
	});
});
