/**
 * The onboarding hooks that act on other areas' routes: the account lifecycle's catch-up before
 * GET accounts (payments/accounts), GET accounts/session (payments/account-session) or the admin
 * page (admin-pages) shows the account, and the connect URL, handled on the admin page. A hook
 * added inside the onboarding plugin would see that plugin's routes only, so app.ts adds these
 * to the root instance before the payment areas, which inherit them.
 */
import { getAccountSession } from "@paydesk/contract/account-session";
import { getAccount } from "@paydesk/contract/accounts";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { advanceAccountLifecycle } from "../../processors/sandbox/account-lifecycle.ts";
import { ADMIN_PAGE_URL, registerConnectUrl } from "./connect-url.ts";

export function registerOnboardingHooks(app: FastifyInstance, deps: AppDeps): void {
	// Decisions and deadlines land lazily: catch up before anything shows the account.
	const showsAccount = new Set([getAccount.path, getAccountSession.path, ADMIN_PAGE_URL]);
	app.addHook("preHandler", async (request) => {
		const user = request.auth?.user;
		if (user && showsAccount.has(request.routeOptions.url ?? "")) {
			const accountClock = await app.accountClockOf(user.accountId);
			await advanceAccountLifecycle(deps.db, user.accountId, accountClock.seconds());
		}
	});
	registerConnectUrl(app, deps);
}
