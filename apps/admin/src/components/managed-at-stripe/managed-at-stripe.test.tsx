/**
 * An account connected to its own Stripe account: the screens Stripe's API cannot serve (fraud
 * rules, capital loans, tax documents) say they are managed in the Stripe Dashboard, with a link
 * to it; the others are the screens themselves.
 */
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { Screen } from "../../app/app.tsx";
import { ROUTES } from "../../app/routes.ts";
import { testSettings } from "../../testing/settings.ts";

const route = (path: string) => {
	const found = ROUTES.find((entry) => entry.path === path);
	if (!found) throw new Error(`no route ${path}`);
	return found;
};

const show = (path: string) =>
	render(
		<Suspense fallback={<p>loading</p>}>
			<Screen route={route(path)} onShown={() => undefined} />
		</Suspense>,
	);

describe("an account connected to Stripe", () => {
	it.each(["/payments/loans", "/payments/fraud-protection", "/payments/documents"])(
		"%s says it is managed in the Stripe Dashboard, with a link there",
		(path) => {
			testSettings({ processor: "stripe" });
			show(path);
			expect(screen.getByRole("heading", { name: route(path).title() })).toBeTruthy();
			expect(screen.getByText(/is managed in your Stripe Dashboard/)).toBeTruthy();
			expect(screen.getByRole("link", { name: /Open your Stripe Dashboard/ }).getAttribute("href")).toBe(
				"https://dashboard.stripe.com/",
			);
		},
	);

	it("a screen Stripe's API serves is the screen itself", () => {
		testSettings({ processor: "stripe" });
		show("/payments/transactions");
		expect(screen.queryByText(/is managed in your Stripe Dashboard/)).toBeNull();
	});

	it("a sandbox account has its own capital loans", () => {
		testSettings({ processor: "sandbox" });
		show("/payments/loans");
		expect(screen.queryByText(/is managed in your Stripe Dashboard/)).toBeNull();
	});
});
