/** Spec 3 §2.7: a screen's button can sit in the admin header, beside the breadcrumbs. */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testSettings } from "../testing/settings.ts";
import { HeaderActions } from "./header-actions.tsx";
import { AdminLayout } from "./layout.tsx";
import { ROUTES } from "./routes.ts";

afterEach(cleanup);

function Screen() {
	return (
		<div data-testid="screen">
			<HeaderActions>
				<button type="button">Save Changes</button>
			</HeaderActions>
		</div>
	);
}

describe("header actions", () => {
	it("are shown in the admin header, not in the screen, inside the layout", async () => {
		const settings = testSettings();
		const route = ROUTES.find((entry) => entry.path === "/payments/fraud-protection") ?? null;
		const { container } = render(
			<AdminLayout settings={settings} route={route}>
				<Screen />
			</AdminLayout>,
		);
		const button = await screen.findByRole("button", { name: "Save Changes" });
		expect(container.querySelector(".woocommerce-layout__header")?.contains(button)).toBe(true);
		expect(screen.getByTestId("screen").contains(button)).toBe(false);
	});

	it("stay where the screen put them when there is no layout", () => {
		render(<Screen />);
		expect(screen.getByTestId("screen").contains(screen.getByRole("button", { name: "Save Changes" }))).toBe(
			true,
		);
	});
});
