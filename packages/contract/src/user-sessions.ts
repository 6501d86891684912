/**
 * The signed-in user's own sessions and password, for the Profile screen. WordPress keeps its
 * sessions in user meta and offers "Log Out Everywhere Else" on the profile without a REST
 * route; these routes sit beside /wp/v2/users/me and act on the current user alone.
 *
 * - A session is shown by its device (browser and platform read from the user agent, "" when
 *   unknown), the address it was last used from, and when: when it signed in, when last seen
 *   (to the minute). The current one comes first, then the most recently seen.
 * - Changing the password asks for the current one (a borrowed session cannot lock its owner
 *   out) and ends every other session of the user, and their live-update streams, as "Log Out
 *   Everywhere Else" does. Application passwords are kept, as in WordPress.
 */
import { z } from "zod";
import { defineRoute } from "./route.ts";

const ME = "/wp-json/wp/v2/users/me";

/** A new password's bounds: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const USER_SESSIONS_ERRORS = {
	/** The current password given to change it is wrong. */
	incorrectPassword: "incorrect_password",
	/** Too many wrong current passwords from this address (429, data.retry_after in seconds). */
	tooManyAttempts: "rest_too_many_requests",
} as const;

export const userSession = z.object({
	/** The session this request came with. */
	current: z.boolean(),
	/** "Firefox", "Chrome", "Safari", "Edge"…, "" when the user agent does not say. */
	browser: z.string(),
	/** "Windows", "macOS", "iOS", "Android", "Linux"…, "" when the user agent does not say. */
	platform: z.string(),
	/** The address it was last seen from. */
	ip: z.string(),
	/** Signed in (epoch seconds). */
	created: z.number().int(),
	/** Last seen (epoch seconds, kept to the minute). */
	last_seen: z.number().int(),
});
export type UserSession = z.infer<typeof userSession>;

export const listUserSessions = defineRoute({
	method: "GET",
	path: `${ME}/sessions`,
	summary: "The current user's sessions: device, address, signed in and last seen",
	tag: "wp",
	capability: "view_woocommerce_reports",
	response: z.object({ sessions: z.array(userSession) }),
});

export const endOtherSessions = defineRoute({
	method: "DELETE",
	path: `${ME}/sessions`,
	summary: "Log out everywhere else: end the current user's other sessions",
	tag: "wp",
	capability: "view_woocommerce_reports",
	response: z.object({ ended: z.number().int().min(0) }),
});

export const changePassword = defineRoute({
	method: "POST",
	path: `${ME}/password`,
	summary: "Change the current user's password; their other sessions end",
	tag: "wp",
	capability: "view_woocommerce_reports",
	body: z.strictObject({
		current_password: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }),
		password: z
			.string({ error: "must be a string" })
			.min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
			.max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` }),
	}),
	response: z.object({ ended: z.number().int().min(0) }),
	errors: [USER_SESSIONS_ERRORS.incorrectPassword, USER_SESSIONS_ERRORS.tooManyAttempts],
});

export const USER_SESSIONS_ROUTES = [listUserSessions, endOtherSessions, changePassword] as const;
