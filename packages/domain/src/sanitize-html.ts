/**
 * HTML that the server hands to the admin (the connect incentive's description; inbox notes and
 * evidence text are sent and shown as plain text) keeps only the tags a, b, em, i, strong, p and br
 * (spec 1 §5), with no attribute but a safe `href` on links. Everything else is dropped: the
 * tags of other elements (their text stays text), and the whole of script-like elements.
 *
 * It is a tokenizer, not a regular expression: every `<` that does not open a tag we keep is
 * written as `&lt;`, every attribute value is re-quoted and escaped, and open tags are closed at
 * the end, so the output is always well-formed and nothing in it can become markup again.
 */

export const SANITIZED_TAGS = ["a", "b", "em", "i", "strong", "p", "br"] as const;

const KEPT = new Set<string>(SANITIZED_TAGS);
/** Elements whose content is never shown: they go with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
	"script",
	"style",
	"template",
	"iframe",
	"object",
	"embed",
	"noscript",
	"noembed",
	"noframes",
	"textarea",
	"title",
	"xmp",
	"plaintext",
	"svg",
	"math",
	"select",
]);

const NAMED_ENTITIES: Record<string, string> = {
	amp: "&",
	lt: "<",
	gt: ">",
	quot: '"',
	apos: "'",
	nbsp: "\u00a0",
	colon: ":",
	tab: "\t",
	newline: "\n",
	sol: "/",
};

/** Decodes character references, so `&#106;avascript:` is judged as the browser reads it. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
		if (ref[0] === "#") {
			const code =
				ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
			return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
		}
		return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
	});
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/**
 * A link target a merchant may follow: http(s), mailto, a same-site path or a fragment. Read
 * after decoding and without the whitespace and control characters browsers ignore in a scheme.
 */
export function isSafeHref(raw: string): boolean {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a URL scheme
	const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
	return /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(value);
}

interface Tag {
	name: string;
	closing: boolean;
	attributes: Map<string, string>;
	/** Index just past the tag's `>` (or the end of the input). */
	end: number;
}

/** Reads the tag starting at `start` (a `<` followed by a letter or `/letter`). */
function readTag(html: string, start: number): Tag {
	let index = start + 1;
	const closing = html[index] === "/";
	if (closing) index++;
	const nameMatch = /^[a-z][^\s/>]*/i.exec(html.slice(index));
	const name = (nameMatch?.[0] ?? "").toLowerCase();
	index += name.length;
	const attributes = new Map<string, string>();
	const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?|\s*\/|\s+/y;
	while (index < html.length && html[index] !== ">") {
		attribute.lastIndex = index;
		const match = attribute.exec(html);
		if (!match || match[0].length === 0) {
			index++;
			continue;
		}
		if (match[1] !== undefined) {
			const key = match[1].toLowerCase();
			if (!attributes.has(key)) attributes.set(key, match[2] ?? match[3] ?? match[4] ?? "");
		}
		index += match[0].length;
	}
	return { name, closing, attributes, end: Math.min(index + 1, html.length) };
}

/** Index just past the end of a dropped element's content (its closing tag), or the input's end. */
function skipContent(html: string, name: string, from: number): number {
	const closing = new RegExp(`</${name}[\\s/>]`, "gi");
	closing.lastIndex = from;
	const match = closing.exec(html);
	if (!match) return html.length;
	const end = html.indexOf(">", match.index);
	return end === -1 ? html.length : end + 1;
}

function openTag(tag: Tag): string | null {
	if (tag.name !== "a") return `<${tag.name}>`;
	const href = tag.attributes.get("href");
	return href !== undefined && isSafeHref(href)
		? `<a href="${escapeAttribute(decodeEntities(href))}">`
		: "<a>";
}

/** The HTML with only the allowed tags, safe links and escaped text left. */
export function sanitizeHtml(html: string): string {
	let out = "";
	const open: string[] = [];
	let index = 0;
	while (index < html.length) {
		const lt = html.indexOf("<", index);
		const textEnd = lt === -1 ? html.length : lt;
		if (textEnd > index) out += escapeText(decodeEntities(html.slice(index, textEnd)));
		if (lt === -1) break;
		const next = html.slice(lt + 1, lt + 3);
		if (/^[a-z]|^\/[a-z]/i.test(next)) {
			const tag = readTag(html, lt);
			index = tag.end;
			if (!tag.closing && DROPPED_WITH_CONTENT.has(tag.name)) {
				index = skipContent(html, tag.name, index);
			} else if (KEPT.has(tag.name)) {
				if (tag.name === "br") {
					if (!tag.closing) out += "<br>";
				} else if (!tag.closing) {
					out += openTag(tag);
					open.push(tag.name);
				} else {
					const at = open.lastIndexOf(tag.name);
					if (at !== -1) {
						// Closing an outer element closes the ones still open inside it.
						for (const name of open.splice(at).reverse()) out += `</${name}>`;
					}
				}
			}
		} else if (/^[!?/]/.test(next)) {
			// A comment, doctype, processing instruction or stray `</`: never shown.
			const comment = html.startsWith("<!--", lt);
			const end = comment ? html.indexOf("-->", lt + 4) : html.indexOf(">", lt + 1);
			index = end === -1 ? html.length : end + (comment ? 3 : 1);
		} else {
			out += "&lt;";
			index = lt + 1;
		}
	}
	for (const name of open.reverse()) out += `</${name}>`;
	return out;
}
