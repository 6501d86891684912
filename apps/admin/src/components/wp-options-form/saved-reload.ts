/**
 * WordPress reloads its settings pages after a save and says so from the URL: options.php sends
 * the browser back with settings-updated=true, profile.php with updated=1. Paydesk does the
 * same, because the server inlines the page settings the app starts from (site title, date and
 * time formats, time zone, language): a reload is the one way every screen, formatter and cached
 * answer reads the new ones, rather than some of them keeping the old until the next visit.
 */
import { useEffect } from "react";
import { createNotice } from "../../app/notices.tsx";
import { navigate } from "../../app/router.tsx";

/** Reloads the page with `flag=value` in its URL, which the reloaded screen reads. */
export function reloadWithFlag(flag: string, value: string): void {
	const url = new URL(window.location.href);
	url.searchParams.set(flag, value);
	window.location.assign(`${url.pathname}${url.search}`);
}

/** After such a reload: shows the success notice once and takes the flag out of the URL. */
export function useSavedNotice(flag: string, text: string): void {
	useEffect(() => {
		const url = new URL(window.location.href);
		if (!url.searchParams.has(flag)) return;
		url.searchParams.delete(flag);
		navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
		createNotice("success", text, { id: `saved-${flag}` });
	}, [flag, text]);
}
