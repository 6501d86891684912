/**
 * The overview's task list (spec 1 §3 Task, §4.4, §4.5, §9; spec 3 §2.1): the six tasks in the
 * spec's order with their conditions, which of them a merchant's choices hide (dismissed,
 * deleted, snoozed for a day), the sort (completed last, then level, default 3) and the collapse
 * after 5 items. Texts are the spec's where it gives them; the rest are ours, each in the
 * merchant's language through the context's translator.
 */
import { requirementErrorMessages } from "./account-requirements.ts";
import { isProgressiveOnboardingIncomplete } from "./account-status.ts";
import { type DisputeTaskFormat, disputeTaskText, type TaskDispute } from "./dispute-task.ts";
import {
	PO_SALES_THRESHOLD,
	poTaskContent,
	poTaskState,
	poTaskTime,
	poTaskTitle,
	toSeconds,
} from "./progressive-onboarding.ts";
import { sprintf, type Translator } from "./translator.ts";

export type TaskLevel = 1 | 2 | 3;
export const DEFAULT_TASK_LEVEL: TaskLevel = 3;
/** The list shows 5 tasks before collapsing ('Hide tasks' / 'Show tasks'). */
export const TASK_LIST_COLLAPSE_AFTER = 5;
/** Snooze hides a task for one day. */
export const SNOOZE_MS = 24 * 60 * 60 * 1000;

export const TASK_OPTIONS = {
	dismissed: "woocommerce_dismissed_todo_tasks",
	deleted: "woocommerce_deleted_todo_tasks",
	remindMeLater: "woocommerce_remind_me_later_todo_tasks",
} as const;

export type TaskAction =
	| { kind: "admin"; path: string; query?: Record<string, string> }
	| { kind: "url"; url: string };

export interface OverviewTask {
	key: string;
	title: string;
	content: string;
	additionalInfo: readonly string[];
	level: TaskLevel;
	completed: boolean;
	expandable: boolean;
	expanded: boolean;
	isDismissable: boolean;
	isDeletable: boolean;
	allowSnooze: boolean;
	showActionButton: boolean;
	actionLabel: string;
	time: string | null;
	action: TaskAction | null;
}

import type { RequirementError } from "./account-requirements.ts";

/** The account status fields the tasks read (spec 1 §3). */
export interface TaskAccount {
	status: string;
	detailsSubmitted: boolean;
	currentDeadline: number | null;
	pastDue: boolean;
	accountLink: string;
	created: string;
	requirements: { errors: readonly RequirementError[] };
	progressiveOnboarding: {
		isEnabled: boolean;
		isComplete: boolean;
		tpv: number;
		firstTransactionDate: string | null;
	};
}

export interface TaskContext {
	account: TaskAccount | null;
	isAccountConnected: boolean;
	/** The site takes test or sandbox payments. */
	testMode: boolean;
	goLiveEnabled: boolean;
	reconnectUrl: string | null;
	connectUrl: string;
	/** Why the merchant's own Stripe account refused Paydesk's key, when it did. */
	stripeConnectionError?: string | null | undefined;
	enabledPaymentMethods: readonly string[];
	disputes: readonly TaskDispute[];
	/** Epoch seconds. */
	now: number;
	format: DisputeTaskFormat;
	/** Writes the tasks' texts in the merchant's language. */
	translator: Translator;
}

/** The page settings the tasks read (spec 1 §3), as both the admin and the server hold them. */
export interface TaskSettings {
	accountStatus: TaskAccount | null;
	isAccountConnected: boolean;
	testMode: boolean;
	testModeOnboarding: boolean;
	featureFlags: { goLive: boolean };
	reconnectUrl: string | null;
	connectUrl: string;
	enabledPaymentMethods?: readonly string[];
	stripeConnectionError?: string | null | undefined;
}

/** The tasks' context from the page settings, plus what the caller reads at the moment. */
export function taskContextOf(
	settings: TaskSettings,
	moment: Pick<TaskContext, "disputes" | "now" | "format" | "translator">,
): TaskContext {
	return {
		account: settings.accountStatus,
		isAccountConnected: settings.isAccountConnected,
		testMode: settings.testMode || settings.testModeOnboarding,
		goLiveEnabled: settings.featureFlags.goLive,
		reconnectUrl: settings.reconnectUrl,
		connectUrl: settings.connectUrl,
		stripeConnectionError: settings.stripeConnectionError ?? null,
		enabledPaymentMethods: settings.enabledPaymentMethods ?? ["card"],
		...moment,
	};
}

const base = (
	task: Partial<OverviewTask> & Pick<OverviewTask, "key" | "title" | "content">,
): OverviewTask => ({
	additionalInfo: [],
	level: DEFAULT_TASK_LEVEL,
	completed: false,
	expandable: false,
	expanded: false,
	isDismissable: false,
	isDeletable: false,
	allowSnooze: false,
	showActionButton: true,
	actionLabel: "",
	time: null,
	action: null,
	...task,
});

const withQuery = (url: string, query: string) => `${url}${url.includes("?") ? "&" : "?"}${query}`;

/** 1. Update or finish business details, unless progressive onboarding took over. */
export function businessDetailsTask(context: TaskContext): OverviewTask | null {
	const account = context.account;
	const t = context.translator;
	if (!account) return null;
	if (account.progressiveOnboarding.isEnabled && account.detailsSubmitted) return null;
	if (!account.detailsSubmitted) {
		return base({
			key: "complete-setup",
			title: t.__("Activate payments", "paydesk"),
			content: t.__(
				"Verify your business details to start accepting payments and receiving payouts.",
				"paydesk",
			),
			level: 1,
			time: sprintf(t._n("%d minute", "%d minutes", 10, "paydesk"), 10),
			actionLabel: t.__("Finish setup", "paydesk"),
			action: { kind: "url", url: context.connectUrl },
		});
	}
	// The friendly texts of spec 1 §8 (the server's reason for an unmapped code).
	const errors = requirementErrorMessages(account.requirements.errors, t);
	const completed = (account.status === "complete" || account.status === "enabled") && errors.length === 0;
	const restricted = account.status === "restricted";
	const deadline = account.currentDeadline;
	let content = t.__("Your business details are verified: payments and payouts are enabled.", "paydesk");
	if (restricted && account.pastDue)
		content = t.__(
			"Payments and payouts are disabled for this account until missing business information is updated.",
			"paydesk",
		);
	else if ((restricted || account.status === "restricted_soon") && deadline)
		content = sprintf(
			/* translators: %s: the date the business details must be updated by */
			t.__("Update by %s to avoid a disruption in payouts.", "paydesk"),
			context.format.date(deadline),
		);
	else if (!completed)
		content = t.__(
			"Some business details need your attention to keep payments and payouts running.",
			"paydesk",
		);
	return base({
		key: "update-business-details",
		title: completed
			? t.__("Business details verified", "paydesk")
			: t.__("Update business details", "paydesk"),
		content,
		additionalInfo: errors,
		expandable: errors.length > 0,
		expanded: errors.length > 0,
		level: completed ? DEFAULT_TASK_LEVEL : restricted ? 1 : 2,
		completed,
		isDeletable: completed,
		showActionButton: !completed,
		actionLabel: t.__("Update", "paydesk"),
		action: { kind: "url", url: withQuery(account.accountLink, "from=WCPAY_OVERVIEW&source=overview-page") },
	});
}

/** 2. Reconnect the content-platform user, when a reconnect URL exists. */
export function reconnectTask(context: TaskContext): OverviewTask | null {
	if (!context.reconnectUrl) return null;
	const t = context.translator;
	return base({
		key: "reconnect-wpcom-user",
		title: t.__("Reconnect your store", "paydesk"),
		content: t.__(
			"The connection that carries your payments was lost. Reconnect your store to keep receiving payments and payouts.",
			"paydesk",
		),
		level: 1,
		actionLabel: t.__("Reconnect", "paydesk"),
		action: { kind: "url", url: context.reconnectUrl },
	});
}

/** Where an account connected to Stripe shows its Stripe account (Payments › Settings). */
export const STRIPE_ACCOUNT_SETTINGS_URL =
	"/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments";

/**
 * 2b. An account connected to the merchant's own Stripe account whose key Stripe refuses (revoked,
 * rolled): nothing reaches Stripe until it is connected again with a valid key.
 */
export function reconnectStripeTask(context: TaskContext): OverviewTask | null {
	if (!context.stripeConnectionError) return null;
	const t = context.translator;
	return base({
		key: "reconnect-stripe-account",
		title: t.__("Reconnect your Stripe account", "paydesk"),
		content: t.__(
			"Stripe refused the key Paydesk keeps for your account, so refunds, captures and the copy of your payments have stopped. Disconnect, then connect again with a valid key.",
			"paydesk",
		),
		additionalInfo: [context.stripeConnectionError],
		expandable: true,
		level: 1,
		actionLabel: t.__("Reconnect", "paydesk"),
		action: { kind: "url", url: STRIPE_ACCOUNT_SETTINGS_URL },
	});
}

/** 3. Respond to disputes due within 7 days. */
export function disputesTask(context: TaskContext): OverviewTask | null {
	const t = context.translator;
	const text = disputeTaskText(context.disputes, context.now, context.format, t);
	if (!text) return null;
	return base({
		key: "dispute-resolution-task",
		title: text.title,
		content: text.content,
		level: text.urgent ? 1 : 2,
		allowSnooze: true,
		actionLabel: text.count === 1 ? t.__("Respond now", "paydesk") : t.__("See disputes", "paydesk"),
		action: text.chargeId
			? { kind: "admin", path: "/payments/transactions/details", query: { id: text.chargeId } }
			: { kind: "admin", path: "/payments/disputes", query: { filter: "awaiting_response" } },
	});
}

/** 4. Verify bank details (progressive onboarding), by the table of spec 1 §4.5. */
export function bankDetailsTask(context: TaskContext): OverviewTask | null {
	const account = context.account;
	if (!account?.progressiveOnboarding.isEnabled || !account.detailsSubmitted) return null;
	if (["pending", "complete", "enabled"].includes(account.status)) return null;
	const po = account.progressiveOnboarding;
	const t = context.translator;
	const state = poTaskState(
		{
			tpv: po.tpv,
			firstTransactionDate: toSeconds(po.firstTransactionDate),
			created: toSeconds(account.created) ?? context.now,
		},
		context.now,
	);
	return base({
		key: "verify-bank-details",
		title: poTaskTitle(t),
		content: poTaskContent(
			state.message,
			context.format.date(state.deadline),
			context.format.money(PO_SALES_THRESHOLD * 100, "usd"),
			t,
		),
		level: state.level,
		time: poTaskTime(t),
		actionLabel: t.__("Set up payouts", "paydesk"),
		action: { kind: "url", url: withQuery(context.connectUrl, "collect_payout_requirements=true") },
	});
}

/** 5. Add payment methods: one method enabled, details submitted, progressive onboarding not pending. */
export function paymentMethodsTask(context: TaskContext): OverviewTask | null {
	const account = context.account;
	if (!account?.detailsSubmitted || context.enabledPaymentMethods.length !== 1) return null;
	if (isProgressiveOnboardingIncomplete(account)) return null;
	const t = context.translator;
	return base({
		key: "add-payment-methods",
		title: t.__("Add more ways for buyers to pay", "paydesk"),
		content: t.__(
			"Offer the payment methods your customers know, like Apple Pay, Klarna or iDEAL, to sell more.",
			"paydesk",
		),
		isDismissable: true,
		allowSnooze: true,
		actionLabel: t.__("Add payment methods", "paydesk"),
		action: { kind: "admin", path: "/payments/additional-payment-methods" },
	});
}

/** 6. Go live: connected, the site in test or sandbox mode, the go-live flag on. */
export function goLiveTask(context: TaskContext): OverviewTask | null {
	if (!context.isAccountConnected || !context.testMode || !context.goLiveEnabled) return null;
	const t = context.translator;
	return base({
		key: "go-live-payments",
		title: t.__("Set up live payments on your store", "paydesk"),
		content: t.__(
			"Your store takes test payments. Verify your business details to accept real payments from your customers.",
			"paydesk",
		),
		isDismissable: true,
		actionLabel: t.__("Activate payments", "paydesk"),
		action: { kind: "url", url: withQuery(context.connectUrl, "wcpay-disable-onboarding-test-mode=true") },
	});
}

/** The overview's tasks in the spec's order, before the merchant's choices and the sort. */
export function overviewTasks(context: TaskContext): OverviewTask[] {
	return [
		businessDetailsTask(context),
		reconnectTask(context),
		reconnectStripeTask(context),
		disputesTask(context),
		bankDetailsTask(context),
		paymentMethodsTask(context),
		goLiveTask(context),
	].filter((task): task is OverviewTask => task !== null);
}

/**
 * Spec 3 §2.1: the store's own onboarding task list gains the update-details task (with the
 * update-details flag) and the go-live task, and the reconnect task when a reconnect URL exists.
 */
export function storeTaskListExtension(
	context: TaskContext & { updateDetailsEnabled: boolean },
): OverviewTask[] {
	return [
		context.updateDetailsEnabled ? businessDetailsTask(context) : null,
		reconnectTask(context),
		goLiveTask(context),
	].filter((task): task is OverviewTask => task !== null);
}

/** The URL a task's action opens: its own URL, or the admin page of its route. */
export function taskActionUrl(action: TaskAction | null): string | null {
	if (!action) return null;
	if (action.kind === "url") return action.url;
	const query = Object.entries(action.query ?? {})
		.map(([name, value]) => `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
		.join("");
	return `/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(action.path).replace(/%2F/g, "/")}${query}`;
}

/** A task as WooCommerce's onboarding task list route answers it (GET /wc-admin/onboarding/tasks). */
export interface StoreListTask {
	id: string;
	parentId: string;
	title: string;
	content: string;
	/** The requirement errors, one per line (WooCommerce answers one string). */
	additionalInfo: string;
	actionLabel: string;
	actionUrl: string | null;
	isComplete: boolean;
	time: string | null;
	level: TaskLevel;
	canView: boolean;
	isDismissable: boolean;
	isDismissed: boolean;
	isSnoozeable: boolean;
	isSnoozed: boolean;
	/** Epoch milliseconds, or null when not snoozed. */
	snoozedUntil: number | null;
}

export interface StoreTaskList {
	id: string;
	title: string;
	isComplete: boolean;
	tasks: StoreListTask[];
}

/** The store's own onboarding task list: WooCommerce's setup list, which Paydesk fills alone. */
export const STORE_TASK_LIST = { id: "setup", title: "Get ready to start selling" } as const;

/**
 * The store's onboarding task list, WooCommerce-shaped, holding the tasks of
 * storeTaskListExtension: deleted tasks are left out (they cannot be viewed again), dismissed
 * and snoozed ones are flagged as WooCommerce flags them, and the overview's sort applies.
 */
export function storeTaskList(
	tasks: readonly OverviewTask[],
	preferences: TaskPreferences,
	nowMs: number,
): StoreTaskList {
	const listed = sortTasks(tasks.filter((task) => !(task.key in preferences.deleted))).map(
		(task): StoreListTask => {
			const until = preferences.remindMeLater[task.key];
			const isSnoozed = until !== undefined && until > nowMs;
			return {
				id: task.key,
				parentId: STORE_TASK_LIST.id,
				title: task.title,
				content: task.content,
				additionalInfo: task.additionalInfo.join("\n"),
				actionLabel: task.actionLabel,
				actionUrl: taskActionUrl(task.action),
				isComplete: task.completed,
				time: task.time,
				level: task.level,
				canView: true,
				isDismissable: task.isDismissable,
				isDismissed: task.key in preferences.dismissed,
				isSnoozeable: task.allowSnooze,
				isSnoozed,
				snoozedUntil: isSnoozed ? (until ?? null) : null,
			};
		},
	);
	return { ...STORE_TASK_LIST, isComplete: listed.every((task) => task.isComplete), tasks: listed };
}

/** Task key → epoch milliseconds, as the three options keep them. */
export type TaskMap = Readonly<Record<string, number>>;

export interface TaskPreferences {
	dismissed: TaskMap;
	deleted: TaskMap;
	/** Snoozed until this time. */
	remindMeLater: TaskMap;
}

/** An option's value as a task map; anything malformed reads as empty (a list of keys as "since 0"). */
export function readTaskMap(value: unknown): Record<string, number> {
	if (Array.isArray(value)) {
		return Object.fromEntries(value.filter((key) => typeof key === "string").map((key) => [key, 0]));
	}
	if (!value || typeof value !== "object") return {};
	const out: Record<string, number> = {};
	for (const [key, time] of Object.entries(value)) if (typeof time === "number") out[key] = time;
	return out;
}

/** The merchant's choices from the three wc-admin task options (TASK_OPTIONS), read by name. */
export function taskPreferencesOf(options: Readonly<Record<string, unknown>> | undefined): TaskPreferences {
	return {
		dismissed: readTaskMap(options?.[TASK_OPTIONS.dismissed]),
		deleted: readTaskMap(options?.[TASK_OPTIONS.deleted]),
		remindMeLater: readTaskMap(options?.[TASK_OPTIONS.remindMeLater]),
	};
}

/** Shown when not deleted, not dismissed, and its snooze time has passed. */
export function isTaskVisible(key: string, preferences: TaskPreferences, nowMs: number): boolean {
	if (key in preferences.deleted || key in preferences.dismissed) return false;
	const until = preferences.remindMeLater[key];
	return until === undefined || until <= nowMs;
}

/** Completed tasks last, then by level (lower first, default 3); otherwise the spec's order. */
export function sortTasks<T extends Pick<OverviewTask, "completed" | "level">>(tasks: readonly T[]): T[] {
	return tasks
		.map((task, index) => ({ task, index }))
		.sort(
			(a, b) =>
				Number(a.task.completed) - Number(b.task.completed) ||
				(a.task.level ?? DEFAULT_TASK_LEVEL) - (b.task.level ?? DEFAULT_TASK_LEVEL) ||
				a.index - b.index,
		)
		.map(({ task }) => task);
}

/** The tasks a merchant sees, sorted. */
export function visibleTasks(
	tasks: readonly OverviewTask[],
	preferences: TaskPreferences,
	nowMs: number,
): OverviewTask[] {
	return sortTasks(tasks.filter((task) => isTaskVisible(task.key, preferences, nowMs)));
}
