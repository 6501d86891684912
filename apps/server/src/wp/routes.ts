/**
 * WordPress-shaped surfaces: wc-admin options, the store's onboarding task list and the current
 * user with user meta.
 */

import { getSiteSettings, updateSiteSettings } from "@paydesk/contract/site-settings";
import {
	getCurrentUser,
	getOptions,
	getUser,
	type StoreUser,
	USER_ERRORS,
	updateCurrentUser,
	updateOptions,
} from "@paydesk/contract/wp";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { type AuthUser, capabilitiesOf } from "../auth/context.ts";
import { loadUser } from "../auth/users.ts";
import { contractRoute } from "../http/contract-route.ts";
import { RestError } from "../http/rest-error.ts";
import { registerOnboardingTaskRoutes } from "./onboarding-tasks.ts";
import { readOptions, readUserMeta, writeOptions, writeUserMeta } from "./queries.ts";
import { readSiteSettings, writeSiteSettings, writeUserLocale } from "./site-settings.ts";

/** A user as WordPress's REST API names the fields. */
function storeUser(user: AuthUser): StoreUser {
	return {
		id: user.id,
		username: user.login,
		name: user.displayName,
		first_name: user.firstName,
		last_name: user.lastName,
		email: user.email,
		roles: [user.role],
	};
}

export function registerWpRoutes(app: FastifyInstance, deps: AppDeps): void {
	const { db } = deps;

	contractRoute(app, getOptions, async ({ query, accountId }) =>
		readOptions(db.kysely, accountId, query.options),
	);

	contractRoute(app, updateOptions, async ({ body, accountId }) => {
		await writeOptions(db.kysely, accountId, body);
		return { success: true as const };
	});

	registerOnboardingTaskRoutes(app, deps);

	contractRoute(app, getSiteSettings, async ({ accountId }) => readSiteSettings(db.kysely, accountId));
	contractRoute(app, updateSiteSettings, async ({ accountId, body }) =>
		writeSiteSettings(db.kysely, accountId, body),
	);

	const currentUser = async (accountId: string, user: AuthUser) => {
		const { locale = "", ...meta } = await readUserMeta(db.kysely, accountId, user.id);
		return {
			...storeUser(user),
			capabilities: capabilitiesOf(user.role),
			locale: typeof locale === "string" ? locale : "",
			meta,
		};
	};

	contractRoute(app, getCurrentUser, async ({ accountId, user }) => currentUser(accountId, user));

	// Another user of the same store; a user of another store is as unknown as a missing one.
	contractRoute(app, getUser, async ({ params, accountId }) => {
		const found = await loadUser(db.kysely, accountId, params.id);
		if (!found) throw new RestError(USER_ERRORS.invalidId, "Invalid user ID.", 404);
		return storeUser(found);
	});

	contractRoute(app, updateCurrentUser, async ({ body, accountId, user }) => {
		if (body.meta) await writeUserMeta(db.kysely, accountId, user.id, body.meta);
		if (body.locale !== undefined) await writeUserLocale(db.kysely, accountId, user.id, body.locale);
		return currentUser(accountId, user);
	});
}
