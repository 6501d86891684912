/**
 * The Profile's sessions and password (contract/user-sessions.ts): the user's sessions with the
 * device each signed in from, "Log Out Everywhere Else", and a new password, which ends the
 * other sessions too. Ended sessions end their event streams at once on this process (the hub
 * listens, sessions.ts onSessionsEnded), and on the others at their next credentials check.
 */
import {
	changePassword,
	endOtherSessions,
	listUserSessions,
	USER_SESSIONS_ERRORS,
} from "@paydesk/contract/user-sessions";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { auditActorOf, recordAudit } from "../audit/record.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import { contractRoute } from "../http/contract-route.ts";
import { RestError } from "../http/rest-error.ts";
import { hashPassword } from "./passwords.ts";
import { attemptFailed, attemptSucceeded, signInBuckets, takeAttempt } from "./rate-limit.ts";
import { destroyOtherSessions, sessionsEnded, listUserSessions as sessionsOf } from "./sessions.ts";
import { dropPendingSignIn } from "./two-factor/login-token.ts";
import { deviceOf } from "./user-agent.ts";
import { checkCredentials } from "./users.ts";

function tooManyAttempts(wait: number): RestError {
	return new RestError(
		USER_SESSIONS_ERRORS.tooManyAttempts,
		"Too many failed authentication attempts. Please try again later.",
		429,
		{ retry_after: wait },
	);
}

export function registerProfileRoutes(app: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
	contractRoute(app, listUserSessions, async ({ user, request }) => {
		const sessions = await sessionsOf(db, user, clock.seconds());
		const current = request.auth.sessionId;
		return {
			sessions: sessions
				.map((session) => ({
					current: session.id === current,
					...deviceOf(session.userAgent),
					ip: session.ip,
					created: session.created,
					last_seen: session.lastSeen,
				}))
				// The one in use first, as WordPress lists "this location" apart.
				.sort((a, b) => Number(b.current) - Number(a.current)),
		};
	});

	contractRoute(app, endOtherSessions, async ({ user, request }) => ({
		ended: await db.transaction().execute(async (trx) => {
			const ended = await destroyOtherSessions(trx, user, request.auth.sessionId);
			await recordAudit(trx, {
				accountId: user.accountId,
				action: "sessions.ended",
				actor: auditActorOf(request),
				now: clock.seconds(),
				object: { type: "user", id: String(user.id) },
				details: { ended },
			});
			return ended;
		}),
	}));

	contractRoute(app, changePassword, async ({ user, body, request, reply }) => {
		const now = clock.seconds();
		const row = await db
			.selectFrom("users")
			.selectAll()
			.where("account_id", "=", user.accountId)
			.where("id", "=", user.id)
			.executeTakeFirst();
		// Wrong current passwords count as wrong passwords at the login form do, from this address.
		const { buckets, userBucket } = signInBuckets("login", request.ip, row, user.login);
		const wait = await takeAttempt(db, buckets, now);
		if (wait > 0) {
			reply.header("retry-after", String(wait));
			throw tooManyAttempts(wait);
		}
		if (!(await checkCredentials(db, row, body.current_password))) {
			const after = await attemptFailed(db, buckets, now);
			if (after > 0) {
				reply.header("retry-after", String(after));
				throw tooManyAttempts(after);
			}
			throw new RestError(USER_SESSIONS_ERRORS.incorrectPassword, "The current password is incorrect.", 400, {
				params: { current_password: "current_password is not the password you sign in with" },
			});
		}
		await attemptSucceeded(db, userBucket);
		const hash = await hashPassword(body.password);
		const ended = await db.transaction().execute(async (trx) => {
			await trx
				.updateTable("users")
				.set({ password_hash: hash })
				.where("account_id", "=", user.accountId)
				.where("id", "=", user.id)
				.execute();
			// A sign-in that got past the old password and waits for its code ends too.
			await dropPendingSignIn(trx, user);
			const others = await destroyOtherSessions(trx, user, request.auth.sessionId);
			await recordAudit(trx, {
				accountId: user.accountId,
				action: "password.changed",
				actor: auditActorOf(request),
				now,
				object: { type: "user", id: String(user.id) },
				details: { sessions_ended: others },
			});
			return others;
		});
		if (ended > 0) sessionsEnded(db);
		return { ended };
	});
}
