/**
 * The store's own onboarding task list (spec 3 §2.1: "The onboarding task list is extended with
 * tasks for updating details and going live, given the update-details flag and a reconnect
 * URL"), answered as WooCommerce answers GET /wc-admin/onboarding/tasks: an array of task lists.
 *
 * Choices where the spec is silent:
 * - Paydesk's store has one list, WooCommerce's "setup" list, holding only the payments tasks
 *   of storeTaskListExtension: update business details (when the updateDetailsTask flag is on),
 *   reconnect (when a reconnect URL exists) and go live (connected, test or sandbox mode, the
 *   goLive flag on). They are built from the same page settings the overview's tasks read.
 * - Deleted tasks are left out; dismissed and snoozed ones are listed with isDismissed,
 *   isSnoozed and snoozedUntil (epoch milliseconds), from the three wc-admin task options.
 *   Tasks are in the overview's order: completed last, then by level.
 * - The list is built by storeTaskList in domain/tasks; this schema describes it.
 * - additionalInfo holds the requirement errors, one per line; actionUrl is the URL the task's
 *   button opens (the connect links are signed for the calling session, as WordPress nonces are).
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

export const onboardingTask = z.object({
	id: z.string(),
	parentId: z.string(),
	title: z.string(),
	content: z.string(),
	additionalInfo: z.string(),
	actionLabel: z.string(),
	actionUrl: z.string().nullable(),
	isComplete: z.boolean(),
	time: z.string().nullable(),
	level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
	canView: z.boolean(),
	isDismissable: z.boolean(),
	isDismissed: z.boolean(),
	isSnoozeable: z.boolean(),
	isSnoozed: z.boolean(),
	snoozedUntil: z.number().int().nullable(),
});

export const onboardingTaskList = z.object({
	id: z.string(),
	title: z.string(),
	isComplete: z.boolean(),
	tasks: z.array(onboardingTask),
});
export type OnboardingTaskList = z.infer<typeof onboardingTaskList>;

export const getOnboardingTasks = defineRoute({
	method: "GET",
	path: "/wp-json/wc-admin/onboarding/tasks",
	summary: "The store's onboarding task lists, with the payments tasks (update details, reconnect, go live)",
	tag: "wp",
	response: z.array(onboardingTaskList),
});
