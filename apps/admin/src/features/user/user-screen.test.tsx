/**
 * The user page the payment timeline links to for a manual fraud decision
 * (/wp-admin/user-edit.php?user_id=N): who the user is, or WordPress's 'Invalid user ID.'.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../app/query-client.ts";
import { jsonResponse, type SeenRequest, stubFetch } from "../../testing/payments.ts";
import { testSettings } from "../../testing/settings.ts";
import UserScreen from "./user-screen.tsx";

let requests: SeenRequest[];
beforeEach(() => {
	testSettings();
	requests = stubFetch((_method, path) => {
		if (path === "/wp-json/wp/v2/users/2") {
			return jsonResponse(200, {
				id: 2,
				username: "sam",
				name: "Sam Manager",
				first_name: "Sam",
				last_name: "Manager",
				email: "sam@example.com",
				roles: ["shop_manager"],
			});
		}
		return jsonResponse(404, {
			code: "rest_user_invalid_id",
			message: "Invalid user ID.",
			data: { status: 404 },
		});
	});
});

function renderAt(search: string) {
	window.history.replaceState(null, "", `/wp-admin/user-edit.php${search}`);
	return render(
		<QueryClientProvider client={createQueryClient()}>
			<UserScreen />
		</QueryClientProvider>,
	);
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
