/**
 * The user's sessions, as WordPress's profile offers "Log Out Everywhere Else": each with the
 * device it signed in from, the address and when it was last seen, this one marked; then the
 * button, or WordPress's words when this is the only one.
 */
import type { UserSession } from "@paydesk/contract/user-sessions";
import { Button, Notice, Spinner } from "@wordpress/components";
import { __, sprintf } from "@wordpress/i18n";
import { createNotice } from "../../app/notices.tsx";
import { formatStoreDateTime } from "../../components/format.ts";
import { useEndOtherSessions, useUserSessions } from "./use-sessions.ts";

/** "Firefox on Windows", or what the user agent said of the two, or that it said nothing. */
export function deviceName(session: Pick<UserSession, "browser" | "platform">): string {
	if (session.browser && session.platform) {
		/* translators: 1: a browser (Firefox), 2: an operating system (Windows) */
		return sprintf(__("%1$s on %2$s", "paydesk"), session.browser, session.platform);
	}
	return session.browser || session.platform || __("Unknown device", "paydesk");
}

export function SessionsList() {
	const sessions = useUserSessions();
	const endOthers = useEndOtherSessions();
	if (sessions.isPending) {
		return (
			<p role="status">
				<Spinner /> {__("Loading sessions…", "paydesk")}
			</p>
		);
	}
	if (sessions.isError) {
		return (
			<Notice status="error" isDismissible={false}>
				{__("Error retrieving sessions.", "paydesk")}
			</Notice>
		);
	}
	const list = sessions.data.sessions;
	const others = list.filter((session) => !session.current).length;
	return (
		<div className="paydesk-sessions">
			<table className="paydesk-sessions__table">
				<caption className="screen-reader-text">{__("Your sessions", "paydesk")}</caption>
				<thead>
					<tr>
						<th scope="col">{__("Device", "paydesk")}</th>
						<th scope="col">{__("Address", "paydesk")}</th>
						<th scope="col">{__("Last seen", "paydesk")}</th>
					</tr>
				</thead>
				<tbody>
					{list.map((session) => (
						<tr key={`${session.created}-${session.ip}-${session.last_seen}-${session.current}`}>
							<td>
								{deviceName(session)}
								{session.current && <strong> {__("(this session)", "paydesk")}</strong>}
							</td>
							<td>{session.ip}</td>
							<td>{formatStoreDateTime(session.last_seen)}</td>
						</tr>
					))}
				</tbody>
			</table>
			{others > 0 ? (
				<>
					<Button
						variant="secondary"
						isBusy={endOthers.isPending}
						disabled={endOthers.isPending}
						accessibleWhenDisabled
						onClick={() =>
							endOthers.mutate(undefined, {
								onSuccess: () =>
									createNotice("success", __("You are now logged out everywhere else.", "paydesk"), {
										id: "sessions",
									}),
								onError: (error) =>
									createNotice(
										"error",
										`${__("Could not log out other sessions.", "paydesk")} ${error.message}`,
										{ id: "sessions" },
									),
							})
						}
					>
						{__("Log Out Everywhere Else", "paydesk")}
					</Button>
					<p className="paydesk-options-form__help">
						{__(
							"Did you lose your phone or leave your account logged in at a public computer? You can log out everywhere else, and stay logged in here.",
							"paydesk",
						)}
					</p>
				</>
			) : (
				<p className="paydesk-options-form__help">
					{__("You are only logged in at this location.", "paydesk")}
				</p>
			)}
		</div>
	);
}
