/** WordPress-shaped surfaces: wc-admin options and the current user with user meta. */
import { getCurrentUser, getOptions, updateCurrentUser, updateOptions } from "@paydesk/contract/wp";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { type AuthUser, capabilitiesOf } from "../auth/context.ts";
import { contractRoute } from "../http/contract-route.ts";
import { readOptions, readUserMeta, writeOptions, writeUserMeta } from "./queries.ts";

export function registerWpRoutes(app: FastifyInstance, deps: AppDeps): void {
	const { db } = deps;
	const options = { validateResponses: deps.validateResponses };

	contractRoute(
		app,
		getOptions,
		async ({ query, accountId }) => readOptions(db.kysely, accountId, query.options),
		options,
	);

	contractRoute(
		app,
		updateOptions,
		async ({ body, accountId }) => {
			await writeOptions(db.kysely, accountId, body);
			return { success: true as const };
		},
		options,
	);

	const currentUser = async (accountId: string, user: AuthUser) => ({
		id: user.id,
		username: user.login,
		name: user.displayName,
		first_name: user.firstName,
		last_name: user.lastName,
		email: user.email,
		roles: [user.role],
		capabilities: capabilitiesOf(user.role),
		meta: await readUserMeta(db.kysely, accountId, user.id),
	});

	contractRoute(app, getCurrentUser, async ({ accountId, user }) => currentUser(accountId, user), options);

	contractRoute(
		app,
		updateCurrentUser,
		async ({ body, accountId, user }) => {
			await writeUserMeta(db.kysely, accountId, user.id, body.meta);
			return currentUser(accountId, user);
		},
		options,
	);
}
