/**
 * The bell in the admin header: the user's notifications, read or not — an export ready with
 * its download, a new dispute or evidence due soon, a failed payout, a payment held for review.
 * The button says how many are unread; its panel lists them newest first. Following one marks it
 * read; Escape or a click elsewhere closes the panel and gives focus back to the bell.
 */
import type { Notification } from "@paydesk/contract/events";
import { __, _n, sprintf } from "@wordpress/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "../../app/router.tsx";
import { withForceDownload } from "../../components/download-url.ts";
import { formatNumber, formatStoreDateTime } from "../../components/format.ts";
import { useNotifications, useReadAllNotifications, useReadNotification } from "../../data/notifications.ts";
import "./notification-bell.css";

function BellIcon() {
	return (
		<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
			<path
				fill="currentColor"
				d="M12 21.5a2.3 2.3 0 0 0 2.25-1.8h-4.5A2.3 2.3 0 0 0 12 21.5Zm6.5-5.6V11a6.5 6.5 0 0 0-5-6.3V4a1.5 1.5 0 0 0-3 0v.7a6.5 6.5 0 0 0-5 6.3v4.9L4 17.4v.8h16v-.8l-1.5-1.5Z"
			/>
		</svg>
	);
}

function NotificationItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
	const { link } = notification;
	const isDownload = link !== null && !link.url.startsWith("/wp-admin/");
	return (
		<li className={notification.read ? "paydesk-bell__item" : "paydesk-bell__item is-unread"}>
			<p className="paydesk-bell__title">
				{!notification.read && <span className="screen-reader-text">{__("Unread:", "paydesk")} </span>}
				{notification.title}
			</p>
			<p className="paydesk-bell__meta">
				<time dateTime={new Date(notification.created * 1000).toISOString()}>
					{formatStoreDateTime(notification.created)}
				</time>
				{link &&
					(isDownload ? (
						<a href={withForceDownload(link.url)} download="" onClick={onFollow}>
							{link.label}
						</a>
					) : (
						<Link href={link.url} onClick={onFollow}>
							{link.label}
						</Link>
					))}
			</p>
		</li>
	);
}

export function NotificationBell() {
	const [open, setOpen] = useState(false);
	const panelId = useId();
	const button = useRef<HTMLButtonElement>(null);
	const root = useRef<HTMLDivElement>(null);
	const list = useNotifications();
	const read = useReadNotification();
	const readAll = useReadAllNotifications();
	const unread = list.data?.unread ?? 0;

	useEffect(() => {
		if (!open) return;
		const close = (event: Event) => {
			if (event instanceof KeyboardEvent) {
				if (event.key !== "Escape") return;
				setOpen(false);
				button.current?.focus();
				return;
			}
			if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
		};
		document.addEventListener("keydown", close);
		document.addEventListener("mousedown", close);
		return () => {
			document.removeEventListener("keydown", close);
			document.removeEventListener("mousedown", close);
		};
	}, [open]);

	const label =
		unread > 0
			? /* translators: %s: how many notifications are unread. */
				sprintf(
					_n("Notifications, %s unread", "Notifications, %s unread", unread, "paydesk"),
					formatNumber(unread),
				)
			: __("Notifications", "paydesk");
	const notifications = list.data?.notifications ?? [];

	return (
		<div className="paydesk-bell" ref={root}>
			<button
				ref={button}
				type="button"
				className="paydesk-bell__button"
				aria-label={label}
				aria-expanded={open}
				aria-controls={panelId}
				onClick={() => setOpen((current) => !current)}
			>
				<BellIcon />
				{unread > 0 && (
					<span className="paydesk-bell__count" aria-hidden="true">
						{unread > 99 ? "99+" : formatNumber(unread)}
					</span>
				)}
			</button>
			<section
				id={panelId}
				className="paydesk-bell__panel"
				hidden={!open}
				aria-label={__("Notifications", "paydesk")}
			>
				<div className="paydesk-bell__header">
					<h2>{__("Notifications", "paydesk")}</h2>
					<button
						type="button"
						className="button-link"
						disabled={unread === 0 || readAll.isPending}
						onClick={() => readAll.mutate()}
					>
						{__("Mark all as read", "paydesk")}
					</button>
				</div>
				{list.isPending ? (
					<p className="paydesk-bell__status" role="status">
						{__("Loading notifications…", "paydesk")}
					</p>
				) : list.isError ? (
					<p className="paydesk-bell__status" role="alert">
						{__("The notifications could not be loaded.", "paydesk")}{" "}
						<button type="button" className="button-link" onClick={() => void list.refetch()}>
							{__("Try again", "paydesk")}
						</button>
					</p>
				) : notifications.length === 0 ? (
					<p className="paydesk-bell__status">{__("No notifications yet.", "paydesk")}</p>
				) : (
					<ul className="paydesk-bell__list">
						{notifications.map((notification) => (
							<NotificationItem
								key={notification.id}
								notification={notification}
								onFollow={() => {
									if (!notification.read) read.mutate(notification.id);
									setOpen(false);
								}}
							/>
						))}
					</ul>
				)}
			</section>
		</div>
	);
}
