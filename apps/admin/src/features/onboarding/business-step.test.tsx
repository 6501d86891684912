/** The business step (spec 1 §5): required fields, dependencies and what shows when. */
import { EMPTY_BUSINESS_DATA } from "@paydesk/domain/onboarding";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BusinessStep } from "./business-step.tsx";
import { onboardingSettings } from "./onboarding-fixtures.ts";

beforeEach(() => {
	onboardingSettings();
});

function renderStep(country = "") {
	const onContinue = vi.fn();
	render(<BusinessStep initial={{ ...EMPTY_BUSINESS_DATA, country }} busy={false} onContinue={onContinue} />);
	return { onContinue, user: userEvent.setup() };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe("business step", () => {
	it("marks every field touched on Continue with errors, and does not go on", async () => {
		const { user, onContinue } = renderStep();
		expect(screen.queryByText("Please provide a country")).toBeNull();
		await user.click(screen.getByRole("button", { name: "Continue" }));
		expect(screen.getByText("Please provide a country")).toBeTruthy();
		expect(screen.getByText("Please provide a business type")).toBeTruthy();
		expect(onContinue).not.toHaveBeenCalled();
	});

	it("lists the country's business types, company first; Puerto Rico uses the United States'", async () => {
		const { user } = renderStep("PR");
		const options = Array.from(select("What kind of business are you?").options).map(
			(option) => option.value,
		);
		expect(options).toEqual(["", "company", "individual"]);
		await user.selectOptions(select("Where is your business based?"), "FR");
		expect(Array.from(select("What kind of business are you?").options).map((o) => o.value)).toEqual([
			"",
			"individual",
		]);
	});

	it("shows the structure only for a type with structures, and clears it when the type changes", async () => {
		const { user } = renderStep("US");
		await user.selectOptions(select("What kind of business are you?"), "company");
		await user.selectOptions(select("How is your business structured?"), "single_member_llc");
		expect(screen.getByRole("button", { name: /What do you sell/ })).toBeTruthy();
		await user.selectOptions(select("What kind of business are you?"), "individual");
		expect(screen.queryByLabelText("How is your business structured?")).toBeNull();
		await user.selectOptions(select("What kind of business are you?"), "company");
		expect(select("How is your business structured?").value).toBe("");
		expect(screen.queryByRole("button", { name: /What do you sell/ })).toBeNull();
	});

	it("clears the business type when the country changes", async () => {
		const { user } = renderStep("US");
		await user.selectOptions(select("What kind of business are you?"), "individual");
		await user.selectOptions(select("Where is your business based?"), "FR");
		expect(select("What kind of business are you?").value).toBe("");
	});

	it("searches goods and services, then shows revenue, timeframe and the terms; Continue hands over the data", async () => {
		const { user, onContinue } = renderStep("US");
		await user.selectOptions(select("What kind of business are you?"), "individual");
		expect(screen.queryByLabelText("What is your estimated annual online revenue?")).toBeNull();
		await user.click(screen.getByRole("button", { name: /What do you sell/ }));
		await user.type(screen.getByRole("searchbox", { name: "Search goods and services" }), "FASHION");
		expect(screen.queryByRole("button", { name: "Books" })).toBeNull();
		await user.click(screen.getByRole("button", { name: "Clothing and accessories" }));
		expect(screen.getByRole("button", { name: /What do you sell\? Clothing and accessories/ })).toBeTruthy();
		expect(screen.getByText(/By continuing, you agree/)).toBeTruthy();
		await user.selectOptions(select("What is your estimated annual online revenue?"), "less_than_250k");
		await user.selectOptions(select("When do you plan to start selling online?"), "already_live");
		await user.click(screen.getByRole("button", { name: "Continue" }));
		expect(onContinue).toHaveBeenCalledWith({
			country: "US",
			business_type: "individual",
			"company.structure": "",
			mcc: "5691",
			annual_revenue: "less_than_250k",
			go_live_timeframe: "already_live",
		});
	});

	it("expands a group of goods and services on demand", async () => {
		const { user } = renderStep("US");
		await user.selectOptions(select("What kind of business are you?"), "individual");
		await user.click(screen.getByRole("button", { name: /What do you sell/ }));
		const group = screen.getByRole("button", { name: "Food and drink" });
		expect(group.getAttribute("aria-expanded")).toBe("false");
		await user.click(group);
		expect(screen.getByRole("button", { name: "Restaurants and cafés" })).toBeTruthy();
	});
});
