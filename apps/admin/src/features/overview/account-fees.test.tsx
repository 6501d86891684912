/** Spec 3 §9: fee help links exist for a fixed list of countries (domain/fee-help), and only those. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { AccountFees } from "./account-fees.tsx";
import { overviewSettings } from "./overview-fixtures.ts";

const HELP = "Learn more about the fees in your country";

describe("account fees' help link (spec 3 §9)", () => {
	it("links an account in a listed country to the fees of its country", () => {
		overviewSettings({ country: "FR" });
		renderWithQueryClient(<AccountFees />);
		const link = screen.getByRole("link", { name: new RegExp(HELP) });
		expect(link.getAttribute("href")).toBe("https://stripe.com/fr/pricing");
		expect(link.getAttribute("target")).toBe("_blank");
	});

	it("shows no help link for an account in a country without a fees page", () => {
		overviewSettings({ country: "PR" });
		renderWithQueryClient(<AccountFees />);
		expect(screen.getByText("Fees")).toBeTruthy();
		expect(screen.queryByRole("link", { name: new RegExp(HELP) })).toBeNull();
	});
});
