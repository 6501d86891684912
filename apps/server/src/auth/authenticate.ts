/**
 * Who is calling: a cookie session (the admin, which must also send X-WP-Nonce on REST calls)
 * or HTTP Basic with an application password (scripts). Fills request.auth on every request.
 *
 * A session of a user whose role requires two-factor sign-in, who has not set it up, is held to
 * setting it up: an admin page sends them to their Profile, and a REST call answers 403
 * two_factor_enrolment_required, except the two-factor routes and reading the user, which the
 * Profile needs. Application passwords are not held (WordPress's Two Factor plugin leaves them
 * alone too): a script signs in with its own secret, not with the person's password.
 */
import { createHash } from "node:crypto";
import { TWO_FACTOR_BASE, TWO_FACTOR_ERRORS } from "@paydesk/contract/two-factor";
import { getCurrentUser } from "@paydesk/contract/wp";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import { invalidNonce, RestError } from "../http/rest-error.ts";
import type { AuthUser, RequestAuth } from "./context.ts";
import { verifyNonce } from "./nonce.ts";
import { attemptFailed, attemptSucceeded, signInBuckets } from "./rate-limit.ts";
import { findSession, SESSION_COOKIE, touchSession } from "./sessions.ts";
import { enrolmentRequired } from "./two-factor/required.ts";
import { findUserRow, loadUser, matchApplicationPassword, toAuthUser } from "./users.ts";

export const REST_NONCE_ACTION = "wp_rest";
const ANONYMOUS: RequestAuth = {
	user: null,
	via: null,
	sessionId: null,
	applicationPasswordId: null,
	nonceSecret: null,
};

/**
 * Verified application passwords, remembered briefly so scripts do not pay scrypt per call. A hit
 * still checks that the password exists, so a revoked one stops working on the next request.
 */
const verifiedBasic = new Map<string, { userId: number; accountId: string; uuid: string; until: number }>();
const BASIC_CACHE_SECONDS = 60;

function invalidApplicationPassword(): RestError {
	return new RestError("invalid_application_password", "The provided credentials are invalid.", 401);
}

function tooManyAttempts(wait: number): RestError {
	return new RestError(
		"rest_too_many_requests",
		"Too many failed authentication attempts. Please try again later.",
		429,
		{ retry_after: wait },
	);
}

async function stillExists(db: Kysely<Database>, accountId: string, uuid: string): Promise<boolean> {
	const row = await db
		.selectFrom("application_passwords")
		.select("uuid")
		.where("account_id", "=", accountId)
		.where("uuid", "=", uuid)
		.executeTakeFirst();
	return row !== undefined;
}

async function basicAuth(
	db: Kysely<Database>,
	request: FastifyRequest,
	header: string,
	now: number,
): Promise<{ user: AuthUser; uuid: string }> {
	const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
	const colon = decoded.indexOf(":");
	if (colon < 1) throw invalidApplicationPassword();
	const login = decoded.slice(0, colon);
	const password = decoded.slice(colon + 1);
	const cacheKey = createHash("sha256").update(decoded).digest("hex");
	const cached = verifiedBasic.get(cacheKey);
	if (cached && cached.until > now) {
		const user = (await stillExists(db, cached.accountId, cached.uuid))
			? await loadUser(db, cached.accountId, cached.userId)
			: null;
		if (user) return { user, uuid: cached.uuid };
		verifiedBasic.delete(cacheKey);
	}
	// The password is checked first: an application password is a random secret of over 140
	// bits, which no one guesses, so a right one is never refused for others' failures (as
	// WordPress treats them). Wrong ones are counted per address and per user and address; past
	// those limits they answer 429 instead of 401.
	const row = await findUserRow(db, login);
	const user = row ? toAuthUser(row) : null;
	const uuid = await matchApplicationPassword(db, user, password);
	const { buckets, userBucket } = signInBuckets("app-password", request.ip, row, login);
	if (!user || !uuid) {
		const wait = await attemptFailed(db, buckets, now);
		throw wait > 0 ? tooManyAttempts(wait) : invalidApplicationPassword();
	}
	await attemptSucceeded(db, userBucket);
	await db
		.updateTable("application_passwords")
		.set({ last_used: now, last_ip: request.ip })
		.where("account_id", "=", user.accountId)
		.where("uuid", "=", uuid)
		.execute();
	verifiedBasic.set(cacheKey, {
		userId: user.id,
		accountId: user.accountId,
		uuid,
		until: now + BASIC_CACHE_SECONDS,
	});
	return { user, uuid };
}

export async function sessionAuth(
	db: Kysely<Database>,
	request: FastifyRequest,
	now: number,
): Promise<RequestAuth> {
	const token = request.cookies[SESSION_COOKIE];
	if (!token) return ANONYMOUS;
	const session = await findSession(db, token, now);
	if (!session) return ANONYMOUS;
	const user = await loadUser(db, session.accountId, session.userId);
	if (!user) return ANONYMOUS;
	await touchSession(db, session, { now, ip: request.ip });
	return {
		user,
		via: "cookie",
		sessionId: session.id,
		applicationPasswordId: null,
		nonceSecret: session.nonceSecret,
	};
}

/** The admin pages a held user is sent away from: every page of the admin but the Profile. */
const ADMIN_PAGE = /^\/wp-admin\/?(?:[\w-]+\.php)?$/;
const ENROL_PAGE = "/wp-admin/profile.php";

/** What a user held to setting up two-factor sign-in may still call: what their Profile needs. */
function allowedWhileEnrolling(method: string, path: string): boolean {
	return (
		path.startsWith(`${TWO_FACTOR_BASE}/`) ||
		(method === getCurrentUser.method && path === getCurrentUser.path)
	);
}

function enrolmentRequiredError(): RestError {
	return new RestError(
		TWO_FACTOR_ERRORS.enrolmentRequired,
		"Your role requires two-factor sign-in: set it up on your profile before anything else.",
		403,
		{ enrol_url: ENROL_PAGE },
	);
}

/** A cookie session's user held to setting up two-factor sign-in is sent to their Profile. */
async function holdForEnrolment(
	db: Kysely<Database>,
	request: FastifyRequest,
	reply: FastifyReply,
	auth: RequestAuth,
): Promise<FastifyReply | undefined> {
	if (!auth.user || auth.via !== "cookie") return undefined;
	const path = (request.url.split("?")[0] ?? "").replace(/\/+$/, "") || "/";
	const isRest = path.startsWith("/wp-json/");
	if (isRest ? allowedWhileEnrolling(request.method, path) : !ADMIN_PAGE.test(path) || path === ENROL_PAGE)
		return undefined;
	if (!(await enrolmentRequired(db, auth.user))) return undefined;
	if (isRest) throw enrolmentRequiredError();
	return reply.redirect(ENROL_PAGE, 302);
}

export function registerAuthentication(app: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
	app.decorateRequest("auth", null as unknown as RequestAuth);
	app.addHook("onRequest", async (request, reply) => {
		request.auth = ANONYMOUS;
		const now = clock.seconds();
		const isRest = request.url.startsWith("/wp-json/");
		const header = request.headers.authorization;
		if (isRest && header?.startsWith("Basic ")) {
			const { user, uuid } = await basicAuth(db, request, header, now);
			request.auth = {
				user,
				via: "application-password",
				sessionId: null,
				applicationPasswordId: uuid,
				nonceSecret: null,
			};
			return;
		}
		const session = await sessionAuth(db, request, now);
		if (!isRest || !session.user) {
			request.auth = session;
			return holdForEnrolment(db, request, reply, session);
		}
		// As in WordPress: a REST call with a session cookie but no nonce is anonymous, and one
		// with a wrong nonce is refused, so another site cannot ride the merchant's cookie.
		const query = request.query as Record<string, unknown> | undefined;
		const nonce =
			request.headers["x-wp-nonce"] ?? (typeof query?._wpnonce === "string" ? query._wpnonce : undefined);
		if (typeof nonce !== "string" || nonce === "") return;
		if (!verifyNonce(session.nonceSecret ?? "", REST_NONCE_ACTION, nonce, now)) {
			throw invalidNonce();
		}
		request.auth = session;
		await holdForEnrolment(db, request, reply, session);
	});
}
