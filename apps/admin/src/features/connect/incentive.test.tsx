/** The incentive's description keeps only a, b, em, i, strong, p and br (spec 1 §5). */
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IncentiveDescription } from "./incentive.tsx";

function htmlOf(description: string): string {
	const { container } = render(<IncentiveDescription html={description} />);
	return (container.firstElementChild as HTMLElement).innerHTML;
}

describe("incentive description HTML", () => {
	it("keeps the allowed tags", () => {
		expect(htmlOf("<p>Pay <b>no</b> <strong>fees</strong> for <em>90</em> <i>days</i><br>Really.</p>")).toBe(
			"<p>Pay <b>no</b> <strong>fees</strong> for <em>90</em> <i>days</i><br>Really.</p>",
		);
	});

	it("drops other tags but keeps their text, and drops scripts with their content", () => {
		expect(
			htmlOf(
				'<div onclick="x()">Hello <span>there</span></div><script>alert(1)</script><img src=x onerror=alert(1)>',
			),
		).toBe("Hello there");
	});

	it("keeps safe links (opening in a new tab) and drops attributes and unsafe links", () => {
		expect(htmlOf('<a href="https://example.com/t" style="color:red" onclick="x()">terms</a>')).toBe(
			'<a href="https://example.com/t" target="_blank" rel="noopener noreferrer">terms</a>',
		);
		expect(htmlOf('<a href="javascript:alert(1)">click</a>')).toBe("click");
	});
});
