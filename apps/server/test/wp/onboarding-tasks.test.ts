/**
 * The store's own onboarding task list (spec 3 §2.1): GET /wp-json/wc-admin/onboarding/tasks
 * answers WooCommerce's array of task lists, whose list holds the update-details task (given the
 * update-details flag) and the go-live task, built from the same account data as the overview.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import type { OnboardingTaskList } from "@paydesk/contract/onboarding-tasks";
import { overviewTasks, taskContextOf } from "@paydesk/domain/tasks";
import { englishTranslator } from "@paydesk/domain/translator";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { featureFlagsOf } from "../../src/accounts/documents.ts";
import { buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import { accountStateOverrides } from "../../src/seed/account-states.ts";
import { seedStore } from "../../src/seed/store.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";

const TASKS = "/wp-json/wc-admin/onboarding/tasks";
const OPTIONS = "/wp-json/wc-admin/options";

let t: TestApp;
let admin: Actor;
let customer: Actor;
let seededAccount: Record<string, unknown>;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, now) =>
			void (await seedStore(db, { accountId: TEST_ACCOUNT, transactions: 40, seed: 2, now })),
	});
	admin = await t.actor("administrator");
	customer = await t.actor("customer");
	seededAccount = await t.db.kysely
		.selectFrom("accounts")
		.selectAll()
		.where("id", "=", TEST_ACCOUNT)
		.executeTakeFirstOrThrow();
});
afterAll(async () => t.close());

beforeEach(async () => {
	// Back to the demo store as seeded, with no task dismissed, deleted or snoozed.
	await t.db.kysely.updateTable("accounts").set(seededAccount).where("id", "=", TEST_ACCOUNT).execute();
	await t.db.kysely
		.deleteFrom("options")
		.where("account_id", "=", TEST_ACCOUNT)
		.where("name", "like", "woocommerce_%_todo_tasks")
		.execute();
});

async function account() {
	return t.db.kysely
		.selectFrom("accounts")
		.selectAll()
		.where("id", "=", TEST_ACCOUNT)
		.executeTakeFirstOrThrow();
}

/** Puts the demo store in one of the seed's --state situations. */
async function toState(state: "sandbox" | "restricted") {
	const row = await account();
	await t.db.kysely
		.updateTable("accounts")
		.set(accountStateOverrides(state, row, t.clock.seconds()))
		.where("id", "=", TEST_ACCOUNT)
		.execute();
}

async function setFlags(flags: Record<string, boolean>) {
	const row = await account();
	await t.db.kysely
		.updateTable("accounts")
		.set({ feature_flags: JSON.stringify({ ...featureFlagsOf(row), ...flags }) })
		.where("id", "=", TEST_ACCOUNT)
		.execute();
}

async function taskLists(): Promise<OnboardingTaskList[]> {
	const response = await t.app.inject({ url: TASKS, headers: admin.headers });
	expect(response.statusCode).toBe(200);
	return json<OnboardingTaskList[]>(response);
}

async function storeTasks() {
	const lists = await taskLists();
	expect(lists.map((list) => list.id)).toEqual(["setup"]);
	return lists[0]?.tasks ?? [];
}

/** The overview's tasks, from the page settings the overview reads. */
async function overviewTasksNow() {
	const now = t.clock.seconds();
	const settings = await buildPageSettings(t.db.kysely, configOf(), admin.user, { nonceSecret: "s", now });
	return overviewTasks(
		taskContextOf(settings, {
			disputes: [],
			now,
			format: { money: String, date: () => "date", time: () => "time" },
			translator: englishTranslator,
		}),
	);
}

function configOf() {
	return {
		dataDir: t.dataDir,
		adminDist: "/nonexistent",
		secureCookies: false,
		productName: "Paydesk",
		publicUrl: "http://localhost:8080",
	};
}

describe("GET /wc-admin/onboarding/tasks (spec 3 §2.1)", () => {
	it("is a registered contract route: in the OpenAPI document and the authorization matrix", async () => {
		expect(ALL_ROUTES.some((route) => route.method === "GET" && route.path === TASKS)).toBe(true);
		const openApi = await t.app.inject({ url: "/wp-json/wc/v3/payments/openapi.json" });
		expect(Object.keys(json<{ paths: Record<string, unknown> }>(openApi).paths)).toContain(TASKS);
	});

	it("requires manage_woocommerce: 401 anonymous, 403 to a customer", async () => {
		const anonymous = await t.app.inject({ url: TASKS });
		expect(anonymous.statusCode).toBe(401);
		expect(anonymous.json()).toMatchObject({ code: "rest_not_logged_in" });
		const refused = await t.app.inject({ url: TASKS, headers: customer.headers });
		expect(refused.statusCode).toBe(403);
		expect(refused.json()).toMatchObject({ code: "rest_forbidden" });
	});

	it("the connected demo store: verified business details, nothing to go live with", async () => {
		const tasks = await storeTasks();
		expect(tasks.map((task) => task.id)).toEqual(["update-business-details"]);
		expect(tasks[0]).toMatchObject({ title: "Business details verified", isComplete: true });
		expect((await taskLists())[0]?.isComplete).toBe(true);
	});

	it("in sandbox mode with the go-live flag on, the go-live task opens the connect URL leaving test mode", async () => {
		await toState("sandbox");
		const tasks = await storeTasks();
		const goLive = tasks.find((task) => task.id === "go-live-payments");
		expect(goLive).toMatchObject({
			title: "Set up live payments on your store",
			actionLabel: "Activate payments",
			isComplete: false,
			isDismissable: true,
			isDismissed: false,
		});
		expect(goLive?.actionUrl).toMatch(
			/^\/wp-admin\/admin\.php\?page=wc-admin&path=\/payments\/connect&wcpay-connect=1&_wpnonce=\w+&wcpay-disable-onboarding-test-mode=true$/,
		);
		await setFlags({ goLive: false });
		expect((await storeTasks()).map((task) => task.id)).not.toContain("go-live-payments");
	});

	it("a restricted account: the update-details task says what the overview says, with the requirement errors", async () => {
		await toState("restricted");
		const tasks = await storeTasks();
		const update = tasks.find((task) => task.id === "update-business-details");
		const overview = (await overviewTasksNow()).find((task) => task.key === "update-business-details");
		expect(update).toMatchObject({
			title: overview?.title,
			content: overview?.content,
			additionalInfo: overview?.additionalInfo.join("\n"),
			level: 1,
			isComplete: false,
		});
		expect(update?.content).toBe(
			"Payments and payouts are disabled for this account until missing business information is updated.",
		);
		expect(update?.actionUrl).toContain("from=WCPAY_OVERVIEW&source=overview-page");
	});

	it("the update-details task follows the updateDetailsTask flag", async () => {
		await toState("restricted");
		await setFlags({ updateDetailsTask: false });
		expect((await storeTasks()).map((task) => task.id)).not.toContain("update-business-details");
		await setFlags({ updateDetailsTask: true });
		expect((await storeTasks()).map((task) => task.id)).toContain("update-business-details");
	});

	it("reads the merchant's task choices: dismissed flagged, snoozed until a time, deleted left out", async () => {
		await toState("sandbox");
		const nowMs = t.clock.seconds() * 1000;
		const saved = await t.app.inject({
			method: "POST",
			url: OPTIONS,
			headers: admin.headers,
			payload: {
				woocommerce_dismissed_todo_tasks: { "go-live-payments": nowMs },
				woocommerce_remind_me_later_todo_tasks: { "update-business-details": nowMs + 86_400_000 },
			},
		});
		expect(saved.statusCode).toBe(200);
		const tasks = await storeTasks();
		expect(tasks.find((task) => task.id === "go-live-payments")).toMatchObject({ isDismissed: true });
		expect(tasks.find((task) => task.id === "update-business-details")).toMatchObject({
			isSnoozed: true,
			snoozedUntil: nowMs + 86_400_000,
		});

		await t.app.inject({
			method: "POST",
			url: OPTIONS,
			headers: admin.headers,
			payload: { woocommerce_deleted_todo_tasks: { "go-live-payments": nowMs } },
		});
		expect((await storeTasks()).map((task) => task.id)).not.toContain("go-live-payments");
	});
});
