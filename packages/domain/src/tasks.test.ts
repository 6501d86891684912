import { describe, expect, it } from "vitest";
import {
	isTaskVisible,
	type OverviewTask,
	overviewTasks,
	readTaskMap,
	SNOOZE_MS,
	sortTasks,
	storeTaskList,
	storeTaskListExtension,
	type TaskAccount,
	type TaskContext,
	taskActionUrl,
	visibleTasks,
} from "./tasks.ts";
import { englishTranslator } from "./translator.ts";

const DAY = 86_400;
const now = Date.parse("2026-11-15T12:00:00Z") / 1000;
const account = (overrides: Partial<TaskAccount> = {}): TaskAccount => ({
	status: "complete",
	detailsSubmitted: true,
	currentDeadline: null,
	pastDue: false,
	accountLink: "/sandbox-partner/account?account=acct_1",
	created: "2025-01-01T00:00:00.000Z",
	requirements: { errors: [] },
	progressiveOnboarding: { isEnabled: false, isComplete: true, tpv: 0, firstTransactionDate: null },
	...overrides,
});
const context = (overrides: Partial<TaskContext> = {}): TaskContext => ({
	account: account(),
	isAccountConnected: true,
	testMode: false,
	goLiveEnabled: false,
	reconnectUrl: null,
	connectUrl: "/wp-admin/admin.php?page=wc-admin&path=/payments/onboarding",
	enabledPaymentMethods: ["card", "link"],
	disputes: [],
	now,
	format: { money: (a) => `$${(a / 100).toFixed(2)}`, date: () => "Dec 1", time: () => "3:00 pm" },
	translator: englishTranslator,
	...overrides,
});
const keys = (tasks: OverviewTask[]) => tasks.map((task) => task.key);
const dueDispute = {
	dispute_id: "du_1",
	charge_id: "ch_1",
	amount: 1000,
	currency: "usd",
	due_by: now + 2 * DAY,
};

describe("overview tasks, in the spec's order (spec 1 §4.4)", () => {
	it("shows all six tasks when each condition holds, in order", () => {
		const tasks = overviewTasks(
			context({
				account: account({ status: "restricted", detailsSubmitted: false }),
				reconnectUrl: "https://example.com/reconnect",
				disputes: [dueDispute],
				testMode: true,
				goLiveEnabled: true,
			}),
		);
		expect(keys(tasks)).toEqual([
			"complete-setup",
			"reconnect-wpcom-user",
			"dispute-resolution-task",
			"go-live-payments",
		]);
		const po = overviewTasks(
			context({
				account: account({
					status: "restricted",
					progressiveOnboarding: { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null },
				}),
				enabledPaymentMethods: ["card"],
			}),
		);
		expect(keys(po)).toEqual(["verify-bank-details"]);
		expect(keys(overviewTasks(context({ enabledPaymentMethods: ["card"] })))).toEqual([
			"update-business-details",
			"add-payment-methods",
		]);
	});

	it("1. finish business details takes 10 minutes; it is hidden once progressive onboarding has the details", () => {
		const [task] = overviewTasks(
			context({ account: account({ detailsSubmitted: false, status: "pending" }) }),
		);
		expect(task).toMatchObject({ key: "complete-setup", time: "10 minutes", level: 1 });
		const po = account({
			status: "restricted",
			progressiveOnboarding: { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null },
		});
		expect(keys(overviewTasks(context({ account: po })))).not.toContain("update-business-details");
	});

	it("1. update business details lists requirement errors with their friendly texts (invalid_value_other ignored) and is completed when verified", () => {
		const errors = [
			{ code: "invalid_street_address", reason: "The street address is invalid." },
			{ code: "some_new_code", reason: "The partner's own reason." },
			{ code: "invalid_value_other", reason: "ignored" },
		];
		const [restricted] = overviewTasks(
			context({ account: account({ status: "restricted", pastDue: true, requirements: { errors } }) }),
		);
		expect(restricted).toMatchObject({
			key: "update-business-details",
			completed: false,
			level: 1,
			additionalInfo: [
				"The street address could not be verified. Please check the address.",
				"The partner's own reason.",
			],
			content:
				"Payments and payouts are disabled for this account until missing business information is updated.",
		});
		const [soon] = overviewTasks(
			context({ account: account({ status: "restricted_soon", currentDeadline: now + DAY }) }),
		);
		expect(soon?.content).toBe("Update by Dec 1 to avoid a disruption in payouts.");
		const [done] = overviewTasks(context());
		expect(done).toMatchObject({ completed: true, isDeletable: true });
	});

	it("4. verify bank details takes 2 minutes and is hidden for status pending, complete or enabled", () => {
		const po = {
			isEnabled: true,
			isComplete: false,
			tpv: 400_000,
			firstTransactionDate: "2026-11-10T00:00:00Z",
		};
		const [task] = overviewTasks(
			context({ account: account({ status: "restricted", progressiveOnboarding: po }) }),
		);
		expect(task).toMatchObject({ key: "verify-bank-details", time: "2 minutes", level: 1 });
		expect(task?.content).toContain("$5000.00 sales limit");
		for (const status of ["pending", "complete", "enabled"]) {
			const tasks = overviewTasks(context({ account: account({ status, progressiveOnboarding: po }) }));
			expect(keys(tasks)).not.toContain("verify-bank-details");
		}
	});

	it("5. add payment methods needs exactly one method enabled and progressive onboarding not pending", () => {
		expect(keys(overviewTasks(context({ enabledPaymentMethods: ["card", "link"] })))).not.toContain(
			"add-payment-methods",
		);
		const pending = account({
			status: "restricted",
			progressiveOnboarding: { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null },
		});
		expect(keys(overviewTasks(context({ account: pending, enabledPaymentMethods: ["card"] })))).not.toContain(
			"add-payment-methods",
		);
	});

	it("6. go live needs a connected account, a site in test mode and the go-live flag", () => {
		expect(keys(overviewTasks(context({ testMode: true, goLiveEnabled: true })))).toContain(
			"go-live-payments",
		);
		expect(keys(overviewTasks(context({ testMode: true, goLiveEnabled: false })))).not.toContain(
			"go-live-payments",
		);
		expect(keys(overviewTasks(context({ testMode: false, goLiveEnabled: true })))).not.toContain(
			"go-live-payments",
		);
	});

	it("3. the dispute task links one dispute to its payment and several to the awaiting-response list", () => {
		const one = overviewTasks(context({ disputes: [dueDispute] })).find(
			(t) => t.key === "dispute-resolution-task",
		);
		expect(one?.action).toEqual({
			kind: "admin",
			path: "/payments/transactions/details",
			query: { id: "ch_1" },
		});
		expect(one?.level).toBe(1);
		const several = overviewTasks(
			context({ disputes: [dueDispute, { ...dueDispute, dispute_id: "du_2", due_by: now + 6 * DAY }] }),
		).find((t) => t.key === "dispute-resolution-task");
		expect(several?.action).toEqual({
			kind: "admin",
			path: "/payments/disputes",
			query: { filter: "awaiting_response" },
		});
	});

	it("the store's onboarding task list gains update details (with its flag), reconnect and go live (spec 3 §2.1)", () => {
		const extra = storeTaskListExtension({
			...context({ reconnectUrl: "https://example.com/r", testMode: true, goLiveEnabled: true }),
			updateDetailsEnabled: true,
		});
		expect(keys(extra)).toEqual(["update-business-details", "reconnect-wpcom-user", "go-live-payments"]);
		expect(keys(storeTaskListExtension({ ...context(), updateDetailsEnabled: false }))).toEqual([]);
	});

	it("the store's task list is WooCommerce-shaped: sorted, deleted left out, dismissed and snoozed flagged", () => {
		const restricted = account({
			status: "restricted",
			requirements: {
				errors: [
					{ code: "invalid_street_address", reason: "", requirement: "company.address.line1" },
					{ code: "verification_missing_owners", reason: "", requirement: "company.owners_provided" },
				],
			},
		});
		const tasks = storeTaskListExtension({
			...context({
				account: restricted,
				reconnectUrl: "https://example.com/r",
				testMode: true,
				goLiveEnabled: true,
			}),
			updateDetailsEnabled: true,
		});
		const nowMs = now * 1000;
		const none = { dismissed: {}, deleted: {}, remindMeLater: {} };
		const list = storeTaskList(tasks, none, nowMs);
		expect(list).toMatchObject({ id: "setup", isComplete: false });
		expect(list.tasks.map((task) => task.id)).toEqual([
			"update-business-details",
			"reconnect-wpcom-user",
			"go-live-payments",
		]);
		expect(list.tasks[0]).toMatchObject({
			parentId: "setup",
			title: "Update business details",
			actionUrl: "/sandbox-partner/account?account=acct_1&from=WCPAY_OVERVIEW&source=overview-page",
			isComplete: false,
			level: 1,
			isDismissed: false,
			isSnoozed: false,
			snoozedUntil: null,
		});
		expect(list.tasks[0]?.additionalInfo.split("\n")).toHaveLength(2);
		expect(list.tasks[2]).toMatchObject({
			actionUrl: `${context().connectUrl}&wcpay-disable-onboarding-test-mode=true`,
			isDismissable: true,
		});

		const chosen = storeTaskList(
			tasks,
			{
				dismissed: { "go-live-payments": nowMs - 1 },
				deleted: { "reconnect-wpcom-user": nowMs - 1 },
				remindMeLater: { "update-business-details": nowMs + SNOOZE_MS },
			},
			nowMs,
		);
		expect(chosen.tasks.map((task) => [task.id, task.isDismissed, task.isSnoozed])).toEqual([
			["update-business-details", false, true],
			["go-live-payments", true, false],
		]);
		expect(chosen.tasks[0]?.snoozedUntil).toBe(nowMs + SNOOZE_MS);

		const verified = storeTaskList(
			storeTaskListExtension({ ...context(), updateDetailsEnabled: true }),
			none,
			nowMs,
		);
		expect(verified).toMatchObject({ isComplete: true, tasks: [{ id: "update-business-details" }] });
	});

	it("an admin action opens its admin page; a URL action its URL", () => {
		expect(
			taskActionUrl({ kind: "admin", path: "/payments/disputes", query: { filter: "awaiting_response" } }),
		).toBe("/wp-admin/admin.php?page=wc-admin&path=/payments/disputes&filter=awaiting_response");
		expect(taskActionUrl({ kind: "url", url: "https://example.com/r" })).toBe("https://example.com/r");
		expect(taskActionUrl(null)).toBeNull();
	});
});

describe("task visibility and sorting (spec 1 §4.4)", () => {
	const prefs = { dismissed: {}, deleted: {}, remindMeLater: {} };
	const nowMs = now * 1000;

	it("a task shows when not deleted, not dismissed, and its snooze time has passed", () => {
		expect(isTaskVisible("a", prefs, nowMs)).toBe(true);
		expect(isTaskVisible("a", { ...prefs, dismissed: { a: nowMs } }, nowMs)).toBe(false);
		expect(isTaskVisible("a", { ...prefs, deleted: { a: nowMs } }, nowMs)).toBe(false);
		expect(isTaskVisible("a", { ...prefs, remindMeLater: { a: nowMs + SNOOZE_MS } }, nowMs)).toBe(false);
		expect(isTaskVisible("a", { ...prefs, remindMeLater: { a: nowMs - 1 } }, nowMs)).toBe(true);
	});

	it("a task put off with Remind me later comes back one day later, not a millisecond sooner", () => {
		const snoozedAt = 1_795_000_000_000;
		const prefs = { dismissed: {}, deleted: {}, remindMeLater: { a: snoozedAt + SNOOZE_MS } };
		expect(isTaskVisible("a", prefs, snoozedAt + 86_400_000 - 1)).toBe(false);
		expect(isTaskVisible("a", prefs, snoozedAt + 86_400_000)).toBe(true);
	});

	it("sorts completed tasks last, then by level (default 3, lower first), keeping the spec's order otherwise", () => {
		const task = (key: string, level: 1 | 2 | 3, completed = false) => ({ key, level, completed });
		expect(
			sortTasks([task("a", 3), task("b", 1, true), task("c", 2), task("d", 3), task("e", 1)]).map(
				(t) => t.key,
			),
		).toEqual(["e", "c", "a", "d", "b"]);
	});

	it("reads the options as maps of task key to timestamp, tolerating lists and junk", () => {
		expect(readTaskMap({ a: 5, b: "x" })).toEqual({ a: 5 });
		expect(readTaskMap(["a"])).toEqual({ a: 0 });
		expect(readTaskMap(false)).toEqual({});
	});

	it("visibleTasks filters and sorts", () => {
		const tasks = overviewTasks(context({ enabledPaymentMethods: ["card"], disputes: [dueDispute] }));
		expect(keys(visibleTasks(tasks, { ...prefs, dismissed: { "add-payment-methods": 1 } }, nowMs))).toEqual([
			"dispute-resolution-task",
			"update-business-details",
		]);
	});
});

describe("an account connected to the merchant's own Stripe account", () => {
	it("whose key Stripe refused has a first-level task to reconnect it, with Stripe's reason, leading to its settings", () => {
		const tasks = overviewTasks(
			context({ stripeConnectionError: "Stripe refused the key: Invalid API Key provided." }),
		);
		const task = tasks.find((item) => item.key === "reconnect-stripe-account");
		expect(task).toMatchObject({
			title: "Reconnect your Stripe account",
			level: 1,
			additionalInfo: ["Stripe refused the key: Invalid API Key provided."],
			actionLabel: "Reconnect",
		});
		expect(taskActionUrl(task?.action ?? null)).toBe(
			"/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments",
		);
	});

	it("whose key works has no such task", () => {
		expect(keys(overviewTasks(context({ stripeConnectionError: null })))).not.toContain(
			"reconnect-stripe-account",
		);
	});
});
