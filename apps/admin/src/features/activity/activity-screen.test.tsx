/**
 * Payments › Activity: the audit log newest first, each entry as a sentence with its person; the
 * filters of the URL (action, dates, person, object) go to the server in the list's query; an
 * empty log says so; the CSV link carries the filters and the REST nonce.
 */
import { type AuditEntry, downloadAuditLog, listAuditLog } from "@paydesk/contract/audit-log";
import { getCurrentUser } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { currentUserFixture } from "../../testing/current-user.ts";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { testSettings } from "../../testing/settings.ts";
import ActivityScreen from "./activity-screen.tsx";

/** Sat, 21 Nov 2026 10:00:00 UTC */
const NOV_21 = 1_795_255_200;

const actor = { user_id: 1, login: "alex", api_key: null, ip: "192.0.2.7", user_agent: "Firefox" };
const ENTRIES: AuditEntry[] = [
	{
		id: 2,
		created: NOV_21,
		action: "refund.created",
		actor,
		object_type: "charge",
		object_id: "ch_1",
		details: { amount: 2000, currency: "usd", reason: "requested_by_customer" },
	},
	{
		id: 1,
		created: NOV_21 - 60,
		action: "login.failed",
		actor: { ...actor, user_id: null, login: "mallory" },
		object_type: null,
		object_id: null,
		details: {},
	},
];

let entries: AuditEntry[];
let requests: RecordedRequest[];

beforeEach(() => {
	testSettings({ timezone: "UTC", dateFormat: "Y-m-d", timeFormat: "H:i" });
	entries = ENTRIES;
	requests = stubApi(
		on(listAuditLog).reply(() => ({ data: entries, total_count: entries.length })),
		on(getCurrentUser).reply(() => currentUserFixture()),
	);
});

function renderScreen(search = "") {
	window.history.replaceState(null, "", `/wp-admin/admin.php?page=wc-admin&path=/payments/activity${search}`);
	renderWithQueryClient(<ActivityScreen />);
	return userEvent.setup();
}

const listQueries = () =>
	requests.filter((request) => request.route === listAuditLog).map((request) => request.query);

describe("the Activity list", () => {
	it("shows each entry as a sentence, newest first, with its person and address", async () => {
		renderScreen();
		const table = await screen.findByRole("table", { name: "Activity" });
		await within(table).findByText("Refunded $20.00 by alex, reason: Requested by customer");
		const rows = within(table).getAllByRole("row").slice(1);
		expect(within(rows[0] as HTMLElement).getByText("2026-11-21 / 10:00")).toBeTruthy();
		expect(within(rows[1] as HTMLElement).getByText("Failed login as mallory")).toBeTruthy();
		expect(within(rows[0] as HTMLElement).getByText("192.0.2.7")).toBeTruthy();
		expect(listQueries()[0]).toEqual({ page: "1", pagesize: "25", sort: "created", direction: "desc" });
	});

	it("sends the action and date rules of the URL, and the person typed, in the list's query", async () => {
		const user = renderScreen("&filter=advanced&action_is=refund.created&date_after=2026-11-01&match=all");
		await screen.findByRole("table", { name: "Activity" });
		await waitFor(() => expect(listQueries().length).toBeGreaterThan(0));
		expect(listQueries()[0]).toMatchObject({ action_is: "refund.created", date_after: "2026-11-01" });
		await user.type(screen.getByLabelText("Person"), "alex");
		await user.click(screen.getByRole("button", { name: "Apply" }));
		await waitFor(() =>
			expect(listQueries().at(-1)).toMatchObject({ actor_is: "alex", action_is: "refund.created" }),
		);
	});

	it("says when there is no activity yet", async () => {
		entries = [];
		renderScreen();
		expect(await screen.findByText(/No activity yet/)).toBeTruthy();
	});

	it("links the CSV of the filtered list, with the REST nonce", async () => {
		renderScreen("&filter=advanced&action_is=login.failed");
		const link = await screen.findByRole("link", { name: "Download CSV" });
		const href = link.getAttribute("href") ?? "";
		expect(
			href.startsWith(`/wp-json${downloadAuditLog.path.replace("/wp-json", "")}?`) ||
				href.includes("/audit-log/download?"),
		).toBe(true);
		expect(href).toContain("action_is=login.failed");
		expect(href).toContain("_wpnonce=0123456789");
	});
});
