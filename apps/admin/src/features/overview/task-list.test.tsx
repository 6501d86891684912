/**
 * The overview's task list (spec 1 §4.4): tasks in the spec's order and sort, snooze with
 * 'Task postponed until tomorrow' and Undo saved in the options, dismissal, the dispute task's
 * text and link, and the collapse after 5.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeArea, removeNotice } from "../../app/notices.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { answer, type FakeApi, overviewSettings, stubOverviewApi } from "./overview-fixtures.ts";
import { TaskList } from "./task-list.tsx";

const now = Math.floor(Date.now() / 1000);
let api: FakeApi;
let disputes: {
	dispute_id: string;
	charge_id: string;
	amount: number;
	currency: string;
	due_by: number;
	status: string;
}[];

beforeEach(() => {
	api = { writes: [], options: {} };
	disputes = [];
	stubOverviewApi(api, (url) =>
		url.includes("/disputes?") ? answer({ data: disputes, total_count: disputes.length }) : undefined,
	);
});
afterEach(() => {
	vi.unstubAllGlobals();
	for (const key of ["add-payment-methods", "dispute-resolution-task"]) removeNotice(`task-${key}`);
});

function renderTasks() {
	render(
		<QueryClientProvider client={createQueryClient()}>
			<TaskList />
			<NoticeArea />
		</QueryClientProvider>,
	);
	return userEvent.setup();
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("overview task list", () => {
	it("shows the add-payment-methods task with one method enabled, after the urgent dispute task", async () => {
		overviewSettings();
		disputes = [
			{
				dispute_id: "du_1",
				charge_id: "ch_1",
				amount: 4_500,
				currency: "usd",
				due_by: now + 2 * 86_400,
				status: "needs_response",
			},
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
		const saved = api.writes.find((write) => write.path === "/wp-json/wc-admin/options")?.body as Record<
			string,
			Record<string, number>
		>;
		const until = saved.woocommerce_remind_me_later_todo_tasks?.["add-payment-methods"] ?? 0;
		expect(until - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
		await user.click(screen.getByRole("button", { name: "Undo" }));
		expect(await screen.findByText("Add more ways for buyers to pay")).toBeTruthy();
		expect(api.options.woocommerce_remind_me_later_todo_tasks).toEqual({});
	});

	it("dismisses a dismissable task into woocommerce_dismissed_todo_tasks", async () => {
		overviewSettings();
		const user = renderTasks();
		const task = (await screen.findByText("Add more ways for buyers to pay")).closest("li") as HTMLElement;
		await user.click(within(task).getByRole("button", { name: "Task options" }));
		await user.click(await screen.findByRole("menuitem", { name: "Dismiss" }));
		expect((await screen.findAllByText("Task dismissed")).length).toBeGreaterThan(0);
		await waitFor(() =>
			expect(Object.keys(api.options.woocommerce_dismissed_todo_tasks as object)).toEqual([
				"add-payment-methods",
			]),
		);
	});

	it("hides tasks the merchant deleted, dismissed or snoozed until later", async () => {
		overviewSettings();
		api.options = {
			woocommerce_dismissed_todo_tasks: { "add-payment-methods": 1 },
			woocommerce_deleted_todo_tasks: { "update-business-details": 1 },
		};
		renderTasks();
		await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
		await waitFor(() => expect(screen.queryByRole("heading", { level: 3 })).toBeNull());
	});

	it("lists several disputes as one task linking to the disputes awaiting a response", async () => {
		overviewSettings();
		disputes = [1, 2, 3].map((n) => ({
			dispute_id: `du_${n}`,
			charge_id: `ch_${n}`,
			amount: 1_000 * n,
			currency: "usd",
			due_by: now + n * 86_400 + 3600,
			status: "needs_response",
		}));
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
		disputes = [
			{
				dispute_id: "du_1",
				charge_id: "ch_1",
				amount: 100,
				currency: "usd",
				due_by: now + 86_400 * 5,
				status: "needs_response",
			},
		];
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
