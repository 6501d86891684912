/**
 * Two-factor sign-in required by role (General Settings, `two_factor_required_roles`): a user of
 * such a role who has not set it up must do so before anything else. Asked on every request of
 * a cookie session (auth/authenticate.ts), so it is one indexed read, and a second only for the
 * users of a listed role.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema.ts";
import { readOption } from "../../wp/queries.ts";
import type { AuthUser } from "../context.ts";
import { twoFactorEnabledAt } from "./store.ts";

/** The option the roles are kept in (WordPress option name and /wp/v2/settings field alike). */
export const REQUIRED_ROLES_OPTION = "two_factor_required_roles";

const storedRoles = z.array(z.string());

export function readRequiredRoles(db: Kysely<Database>, accountId: string): Promise<string[]> {
	return readOption(db, accountId, REQUIRED_ROLES_OPTION, storedRoles, []);
}

/** Whether the user's role requires two-factor sign-in. */
export async function roleRequiresTwoFactor(db: Kysely<Database>, user: AuthUser): Promise<boolean> {
	return (await readRequiredRoles(db, user.accountId)).includes(user.role);
}

/** Whether the user must set up two-factor sign-in before anything else. */
export async function enrolmentRequired(db: Kysely<Database>, user: AuthUser): Promise<boolean> {
	return (await roleRequiresTwoFactor(db, user)) && (await twoFactorEnabledAt(db, user)) === null;
}
