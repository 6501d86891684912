import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { AuthUser } from "./context.ts";

export const SESSION_COOKIE = "wordpress_logged_in_paydesk";
const SESSION_SECONDS = 2 * 24 * 3600;
const REMEMBERED_SECONDS = 14 * 24 * 3600;
/** How stale "last seen" may grow before a request writes it again: one write a minute at most. */
const LAST_SEEN_STEP = 60;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionRow {
	id: string;
	accountId: string;
	userId: number;
	nonceSecret: string;
	expires: number;
	/** When and from where it was last used (its sign-in's until then). */
	lastSeen: number;
	lastIp: string;
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
			last_seen: context.now,
			last_ip: context.ip,
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
		.select([
			"id",
			"account_id",
			"user_id",
			"nonce_secret",
			"expires",
			"created",
			"ip",
			"last_seen",
			"last_ip",
		])
		.where("id", "=", hashToken(token))
		.executeTakeFirst();
	if (!row || row.expires <= now) return null;
	return {
		id: row.id,
		accountId: row.account_id,
		userId: row.user_id,
		nonceSecret: row.nonce_secret,
		expires: row.expires,
		lastSeen: Number(row.last_seen ?? row.created),
		lastIp: row.last_ip ?? row.ip,
	};
}

/** Notes that the session was used now from `ip`: written when a minute has passed, or the address changed. */
export async function touchSession(
	db: Kysely<Database>,
	session: SessionRow,
	context: { now: number; ip: string },
): Promise<void> {
	if (context.now - session.lastSeen < LAST_SEEN_STEP && context.ip === session.lastIp) return;
	await db
		.updateTable("sessions")
		.set({ last_seen: context.now, last_ip: context.ip })
		.where("id", "=", session.id)
		.execute();
}

export interface UserSessionRow {
	id: string;
	userAgent: string;
	ip: string;
	created: number;
	lastSeen: number;
}

/** The user's live sessions, the most recently used first. */
export async function listUserSessions(
	db: Kysely<Database>,
	user: Pick<AuthUser, "accountId" | "id">,
	now: number,
): Promise<UserSessionRow[]> {
	const rows = await db
		.selectFrom("sessions")
		.select(["id", "user_agent", "ip", "created", "last_seen", "last_ip"])
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id)
		.where("expires", ">", now)
		.execute();
	return rows
		.map((row) => ({
			id: row.id,
			userAgent: row.user_agent,
			ip: row.last_ip ?? row.ip,
			created: Number(row.created),
			lastSeen: Number(row.last_seen ?? row.created),
		}))
		.sort((a, b) => b.lastSeen - a.lastSeen || b.created - a.created);
}

/**
 * Whoever listens when sessions end, per database (the app's event streams, which then close
 * those of the ended sessions at once instead of at their next credentials check).
 */
const endListeners = new WeakMap<object, Set<() => void>>();

/** Calls `listener` whenever sessions of `db` are ended here; answers how to stop. */
export function onSessionsEnded(db: Kysely<Database>, listener: () => void): () => void {
	let listeners = endListeners.get(db);
	if (!listeners) {
		listeners = new Set();
		endListeners.set(db, listeners);
	}
	listeners.add(listener);
	return () => listeners.delete(listener);
}

/** Tells the listeners of `db` that sessions ended (after the transaction that ended them). */
export function sessionsEnded(db: Kysely<Database>): void {
	for (const listener of endListeners.get(db) ?? []) listener();
}

export async function destroySession(db: Kysely<Database>, sessionId: string): Promise<void> {
	await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
	sessionsEnded(db);
}

/**
 * Ends every session of the user but `keep` (the one asking); answers how many ended. Inside a
 * transaction the caller tells the listeners once it commits (sessionsEnded).
 */
export async function destroyOtherSessions(
	db: Kysely<Database>,
	user: Pick<AuthUser, "accountId" | "id">,
	keep: string | null,
): Promise<number> {
	let rows = db
		.deleteFrom("sessions")
		.where("account_id", "=", user.accountId)
		.where("user_id", "=", user.id);
	if (keep) rows = rows.where("id", "!=", keep);
	const result = await rows.executeTakeFirst();
	const ended = Number(result.numDeletedRows);
	if (ended > 0) sessionsEnded(db);
	return ended;
}
