/**
 * After setting up what their role requires, the user goes on to the admin with a full load:
 * the page settings the server inlines no longer hold them to their Profile.
 */
import { routeHref } from "../../app/routes.ts";

export function continueToAdmin(): void {
	window.location.assign(routeHref("/payments/overview"));
}
