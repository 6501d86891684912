/**
 * The overview's task list (spec 1 §4.4): sorted tasks, the first 5 shown and the rest behind
 * 'Show tasks' / 'Hide tasks'.
 */
import { TASK_LIST_COLLAPSE_AFTER } from "@paydesk/domain/tasks";
import { Button, Card, CardBody, CardHeader } from "@wordpress/components";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useState } from "react";
import { TaskItem } from "./task-item.tsx";
import { useOverviewTasks } from "./use-overview-tasks.ts";

export function TaskList({ enabled = true }: { enabled?: boolean }) {
	const { tasks, isLoading, choose } = useOverviewTasks(enabled);
	const [expanded, setExpanded] = useState(false);
	// Shown once the saved choices and the disputes are in, so tasks do not jump into place.
	if (isLoading || tasks.length === 0) return null;
	const shown = expanded ? tasks : tasks.slice(0, TASK_LIST_COLLAPSE_AFTER);
	const open = tasks.filter((task) => !task.completed).length;
	return (
		<Card className="paydesk-tasks">
			<CardHeader>
				<h2 className="paydesk-card-title">{__("Things to do", "paydesk")}</h2>
				{open > 0 && (
					<span className="paydesk-tasks__count">
						{sprintf(
							/* translators: %d: how many tasks are not done yet */
							_n("%d to do", "%d to do", open, "paydesk"),
							open,
						)}
					</span>
				)}
			</CardHeader>
			<CardBody className="paydesk-tasks__body">
				<ul className="paydesk-tasks__list">
					{shown.map((task) => (
						<TaskItem
							key={task.key}
							task={task}
							onDismiss={() => choose(task, "dismissed")}
							onDelete={() => choose(task, "deleted")}
							onSnooze={() => choose(task, "remindMeLater")}
						/>
					))}
				</ul>
				{tasks.length > TASK_LIST_COLLAPSE_AFTER && (
					<Button variant="tertiary" className="paydesk-tasks__more" onClick={() => setExpanded(!expanded)}>
						{expanded ? __("Hide tasks", "paydesk") : __("Show tasks", "paydesk")}
					</Button>
				)}
			</CardBody>
		</Card>
	);
}
