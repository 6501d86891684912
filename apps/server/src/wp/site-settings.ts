/**
 * The store's general settings (GET/POST /wp/v2/settings) under WordPress's option names, and
 * the language a user sees. The time zone is the account's store_timezone, which the exports,
 * e-mails and page settings already read, so there is one time zone, not two. The roles that
 * must sign in with two factors are an option of their own (auth/two-factor/required.ts).
 */
import {
	DEFAULT_DATE_FORMAT,
	DEFAULT_TIME_FORMAT,
	type SiteSettings,
	type siteSettingsUpdate,
} from "@paydesk/contract/site-settings";
import { ROLES } from "@paydesk/contract/wp";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { loadAccount } from "../accounts/account.ts";
import { storedSettingsOf } from "../accounts/documents.ts";
import { REQUIRED_ROLES_OPTION } from "../auth/two-factor/required.ts";
import type { Database } from "../db/schema.ts";
import { invalidParams } from "../http/rest-error.ts";
import { storeTimeZoneOf } from "../lists/time-zones.ts";
import { readOptions, readUserMeta, writeOptions, writeUserMeta } from "./queries.ts";

/** WordPress's option names for the settings fields (the time zone lives on the account). */
const OPTION_OF = {
	title: "blogname",
	description: "blogdescription",
	date_format: "date_format",
	time_format: "time_format",
	start_of_week: "start_of_week",
	language: "WPLANG",
	two_factor_required_roles: REQUIRED_ROLES_OPTION,
} as const;

/** The user meta WordPress keeps a user's language in. */
const USER_LOCALE = "locale";
const FALLBACK_LOCALE = "en_US";

export async function readSiteSettings(db: Kysely<Database>, accountId: string): Promise<SiteSettings> {
	const [account, options] = await Promise.all([
		loadAccount(db, accountId),
		readOptions(db, accountId, Object.values(OPTION_OF)),
	]);
	const text = (name: string, fallback: string) => {
		const value = options[name];
		return typeof value === "string" ? value : fallback;
	};
	const week = options[OPTION_OF.start_of_week];
	const requiredRoles = options[OPTION_OF.two_factor_required_roles];
	return {
		title: text(OPTION_OF.title, account?.name ?? "Paydesk"),
		description: text(OPTION_OF.description, ""),
		timezone: storeTimeZoneOf(account?.settings),
		date_format: text(OPTION_OF.date_format, DEFAULT_DATE_FORMAT),
		time_format: text(OPTION_OF.time_format, DEFAULT_TIME_FORMAT),
		start_of_week: typeof week === "number" && Number.isInteger(week) && week >= 0 && week <= 6 ? week : 1,
		language: text(OPTION_OF.language, ""),
		two_factor_required_roles: Array.isArray(requiredRoles)
			? requiredRoles.filter((role): role is string => typeof role === "string")
			: [],
	};
}

/** The roles named, each once in ROLES' order; a name that is no role is refused, named. */
function requiredRolesOf(roles: readonly string[]): string[] {
	const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
	if (unknown.length > 0) {
		throw invalidParams({
			two_factor_required_roles: `two_factor_required_roles names no such role: ${unknown.join(", ")} (roles: ${ROLES.join(", ")})`,
		});
	}
	return ROLES.filter((role) => roles.includes(role));
}

export async function writeSiteSettings(
	db: Kysely<Database>,
	accountId: string,
	update: z.output<typeof siteSettingsUpdate>,
): Promise<SiteSettings> {
	const roles = update.two_factor_required_roles && requiredRolesOf(update.two_factor_required_roles);
	await db.transaction().execute(async (trx) => {
		const options: Record<string, unknown> = {};
		for (const [field, option] of Object.entries(OPTION_OF)) {
			const value = field === "two_factor_required_roles" ? roles : update[field as keyof typeof OPTION_OF];
			if (value !== undefined) options[option] = value;
		}
		if (Object.keys(options).length > 0) await writeOptions(trx, accountId, options);
		if (update.timezone !== undefined) {
			const account = await loadAccount(trx, accountId);
			const settings = storedSettingsOf(account?.settings);
			await trx
				.updateTable("accounts")
				.set({ settings: JSON.stringify({ ...settings, store_timezone: update.timezone }) })
				.where("id", "=", accountId)
				.execute();
		}
	});
	return readSiteSettings(db, accountId);
}

/** The site's language (WPLANG), "" for English (United States). */
export async function readSiteLanguage(db: Kysely<Database>, accountId: string): Promise<string> {
	const value = (await readOptions(db, accountId, [OPTION_OF.language]))[OPTION_OF.language];
	return typeof value === "string" ? value : "";
}

/** The user's own language, "" when they follow the site's. */
export async function readUserLocale(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
): Promise<string> {
	const meta = await readUserMeta(db, accountId, userId);
	const value = meta[USER_LOCALE];
	return typeof value === "string" ? value : "";
}

export async function writeUserLocale(
	db: Kysely<Database>,
	accountId: string,
	userId: number,
	locale: string,
): Promise<void> {
	await writeUserMeta(db, accountId, userId, { [USER_LOCALE]: locale === "" ? null : locale });
}

/** The language a user sees: their own, else the site's, else English (United States). */
export function effectiveLocale(userLocale: string, siteLanguage: string): string {
	return userLocale || siteLanguage || FALLBACK_LOCALE;
}
