import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { AuthUser } from "./context.ts";

export const SESSION_COOKIE = "wordpress_logged_in_paydesk";
const SESSION_SECONDS = 2 * 24 * 3600;
const REMEMBERED_SECONDS = 14 * 24 * 3600;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionRow {
	id: string;
	accountId: string;
	userId: number;
	nonceSecret: string;
	expires: number;
}

/** A new session with a fresh id (never reusing a cookie the client sent: no fixation). */
export async function createSession(
	db: Kysely<Database>,
	user: AuthUser,
	context: { now: number; ip: string; userAgent: string; remember: boolean },
): Promise<{ token: string; maxAge: number }> {
	const token = randomBytes(32).toString("base64url");
	const maxAge = context.remember ? REMEMBERED_SECONDS : SESSION_SECONDS;
	await db
		.insertInto("sessions")
		.values({
			account_id: user.accountId,
			id: hashToken(token),
			user_id: user.id,
			nonce_secret: randomBytes(32).toString("hex"),
			created: context.now,
			expires: context.now + maxAge,
			ip: context.ip,
			user_agent: context.userAgent.slice(0, 255),
		})
		.execute();
	return { token, maxAge };
}

export async function findSession(
	db: Kysely<Database>,
	token: string,
	now: number,
): Promise<SessionRow | null> {
	if (!/^[\w-]{20,100}$/.test(token)) return null;
	const row = await db
		.selectFrom("sessions")
		.select(["id", "account_id", "user_id", "nonce_secret", "expires"])
		.where("id", "=", hashToken(token))
		.executeTakeFirst();
	if (!row || row.expires <= now) return null;
	return {
		id: row.id,
		accountId: row.account_id,
		userId: row.user_id,
		nonceSecret: row.nonce_secret,
		expires: row.expires,
	};
}

export async function destroySession(db: Kysely<Database>, sessionId: string): Promise<void> {
	await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}
