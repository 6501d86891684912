/**
 * The store's own settings, as WordPress keeps them: GET/POST /wp-json/wp/v2/settings
 * with WordPress's field names. Only administrators (manage_options) may read or change them; a
 * shop manager gets 403 rest_forbidden, as in WordPress.
 *
 * Choices where WordPress leaves room:
 * - `timezone` is an IANA zone ("Europe/Paris") or a fixed offset ("+02:00"); it is the store's
 *   time zone every date of the admin, the exports and the e-mails is read in.
 * - `language` is "" for English (United States) or one of SITE_LANGUAGES; a user's own
 *   language (`locale` on /wp/v2/users/me) wins over it.
 * - `date_format` and `time_format` are PHP date() formats ("F j, Y", "g:i a"), as WordPress's.
 * - `two_factor_required_roles` names the roles whose users must sign in with two factors
 *   (contract/two-factor.ts): one of them without it is sent to set it up after their password,
 *   and can do nothing else until they have. Roles are checked by the server (wp.ts ROLES).
 */
import { isValidTimeZone } from "@paydesk/domain/dates";
import { z } from "zod";
import { defineRoute } from "./route.ts";

/** Languages a store or a user may choose; "" (or en_US) is English (United States). */
export const SITE_LANGUAGES = ["en_US", "fr_FR", "de_DE", "de_CH"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const DEFAULT_DATE_FORMAT = "F j, Y";
export const DEFAULT_TIME_FORMAT = "g:i a";

/** A PHP date() format: printable characters, at most 40. */
const phpDateFormat = z
	.string()
	.trim()
	.min(1, { error: "must not be empty" })
	.max(40, { error: "must be at most 40 characters" })
	.refine((value) => !/\p{Cc}/u.test(value), { error: "must not contain control characters" });

export const language = z.union([z.literal(""), z.enum(SITE_LANGUAGES)], {
	error: `must be "" or one of ${SITE_LANGUAGES.join(", ")}`,
});

export const siteSettings = z.object({
	title: z.string(),
	description: z.string(),
	timezone: z.string(),
	date_format: z.string(),
	time_format: z.string(),
	start_of_week: z.number().int(),
	language: z.string(),
	two_factor_required_roles: z.array(z.string()),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const siteSettingsUpdate = z
	.object({
		title: z.string().trim().max(200, { error: "must be at most 200 characters" }),
		description: z.string().trim().max(500, { error: "must be at most 500 characters" }),
		timezone: z.string().refine(isValidTimeZone, {
			error: 'must be a time zone name such as "Europe/Paris" or a UTC offset such as "+02:00"',
		}),
		date_format: phpDateFormat,
		time_format: phpDateFormat,
		start_of_week: z
			.number({ error: "must be a day of the week, 0 (Sunday) to 6" })
			.int()
			.min(0, { error: "must be 0 (Sunday) to 6 (Saturday)" })
			.max(6, { error: "must be 0 (Sunday) to 6 (Saturday)" }),
		language,
		two_factor_required_roles: z
			.array(z.string().regex(/^[a-z][a-z_]{0,59}$/, { error: "must be role names" }), {
				error: "must be a list of role names",
			})
			.max(20, { error: "must name at most 20 roles" }),
	})
	.partial();

export const getSiteSettings = defineRoute({
	method: "GET",
	path: "/wp-json/wp/v2/settings",
	summary: "The store's general settings (administrators only)",
	tag: "wp",
	capability: "manage_options",
	response: siteSettings,
});

export const updateSiteSettings = defineRoute({
	method: "POST",
	path: "/wp-json/wp/v2/settings",
	summary: "Change the store's general settings (administrators only)",
	tag: "wp",
	capability: "manage_options",
	body: siteSettingsUpdate,
	response: siteSettings,
});
