/**
 * The overview's tasks as the merchant sees them (spec 1 §4.4): built by domain/tasks from the
 * page settings and the disputes awaiting a response, filtered by the three saved task options
 * and sorted; dismiss, delete and snooze save the options at once and offer Undo.
 */
import {
	type OverviewTask,
	overviewTasks,
	SNOOZE_MS,
	TASK_OPTIONS,
	taskContextOf,
	taskPreferencesOf,
	visibleTasks,
} from "@paydesk/domain/tasks";
import { __ } from "@wordpress/i18n";
import { createNotice } from "../../app/notices.tsx";
import { getSettings } from "../../app/settings.ts";
import { formatMoney, formatStoreDate, formatStoreTime } from "../../components/format.ts";
import { translator } from "../../components/translator.ts";
import { useAwaitingDisputes } from "../../data/disputes.ts";
import { useOptions, useSaveOptions } from "../../data/options.ts";
import { OVERVIEW_OPTIONS, OVERVIEW_OPTIONS_NOTICE } from "./overview-data.ts";

type TaskChoice = "dismissed" | "deleted" | "remindMeLater";

function choiceNotice(choice: TaskChoice): string {
	switch (choice) {
		case "dismissed":
			return __("Task dismissed", "paydesk");
		case "deleted":
			return __("Task deleted", "paydesk");
		case "remindMeLater":
			return __("Task postponed until tomorrow", "paydesk");
	}
}

function storeTime(seconds: number): string {
	return formatStoreTime(getSettings().timeFormat, seconds);
}

export function useOverviewTasks(enabled: boolean): {
	tasks: OverviewTask[];
	isLoading: boolean;
	choose: (task: OverviewTask, choice: TaskChoice) => void;
} {
	const settings = getSettings();
	const options = useOptions(OVERVIEW_OPTIONS);
	const disputes = useAwaitingDisputes(enabled && settings.isAccountConnected);
	const save = useSaveOptions(OVERVIEW_OPTIONS, OVERVIEW_OPTIONS_NOTICE);
	const preferences = taskPreferencesOf(options.data);
	const context = taskContextOf(settings, {
		disputes: disputes.data?.data ?? [],
		now: Math.floor(Date.now() / 1000),
		format: { money: formatMoney, date: formatStoreDate, time: storeTime },
		translator,
	});
	const tasks = enabled ? visibleTasks(overviewTasks(context), preferences, Date.now()) : [];

	const choose = (task: OverviewTask, choice: TaskChoice) => {
		const option = TASK_OPTIONS[choice];
		const before = preferences[choice];
		const time = choice === "remindMeLater" ? Date.now() + SNOOZE_MS : Date.now();
		save.mutate({ [option]: { ...before, [task.key]: time } });
		createNotice("success", choiceNotice(choice), {
			id: `task-${task.key}`,
			actions: [{ label: __("Undo", "paydesk"), onClick: () => save.mutate({ [option]: before }) }],
		});
	};

	return {
		tasks,
		isLoading: options.isPending || (disputes.isPending && disputes.fetchStatus !== "idle"),
		choose,
	};
}
