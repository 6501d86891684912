/**
 * Spec 1 §9: the responsive breakpoints are 40em, 52em and 64em. The overview's balance and
 * payouts cards sit side by side only from the wide step, 64em, and stack below it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The admin's tests load no CSS, so the rules are read from the screen's stylesheet.
const css = readFileSync(`${import.meta.dirname}/overview.css`, "utf8");

/** The declarations of `selector` outside any media query, and inside `@media (query)`. */
function rulesOf(selector: string, query?: string): string[] {
	const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
	const source = query
		? (css.match(new RegExp(`@media \\(${query}\\) {([^@]*?)\\n}`))?.[1] ?? "")
		: css.replace(/@media[^{]*{[\s\S]*?\n}/g, "");
	return [...source.matchAll(new RegExp(`${escaped}\\s*{([^}]*)}`, "g"))].map((found) => found[1] ?? "");
}

describe("overview layout (spec 1 §9 breakpoints)", () => {
	it("stacks balance and payouts below 64em and sets them side by side from 64em", () => {
		expect(rulesOf(".paydesk-overview__money").join("")).toMatch(
			/grid-template-columns:\s*minmax\(0, 1fr\);/,
		);
		expect(rulesOf(".paydesk-overview__money", "min-width: 64em").join("")).toMatch(
			/grid-template-columns:\s*minmax\(0, 3fr\) minmax\(0, 2fr\);/,
		);
	});
});
