/**
 * The financial partner's notifications banner (spec 1 §4.6, §8): 'You must resolve the
 * notifications on this page before proceeding.' while action is required; 'The items below are
 * in review.' while only in-review items exist; once everything is cleared after earlier items,
 * 'Updates take a moment to appear. Please refresh the page in a minute.' with Refresh; a
 * warning when the partner refuses a page without HTTPS (invalid_request_error).
 */
import { Button, Notice } from "@wordpress/components";
import { __ } from "@wordpress/i18n";
import { useEffect, useRef } from "react";
import { PartnerError, usePartnerNotifications } from "../../data/partner-notifications.ts";

export function NotificationsBanner({ enabled }: { enabled: boolean }) {
	const { notifications } = usePartnerNotifications(enabled);
	const items = notifications.data ?? [];
	const hadItems = useRef(false);
	const cleared = hadItems.current && notifications.isSuccess && items.length === 0;
	useEffect(() => {
		if (items.length > 0) hadItems.current = true;
	}, [items.length]);

	if (notifications.error instanceof PartnerError && notifications.error.type === "invalid_request_error") {
		return (
			<Notice status="warning" isDismissible={false} className="paydesk-notice">
				{__(
					"Some account notifications require HTTPS and cannot be displayed. Load this page over HTTPS to see them.",
					"paydesk",
				)}
			</Notice>
		);
	}
	if (cleared) {
		return (
			<Notice
				status="success"
				isDismissible={false}
				className="paydesk-notice"
				actions={[{ label: __("Refresh", "paydesk"), onClick: () => window.location.reload() }]}
			>
				{__("Updates take a moment to appear. Please refresh the page in a minute.", "paydesk")}
			</Notice>
		);
	}
	if (items.length === 0) return null;
	const actionRequired = items.some((item) => item.severity === "action_required");
	return (
		<section className="paydesk-notifications" aria-label={__("Account notifications", "paydesk")}>
			<Notice status={actionRequired ? "warning" : "info"} isDismissible={false} className="paydesk-notice">
				{actionRequired
					? __("You must resolve the notifications on this page before proceeding.", "paydesk")
					: __("The items below are in review.", "paydesk")}
			</Notice>
			<ul className="paydesk-notifications__list">
				{items.map((item) => (
					<li key={item.id} className={`paydesk-notifications__item is-${item.severity}`}>
						<div>
							<strong>{item.title}</strong>
							<p>{item.description}</p>
						</div>
						{item.action_url && (
							<Button variant="secondary" href={item.action_url} target="_blank" rel="noreferrer">
								{__("Resolve", "paydesk")}
							</Button>
						)}
					</li>
				))}
			</ul>
		</section>
	);
}
