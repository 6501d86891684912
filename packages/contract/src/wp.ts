/**
 * WordPress-shaped surfaces the admin relies on: options, the current user and user meta, and
 * another user of the store (the people named in a payment's timeline).
 */
import { z } from "zod";
import { OPTION_NOT_MANAGED, READABLE_OPTIONS, WRITABLE_OPTIONS } from "./options.ts";
import { defineRoute } from "./route.ts";
import { language } from "./site-settings.ts";

const readableOption = z.enum(READABLE_OPTIONS, { error: OPTION_NOT_MANAGED });

export const getOptions = defineRoute({
	method: "GET",
	path: "/wp-json/wc-admin/options",
	summary: "Read options by name (comma-separated), from the allow-list of packages/contract/options",
	tag: "wp",
	query: z.object({
		options: z
			.string()
			.transform((value) => value.split(",").filter(Boolean))
			.pipe(z.array(readableOption).min(1).max(50)),
	}),
	response: z.record(z.string(), z.unknown()),
});

export const updateOptions = defineRoute({
	method: "POST",
	path: "/wp-json/wc-admin/options",
	summary: "Save the admin's own options (task-list choices, dismissals); no other option is writable",
	tag: "wp",
	body: z
		.strictObject(WRITABLE_OPTIONS, { error: OPTION_NOT_MANAGED })
		.partial()
		.refine((value) => Object.keys(value).length > 0, { error: "needs at least one option" }),
	response: z.object({ success: z.literal(true) }),
});

/**
 * The roles of the store's users: WordPress's and WooCommerce's, and Paydesk's payments_viewer
 * ("Payments viewer"), who reads and exports the payments and changes nothing (an accountant).
 */
export const ROLES = ["administrator", "shop_manager", "payments_viewer", "customer"] as const;
export type Role = (typeof ROLES)[number];

/** User meta keys the admin may save: preferences of the product and wc-admin. */
export const USER_META_KEY = /^(wc_payments_|wcpay_|woocommerce_admin_|paydesk_)[a-z0-9_]{1,120}$/;

export const currentUser = z.object({
	id: z.number().int(),
	username: z.string(),
	name: z.string(),
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	roles: z.array(z.string()),
	capabilities: z.record(z.string(), z.boolean()),
	/** The user's own language; "" follows the site's (GET/POST /wp/v2/settings). */
	locale: z.string(),
	meta: z.record(z.string(), z.unknown()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const getCurrentUser = defineRoute({
	method: "GET",
	path: "/wp-json/wp/v2/users/me",
	summary: "The current user with the product's user meta",
	tag: "wp",
	query: z.object({ context: z.enum(["view", "edit"]).optional() }),
	response: currentUser,
});

export const updateCurrentUser = defineRoute({
	method: "POST",
	path: "/wp-json/wp/v2/users/me",
	summary: "Save the current user's language and user meta (preferences)",
	tag: "wp",
	// As in WordPress, every user edits their own profile; these preferences are not the store's.
	capability: "view_woocommerce_reports",
	body: z.object({
		locale: language.optional(),
		meta: z
			.record(
				z.string().regex(USER_META_KEY, { error: "is not a user meta key this endpoint manages" }),
				z.unknown(),
			)
			.optional(),
	}),
	response: currentUser,
});

/** WordPress's answer for a user id the store does not have. */
export const USER_ERRORS = { invalidId: "rest_user_invalid_id" } as const;

/** A user of the store as the admin shows one (WordPress's edit context, without meta). */
export const storeUser = currentUser.pick({
	id: true,
	username: true,
	name: true,
	first_name: true,
	last_name: true,
	email: true,
	roles: true,
});
export type StoreUser = z.infer<typeof storeUser>;

export const getUser = defineRoute({
	method: "GET",
	path: "/wp-json/wp/v2/users/{id}",
	summary: "A user of the store: login, name, e-mail and role",
	tag: "wp",
	params: z.object({ id: z.coerce.number().int().positive() }),
	response: storeUser,
	errors: [USER_ERRORS.invalidId],
});
