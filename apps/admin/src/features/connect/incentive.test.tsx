/**
 * The incentive shows the description the server sanitised (spec 1 §5) as HTML, and its terms
 * link only when the server sent one (it sends none that the sanitiser would not keep).
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Incentive } from "./incentive.tsx";

const description =
	'<p>Pay <b>no</b> fees for <em>90</em> days<br /><a href="https://example.com/t" target="_blank" rel="noopener noreferrer">details</a></p>';

describe("the connect incentive", () => {
	it("shows the server's description as HTML, its tags and link included", () => {
		render(<Incentive incentive={{ id: "promo_1", description, tc_url: "" }} />);
		expect(screen.getByText("no").tagName).toBe("B");
		expect(screen.getByText("90").tagName).toBe("EM");
		const link = screen.getByRole("link", { name: "details" });
		expect(link.getAttribute("href")).toBe("https://example.com/t");
		expect(link.getAttribute("target")).toBe("_blank");
	});

	it("shows the terms and conditions link when the server sent one", () => {
		render(<Incentive incentive={{ id: "promo_1", description, tc_url: "https://example.com/tc" }} />);
		expect(screen.getByRole("link", { name: /See terms and conditions/ }).getAttribute("href")).toBe(
			"https://example.com/tc",
		);
	});

	it("shows no terms and conditions link when the server sent it empty", () => {
		render(<Incentive incentive={{ id: "promo_1", description, tc_url: "" }} />);
		expect(screen.queryByRole("link", { name: /See terms and conditions/ })).toBeNull();
	});
});
