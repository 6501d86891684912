/**
 * The one HTML sanitiser. HTML that the server hands to the admin (the connect incentive's
 * description; inbox notes and evidence text are sent and shown as plain text) keeps only the
 * tags a, b, em, i, strong, p and br (spec 1 §5), with no attribute but a safe `href` on links;
 * a kept link opens in a new tab. Other elements lose their tags (their text stays text), and
 * elements whose content is never shown go with everything inside them. The admin shows this
 * output as it is, so the rules live here and nowhere else.
 */
import sanitize from "sanitize-html";
import { escapeHtml } from "./html.ts";

const SANITIZED_TAGS = ["a", "b", "em", "i", "strong", "p", "br"] as const;

/** Elements whose content is never shown as text: they are dropped with everything inside them. */
const DROPPED_WITH_CONTENT = [
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
	"option",
];

/** What a link may point to: web pages and mail, or a path or fragment of this site. */
const LINKS: sanitize.IOptions = {
	allowedTags: [...SANITIZED_TAGS],
	allowedAttributes: { a: ["href"] },
	allowedSchemes: ["http", "https", "mailto"],
	allowedSchemesByTag: {},
	allowProtocolRelative: false,
	disallowedTagsMode: "discard",
	nonTextTags: DROPPED_WITH_CONTENT,
	selfClosing: ["br"],
};

/**
 * Whether a link target is one the sanitiser keeps: http(s), mailto, or a relative URL that
 * stays on this site (never javascript:, data: or `//other.host`), read as a browser reads it.
 */
export function isSafeHref(url: string): boolean {
	return sanitize(`<a href="${escapeHtml(url)}"></a>`, LINKS) !== "<a></a>";
}

const DESCRIPTION: sanitize.IOptions = {
	...LINKS,
	allowedAttributes: { a: ["href", "target", "rel"] },
	transformTags: {
		// Whatever target or rel the source had, a kept link opens in a new tab without handing
		// this page to the one it opens.
		a: (tagName, { href }): sanitize.Tag => ({
			tagName,
			attribs:
				href !== undefined && isSafeHref(href) ? { href, target: "_blank", rel: "noopener noreferrer" } : {},
		}),
	},
};

/** The HTML with only the allowed tags, safe links and escaped text left. */
export function sanitizeHtml(html: string): string {
	return sanitize(html, DESCRIPTION);
}
