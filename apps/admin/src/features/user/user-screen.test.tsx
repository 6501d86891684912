/**
 * The user page the payment timeline links to for a manual fraud decision
 * (/wp-admin/user-edit.php?user_id=N): who the user is, or WordPress's 'Invalid user ID.'.
 */
import { getUser } from "@paydesk/contract/wp";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { on, type RecordedRequest, restError, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import UserScreen from "./user-screen.tsx";

let requests: RecordedRequest[];
beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(getUser).reply(({ params }) =>
			params.id === "3"
				? {
						id: 3,
						username: "avery",
						name: "Avery Books",
						first_name: "Avery",
						last_name: "Books",
						email: "avery@example.com",
						roles: ["payments_viewer"],
					}
				: params.id === "2"
					? {
							id: 2,
							username: "sam",
							name: "Sam Manager",
							first_name: "Sam",
							last_name: "Manager",
							email: "sam@example.com",
							roles: ["shop_manager"],
						}
					: restError(404, "rest_user_invalid_id", "Invalid user ID."),
		),
	);
});

function renderAt(search: string) {
	window.history.replaceState(null, "", `/wp-admin/user-edit.php${search}`);
	return renderWithQueryClient(<UserScreen />);
}

describe("the user page", () => {
	it("shows the user's login, name, e-mail and role", async () => {
		renderAt("?user_id=2");
		expect(await screen.findByRole("heading", { name: "Sam Manager" })).toBeTruthy();
		const table = screen.getByRole("table", { name: "User" });
		expect(table.textContent).toContain("sam");
		expect(table.textContent).toContain("sam@example.com");
		expect(table.textContent).toContain("Shop manager");
	});

	it("names the payments viewer's role as the admin shows it", async () => {
		renderAt("?user_id=3");
		expect(await screen.findByRole("heading", { name: "Avery Books" })).toBeTruthy();
		expect(screen.getByRole("table", { name: "User" }).textContent).toContain("Payments viewer");
	});

	it("says 'Invalid user ID.' for a user the store does not have", async () => {
		const { container } = renderAt("?user_id=99");
		await screen.findAllByText("Invalid user ID.");
		expect(container.querySelector(".components-notice__content")?.textContent).toBe("Invalid user ID.");
	});

	it("says 'Invalid user ID.' without asking the server when the id is not a number", () => {
		const { container } = renderAt("?user_id=abc");
		expect(container.querySelector(".components-notice__content")?.textContent).toBe("Invalid user ID.");
		expect(requests).toEqual([]);
	});
});
