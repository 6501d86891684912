/**
 * Whether the credentials requests came with still hold: a long-lived answer (an event stream)
 * asks again while it runs, so a logout, an expired session, a revoked application password or a
 * user who lost the store-management capability (deleted or demoted) ends it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type RequestAuth, roleCan } from "./context.ts";

export type Credential =
	| { kind: "session"; id: string }
	| { kind: "application-password"; id: string }
	| { kind: "none" };

/** The credential a request signed in with. */
export function credentialOf(auth: RequestAuth): Credential {
	if (auth.sessionId) return { kind: "session", id: auth.sessionId };
	if (auth.applicationPasswordId) return { kind: "application-password", id: auth.applicationPasswordId };
	return { kind: "none" };
}

export const credentialKey = (credential: Credential) =>
	credential.kind === "none" ? "none" : `${credential.kind}:${credential.id}`;

/** The keys (credentialKey) of those credentials that still sign in a user who may `capability`. */
export async function liveCredentials(
	db: Kysely<Database>,
	credentials: readonly Credential[],
	capability: string,
	now: number,
): Promise<Set<string>> {
	const sessions = credentials.filter((one) => one.kind === "session").map((one) => one.id);
	const passwords = credentials.filter((one) => one.kind === "application-password").map((one) => one.id);
	const live = new Set<string>();
	const allowed = (role: string) => roleCan(role, capability);
	if (sessions.length > 0) {
		const rows = await db
			.selectFrom("sessions")
			.innerJoin("users", (join) =>
				join.onRef("users.account_id", "=", "sessions.account_id").onRef("users.id", "=", "sessions.user_id"),
			)
			.select(["sessions.id", "users.role"])
			.where("sessions.id", "in", sessions)
			.where("sessions.expires", ">", now)
			.execute();
		for (const row of rows) if (allowed(row.role)) live.add(`session:${row.id}`);
	}
	if (passwords.length > 0) {
		const rows = await db
			.selectFrom("application_passwords")
			.innerJoin("users", (join) =>
				join
					.onRef("users.account_id", "=", "application_passwords.account_id")
					.onRef("users.id", "=", "application_passwords.user_id"),
			)
			.select(["application_passwords.uuid", "users.role"])
			.where("application_passwords.uuid", "in", passwords)
			.execute();
		for (const row of rows) if (allowed(row.role)) live.add(`application-password:${row.uuid}`);
	}
	return live;
}
