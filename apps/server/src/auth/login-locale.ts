/**
 * The language of the login page. As in WordPress, it is the site's language (the server's
 * store, ACCOUNT_ID), unless the visitor picked another with the login screen's language switch
 * (`?wp_lang=fr_FR`, then remembered in the wp_lang cookie). Before login there is no user, so
 * a user's own language does not apply.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { effectiveLocale, readSiteLanguage } from "../wp/site-settings.ts";

export const LOGIN_LANGUAGE_COOKIE = "wp_lang";
/** A WordPress locale: fr_FR, de_CH, pt_BR, de_DE_formal, eo… */
const LOCALE = /^[a-z]{2,3}(?:_[A-Z]{2})?(?:_[a-z0-9]+)?$/;

function picked(value: unknown): string | null {
	return typeof value === "string" && LOCALE.test(value) ? value : null;
}

/** The language asked for in the query remembered for the next requests (the form's POST). */
export function rememberLoginLanguage(request: FastifyRequest, reply: FastifyReply): void {
	const asked = picked((request.query as Record<string, unknown>).wp_lang);
	if (asked) reply.setCookie(LOGIN_LANGUAGE_COOKIE, asked, { path: "/", httpOnly: true, sameSite: "lax" });
}

export async function loginLocale(
	db: Kysely<Database>,
	request: FastifyRequest,
	siteAccountId: string | undefined,
): Promise<string> {
	const asked =
		picked((request.query as Record<string, unknown>).wp_lang) ??
		picked(request.cookies[LOGIN_LANGUAGE_COOKIE]);
	if (asked) return asked;
	return effectiveLocale("", siteAccountId ? await readSiteLanguage(db, siteAccountId) : "");
}
