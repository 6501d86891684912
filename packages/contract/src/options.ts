/**
 * The options the admin may read and save through the generic routes, each named with its own
 * schema. Everything else in the options table is the server's: the lifetime
 * volume, onboarding and connection state, incentives, the multi-currency lists and the
 * store's selling countries are written by the code that owns them, never by a generic route
 * (the selling countries by WooCommerce's settings API, store-settings.ts, which checks them).
 *
 * - POST /wc-admin/options saves the overview's task-list choices (spec 1 §overview tasks:
 *   woocommerce_dismissed_todo_tasks, woocommerce_deleted_todo_tasks,
 *   woocommerce_remind_me_later_todo_tasks), the eligibility modal's dismissal (spec 1) and the
 *   next-payout notice's dismissal (spec 2 §payouts).
 * - POST /settings/{option} saves the flags spec 3 §7 names: the multi-currency setup's
 *   completion and the dismissals of the instant payout notice and the connection success
 *   modal.
 * - GET /wc-admin/options reads those, plus the store settings screens show but do not save
 *   here: usage tracking (the feedback prompt) and the selling countries (fraud protection).
 *
 * Both roles that use the admin (administrator, shop manager) get the same lists: unlike
 * WordPress, where an administrator may write any option, nothing here needs more.
 */
import { TRACKING_OPTION } from "@paydesk/domain/feedback-prompt";
import { TASK_OPTIONS } from "@paydesk/domain/tasks";
import { z } from "zod";
import { SELLING_COUNTRY_OPTIONS } from "./fraud-protection.ts";
import { MULTI_CURRENCY_OPTIONS } from "./multi-currency.ts";

/** Dismissal flags of the overview and payouts screens. */
export const DISMISSAL_OPTIONS = {
	eligibilityModal: "wcpay_onboarding_eligibility_modal_dismissed",
	nextPayoutNotice: "wcpay_next_deposit_notice_dismissed",
	connectionSuccessModal: "wcpay_connection_success_modal_dismissed",
	instantPayoutNotice: "wcpay_instant_deposit_notice_dismissed",
} as const;

/** A task's key, as the task list names them ("connect-account", "dispute-resolution-…"). */
const taskKey = z.string().regex(/^[a-z0-9_-]{1,120}$/, { error: "must be task keys" });
/**
 * A task-list choice: task key → time in ms (dismissed or deleted at, or snoozed until).
 * WordPress's own format, a list of task keys, is accepted as well.
 */
const taskChoices = z.union(
	[
		z
			.record(taskKey, z.number().int().nonnegative().max(8.64e15))
			.refine((value) => Object.keys(value).length <= 200, { error: "must name at most 200 tasks" }),
		z.array(taskKey).max(200),
	],
	{ error: "must map task keys to times in milliseconds" },
);
const flag = z.boolean({ error: "must be true or false" });

/** Options POST /wc-admin/options saves, with their schemas. */
export const WRITABLE_OPTIONS = {
	[TASK_OPTIONS.dismissed]: taskChoices,
	[TASK_OPTIONS.deleted]: taskChoices,
	[TASK_OPTIONS.remindMeLater]: taskChoices,
	[DISMISSAL_OPTIONS.eligibilityModal]: flag,
	[DISMISSAL_OPTIONS.nextPayoutNotice]: flag,
};

/** Options POST /settings/{option} saves (spec 3 §7), each a flag. */
export const SETTING_FLAG_OPTIONS = [
	MULTI_CURRENCY_OPTIONS.setupCompleted,
	DISMISSAL_OPTIONS.instantPayoutNotice,
	DISMISSAL_OPTIONS.connectionSuccessModal,
] as const;
export type SettingFlagOption = (typeof SETTING_FLAG_OPTIONS)[number];

/** Options GET /wc-admin/options reads. */
export const READABLE_OPTIONS = [
	...(Object.keys(WRITABLE_OPTIONS) as (keyof typeof WRITABLE_OPTIONS)[]),
	...SETTING_FLAG_OPTIONS,
	TRACKING_OPTION,
	SELLING_COUNTRY_OPTIONS.mode,
	SELLING_COUNTRY_OPTIONS.allExcept,
	SELLING_COUNTRY_OPTIONS.specific,
] as const;

export const OPTION_NOT_MANAGED = "is not an option this endpoint manages";
