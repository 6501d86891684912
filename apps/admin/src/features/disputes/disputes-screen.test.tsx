/**
 * Spec 3 §2.2: the disputes table's columns and sorts come from the list's declaration; the
 * admin's URL keeps its column keys (orderby=dueBy) while the API is asked by the field's name.
 */
import { getDisputesSummary, listDisputes } from "@paydesk/contract/disputes";
import { getCurrentUser, getOptions } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import DisputesScreen from "./disputes-screen.tsx";

let requests: RecordedRequest[] = [];

beforeEach(() => {
	testSettings();
	requests = stubApi(
		on(listDisputes).reply(() => ({ data: [], total_count: 0 })),
		on(getDisputesSummary).reply(() => ({ count: 0, currencies: ["usd"] })),
		on(getOptions).reply(() => ({})),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});

function renderScreen(query = "") {
	window.history.replaceState(null, "", `/wp-admin/admin.php?page=wc-admin&path=/payments/disputes${query}`);
	return renderWithQueryClient(<DisputesScreen />);
}

const listQueries = () => requests.filter((request) => request.route === listDisputes).map((r) => r.query);

describe("disputes list (spec 3 §2.2)", () => {
	it("shows the declared columns, currency, e-mail, country and creation date hidden at first", async () => {
		renderScreen();
		const table = await screen.findByRole("table", { name: "Disputes" });
		for (const name of [
			"Amount",
			"Status",
			"Reason",
			"Source",
			"Order #",
			"Customer",
			"Respond by",
			"Action",
		])
			expect(within(table).getByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeTruthy();
		for (const name of ["Currency", "Email", "Country", "Disputed on"])
			expect(within(table).queryByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeNull();
		await waitFor(() => expect(listQueries()[0]).toMatchObject({ sort: "created", direction: "desc" }));
	});

	it("sorts by the Respond by column as due_by", async () => {
		renderScreen("&orderby=dueBy&order=asc");
		await screen.findByRole("table", { name: "Disputes" });
		await waitFor(() => expect(listQueries()[0]).toMatchObject({ sort: "due_by", direction: "asc" }));
	});
});
