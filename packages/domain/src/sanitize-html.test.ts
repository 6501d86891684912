// @vitest-environment jsdom
/**
 * HTML handed to the admin keeps only a, b, em, i, strong, p and br, with no attribute but a
 * safe href (spec 1 §5). The output is checked by a real HTML parser (jsdom's DOMParser), the
 * way the browser will read it, on known payloads and on generated hostile markup.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeHref, SANITIZED_TAGS, sanitizeHtml } from "./sanitize-html.ts";

const ALLOWED = new Set<string>(SANITIZED_TAGS);

/** Every element the browser would build from the HTML, with its attributes. */
function parsed(html: string): { tag: string; attributes: [string, string][] }[] {
	const body = new DOMParser().parseFromString(html, "text/html").body;
	return Array.from(body.querySelectorAll("*")).map((element) => ({
		tag: element.tagName.toLowerCase(),
		attributes: Array.from(element.attributes).map((a) => [a.name, a.value] as [string, string]),
	}));
}

/** The protection itself: what a browser builds from the output is allowed, links included. */
function expectSafe(output: string): void {
	for (const element of parsed(output)) {
		expect(ALLOWED.has(element.tag), `<${element.tag}> in ${output}`).toBe(true);
		for (const [name, value] of element.attributes) {
			expect(name === "href" && element.tag === "a", `${name} on <${element.tag}>`).toBe(true);
			expect(isSafeHref(value), `href ${value}`).toBe(true);
		}
	}
}

describe("sanitizeHtml keeps the allowed tags and drops everything else", () => {
	it("keeps a, b, em, i, strong, p and br, and a safe link", () => {
		const html =
			'<p>Get <strong>0%</strong> <b>fees</b>, <em>really</em> <i>now</i><br><a href="https://x.test/t?a=1&amp;b=2">terms</a></p>';
		expect(sanitizeHtml(html)).toBe(
			'<p>Get <strong>0%</strong> <b>fees</b>, <em>really</em> <i>now</i><br><a href="https://x.test/t?a=1&amp;b=2">terms</a></p>',
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
		["<iframe src=//evil.test></iframe>ok", "ok"],
		["<!-- <script>alert(1)</script> -->ok", "ok"],
		["<b>open", "<b>open</b>"],
		["1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
		["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
		["<style>*{x:y}</style><u>under</u>", "under"],
	])("%s → %s", (input, expected) => {
		expect(sanitizeHtml(input)).toBe(expected);
		expectSafe(sanitizeHtml(input));
	});

	it("is idempotent: sanitising twice changes nothing", () => {
		const html = '<p><a href="/wp-admin/x?a=1&b=2">a &amp; b</a> &lt;i&gt;</p>';
		expect(sanitizeHtml(sanitizeHtml(html))).toBe(sanitizeHtml(html));
	});
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
		"data:",
	),
	fc.constantFrom(...SANITIZED_TAGS, "script", "img", "svg", "iframe", "style", "div", "SCRIPT", "textarea"),
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
