/**
 * Who is downloading an export file. The admin sends the REST nonce (`_wpnonce`, checked by the
 * authentication hook) and scripts an application password; the link in the e-mail can carry
 * neither — a nonce is bound to a session and dies within a day — so the logged-in session
 * cookie alone is accepted on this one GET. Its only effect is to hand a file to its owner, so
 * riding the cookie from another site gains nothing (the file route checks the owner).
 */
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { sessionAuth } from "../auth/authenticate.ts";
import { type AuthUser, can } from "../auth/context.ts";
import type { Database } from "../db/schema.ts";
import { forbidden } from "../http/rest-error.ts";

/** The requesting user, or null when nobody is logged in. */
export async function fileRequester(
	db: Kysely<Database>,
	request: FastifyRequest,
	now: number,
): Promise<AuthUser | null> {
	const user = request.auth.user ?? (await sessionAuth(db, request, now)).user;
	if (!user) return null;
	// Whoever may read the payments may export them (the export's own routes ask the same).
	if (!can(user, "view_woocommerce_reports")) throw forbidden();
	return user;
}

/** Browsers following the e-mailed link are sent to log in first; other clients get 401. */
export function wantsLoginPage(request: FastifyRequest): boolean {
	return String(request.headers.accept ?? "").includes("text/html");
}
