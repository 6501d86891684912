/**
 * GET /wp-json/wc-admin/onboarding/tasks: the store's onboarding task list with the payments
 * tasks of spec 3 §2.1 (update details, reconnect, go live), built from the same page settings
 * the overview's tasks read and filtered by the same three wc-admin task options, worded in the
 * user's language as the overview words them.
 */
import { getOnboardingTasks } from "@paydesk/contract/onboarding-tasks";
import { formatDate } from "@paydesk/domain/dates";
import { formatAmount } from "@paydesk/domain/money";
import {
	storeTaskList,
	storeTaskListExtension,
	TASK_OPTIONS,
	taskContextOf,
	taskPreferencesOf,
} from "@paydesk/domain/tasks";
import type { FastifyInstance } from "fastify";
import { buildPageSettings } from "../admin-pages/page-settings.ts";
import type { AppDeps } from "../app-deps.ts";
import { contractRoute } from "../http/contract-route.ts";
import { translatorFor } from "../i18n/translator.ts";
import { readOptions } from "./queries.ts";

export function registerOnboardingTaskRoutes(app: FastifyInstance, deps: AppDeps): void {
	const { db } = deps;

	contractRoute(app, getOnboardingTasks, async ({ accountId, user, request }) => {
		const now = deps.clock.seconds();
		// The connect links are signed for the calling session, as the admin page signs them.
		const settings = await buildPageSettings(db.kysely, deps.config, user, {
			nonceSecret: request.auth.nonceSecret ?? "",
			now,
		});
		const tasks = storeTaskListExtension({
			...taskContextOf(settings, {
				// None of the store list's tasks reads disputes.
				disputes: [],
				now,
				format: {
					money: (amount, currency) => formatAmount(amount, currency, { locale: settings.locale.code }),
					date: (seconds) =>
						formatDate(settings.dateFormat, seconds, settings.timezone, settings.locale.code),
					time: (seconds) =>
						formatDate(settings.timeFormat, seconds, settings.timezone, settings.locale.code),
				},
				translator: translatorFor(settings.locale.code),
			}),
			updateDetailsEnabled: settings.featureFlags.updateDetailsTask,
		});
		const preferences = taskPreferencesOf(
			await readOptions(db.kysely, accountId, Object.values(TASK_OPTIONS)),
		);
		return [storeTaskList(tasks, preferences, now * 1000)];
	});
}
