/** One task of the overview's list: its level, text, time, details, action and menu (spec 1 §3 Task). */
import type { OverviewTask } from "@paydesk/domain/tasks";
import { Button } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { check, chevronDown, chevronUp, Icon, moreVertical } from "@wordpress/icons";
import { type MouseEvent, useState } from "react";
import { DropdownMenu, MenuGroup, MenuItem } from "../../app/deferred-menu.tsx";
import { adminUrl, Link, navigate, opensInApp } from "../../app/router.tsx";

function actionHref(task: OverviewTask): string | null {
	if (!task.action) return null;
	return task.action.kind === "admin" ? adminUrl(task.action.path, task.action.query ?? {}) : task.action.url;
}

/** Admin pages open inside the app; other links (the partner, the connect flow) load normally. */
function followInside(event: MouseEvent<HTMLElement>, href: string): void {
	if (
		!href.startsWith("/wp-admin/admin.php?page=wc-admin") ||
		!opensInApp(href) ||
		event.metaKey ||
		event.ctrlKey
	)
		return;
	event.preventDefault();
	navigate(href);
}

export interface TaskItemProps {
	task: OverviewTask;
	onDismiss: () => void;
	onDelete: () => void;
	onSnooze: () => void;
}

export function TaskItem({ task, onDismiss, onDelete, onSnooze }: TaskItemProps) {
	const [expanded, setExpanded] = useState(task.expanded);
	const href = actionHref(task);
	const canDelete = task.completed && task.isDeletable;
	const hasMenu = task.isDismissable || task.allowSnooze || canDelete;
	const titleId = `paydesk-task-${task.key}`;
	// The task texts come from packages/domain, already in the merchant's language.
	const title = task.title;
	return (
		<li
			className={`paydesk-task is-level-${task.level}${task.completed ? " is-completed" : ""}`}
			aria-labelledby={titleId}
			data-task={task.key}
		>
			<span className="paydesk-task__marker" aria-hidden="true">
				{task.completed ? <Icon icon={check} size={20} /> : null}
			</span>
			<div className="paydesk-task__body">
				<h3 id={titleId} className="paydesk-task__title">
					{href && !task.completed ? <Link href={href}>{title}</Link> : title}
					{task.level === 1 && !task.completed && (
						<span className="paydesk-task__urgent">{__("Action needed", "paydesk")}</span>
					)}
				</h3>
				<p className="paydesk-task__content">{task.content}</p>
				{task.expandable && task.additionalInfo.length > 0 && (
					<>
						<Button
							variant="link"
							className="paydesk-task__toggle"
							icon={expanded ? chevronUp : chevronDown}
							iconPosition="right"
							aria-expanded={expanded}
							onClick={() => setExpanded(!expanded)}
						>
							{expanded ? __("Hide details", "paydesk") : __("Show details", "paydesk")}
						</Button>
						{expanded && (
							<ul className="paydesk-task__details">
								{task.additionalInfo.map((line) => (
									<li key={line}>{line}</li>
								))}
							</ul>
						)}
					</>
				)}
				{task.time && <p className="paydesk-task__time">{task.time}</p>}
			</div>
			<div className="paydesk-task__actions">
				{href && task.showActionButton && !task.completed && (
					<Button
						variant={task.level === 1 ? "primary" : "secondary"}
						href={href}
						onClick={(event: MouseEvent<HTMLElement>) => followInside(event, href)}
					>
						{task.actionLabel}
					</Button>
				)}
				{hasMenu && (
					<DropdownMenu
						icon={moreVertical}
						label={__("Task options", "paydesk")}
						toggleProps={{ size: "compact" }}
					>
						{({ onClose }) => (
							<MenuGroup>
								{task.isDismissable && (
									<MenuItem
										onClick={() => {
											onClose();
											onDismiss();
										}}
									>
										{__("Dismiss", "paydesk")}
									</MenuItem>
								)}
								{task.allowSnooze && (
									<MenuItem
										onClick={() => {
											onClose();
											onSnooze();
										}}
									>
										{__("Remind me tomorrow", "paydesk")}
									</MenuItem>
								)}
								{canDelete && (
									<MenuItem
										onClick={() => {
											onClose();
											onDelete();
										}}
									>
										{__("Delete", "paydesk")}
									</MenuItem>
								)}
							</MenuGroup>
						)}
					</DropdownMenu>
				)}
			</div>
		</li>
	);
}
