/**
 * The overview's task list (spec 1 §4.4): tasks in the spec's order and sort, snooze with
 * 'Task postponed until tomorrow' and Undo saved in the options, dismissal, the dispute task's
 * text and link, and the collapse after 5.
 */
import { type DisputeListRow, listDisputes } from "@paydesk/contract/disputes";
import { getOptions, updateOptions } from "@paydesk/contract/wp";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NoticeArea, removeNotice } from "../../app/notices.tsx";
import { on, type RecordedRequest, stubApi } from "../../testing/network.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
import { overviewSettings } from "./overview-fixtures.ts";
import { TaskList } from "./task-list.tsx";

const now = Math.floor(Date.now() / 1000);
/** The store's wc-admin options, as the task list reads and saves them. */
let options: Record<string, unknown>;
let requests: RecordedRequest[];
let disputes: DisputeListRow[];

/** A dispute of the list; the task reads its id, charge, amount, currency, due date and status. */
const disputeRow = (
	row: Pick<DisputeListRow, "dispute_id" | "charge_id" | "amount" | "due_by">,
): DisputeListRow => ({
	currency: "usd",
	status: "needs_response",
	reason: "fraudulent",
	source: "visa",
	order_number: null,
	order: null,
	customer_name: "Jane Doe",
	customer_email: "jane@example.com",
	customer_country: "US",
	created: now - 86_400,
	...row,
});

beforeEach(() => {
	options = {};
	disputes = [];
	requests = stubApi(
		on(getOptions).reply(() => options),
		on(updateOptions).reply(({ body }) => {
			Object.assign(options, body);
			return { success: true };
		}),
		on(listDisputes).reply(() => ({ data: disputes, total_count: disputes.length })),
	);
});
afterEach(() => {
	for (const key of ["add-payment-methods", "dispute-resolution-task"]) removeNotice(`task-${key}`);
});

function renderTasks() {
	renderWithQueryClient(
		<>
			<TaskList />
			<NoticeArea />
		</>,
	);
	return userEvent.setup();
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("overview task list", () => {
	it("shows the add-payment-methods task with one method enabled, after the urgent dispute task", async () => {
		overviewSettings();
		disputes = [
			disputeRow({ dispute_id: "du_1", charge_id: "ch_1", amount: 4_500, due_by: now + 2 * 86_400 }),
		];
		renderTasks();
		await screen.findByText("Add more ways for buyers to pay");
		await waitFor(() => expect(titles()[0]).toContain("Respond to a dispute for $45.00"));
		expect(titles()).toEqual([
			"Respond to a dispute for $45.00Action needed",
			"Add more ways for buyers to pay",
			"Business details verified",
		]);
		const link = screen.getByRole("link", { name: "Respond now" });
		expect(link.getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=ch_1",
		);
	});

	it("snoozes a task for one day with 'Task postponed until tomorrow', and Undo brings it back", async () => {
		overviewSettings();
		const user = renderTasks();
		const task = (await screen.findByText("Add more ways for buyers to pay")).closest("li") as HTMLElement;
		await user.click(within(task).getByRole("button", { name: "Task options" }));
		await user.click(await screen.findByRole("menuitem", { name: "Remind me tomorrow" }));
		expect((await screen.findAllByText("Task postponed until tomorrow")).length).toBeGreaterThan(0);
		await waitFor(() => expect(screen.queryByText("Add more ways for buyers to pay")).toBeNull());
		const saved = requests.find((request) => request.route === updateOptions)?.body as Record<
			string,
			Record<string, number>
		>;
		const until = saved.woocommerce_remind_me_later_todo_tasks?.["add-payment-methods"] ?? 0;
		expect(until - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
		await user.click(screen.getByRole("button", { name: "Undo" }));
		expect(await screen.findByText("Add more ways for buyers to pay")).toBeTruthy();
		expect(options.woocommerce_remind_me_later_todo_tasks).toEqual({});
	});

	it("dismisses a dismissable task into woocommerce_dismissed_todo_tasks", async () => {
		overviewSettings();
		const user = renderTasks();
		const task = (await screen.findByText("Add more ways for buyers to pay")).closest("li") as HTMLElement;
		await user.click(within(task).getByRole("button", { name: "Task options" }));
		await user.click(await screen.findByRole("menuitem", { name: "Dismiss" }));
		expect((await screen.findAllByText("Task dismissed")).length).toBeGreaterThan(0);
		await waitFor(() =>
			expect(Object.keys(options.woocommerce_dismissed_todo_tasks as object)).toEqual([
				"add-payment-methods",
			]),
		);
	});

	it("hides tasks the merchant deleted, dismissed or snoozed until later", async () => {
		overviewSettings();
		options = {
			woocommerce_dismissed_todo_tasks: { "add-payment-methods": 1 },
			woocommerce_deleted_todo_tasks: { "update-business-details": 1 },
		};
		renderTasks();
		await waitFor(() => expect(requests.length).toBeGreaterThan(0));
		await waitFor(() => expect(screen.queryByRole("heading", { level: 3 })).toBeNull());
	});

	it("lists several disputes as one task linking to the disputes awaiting a response", async () => {
		overviewSettings();
		disputes = [1, 2, 3].map((n) =>
			disputeRow({
				dispute_id: `du_${n}`,
				charge_id: `ch_${n}`,
				amount: 1_000 * n,
				due_by: now + n * 86_400 + 3600,
			}),
		);
		renderTasks();
		expect(await screen.findByText("Respond to 3 active disputes for a total of $60.00")).toBeTruthy();
		expect(screen.getByText("Last week to respond to 3 of the disputes")).toBeTruthy();
		expect(screen.getByRole("link", { name: "See disputes" }).getAttribute("href")).toBe(
			"/wp-admin/admin.php?page=wc-admin&path=/payments/disputes&filter=awaiting_response",
		);
	});

	it("shows all five tasks a store can have without collapsing (the list collapses after 5)", async () => {
		const base = overviewSettings();
		overviewSettings(
			{
				status: "restricted",
				requirements: { errors: [{ code: "invalid_street_address", reason: "Fix the street." }] },
			},
			{
				reconnectUrl: "https://example.com/reconnect",
				testMode: true,
				featureFlags: { ...base.featureFlags, goLive: true },
			},
		);
		disputes = [disputeRow({ dispute_id: "du_1", charge_id: "ch_1", amount: 100, due_by: now + 86_400 * 5 })];
		renderTasks();
		await screen.findByText("Reconnect your store");
		await waitFor(() => expect(titles()).toHaveLength(5));
		expect(titles()).toEqual([
			"Update business detailsAction needed",
			"Reconnect your storeAction needed",
			"Respond to a dispute for $1.00",
			"Add more ways for buyers to pay",
			"Set up live payments on your store",
		]);
		// The friendly text of spec 1 §8, not the server's reason.
		expect(
			screen.getByText("The street address could not be verified. Please check the address."),
		).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Show tasks" })).toBeNull();
	});
});
