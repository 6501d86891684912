/**
 * Leaves the admin app for a server URL: the connect URL and the pages after onboarding need a
 * full load, so the server inlines fresh page settings (connected state, account status).
 */
export function redirectTo(url: string): void {
	window.location.assign(url);
}
