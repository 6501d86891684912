/**
 * The login page at /wp-login.php, shaped like WordPress's: 'Username or Email Address',
 * 'Password', 'Remember Me', 'Log In', redirect_to honoured (same site only), failures
 * rate-limited, and one message whether or not the user exists. In the site's language
 * (login-locale.ts).
 *
 * Failures count against the address and against the user tried from that address (any
 * spelling of the login or e-mail), never against the user alone: a right password from an
 * address that has not been failing always logs in, so a stranger cannot lock the owner out.
 *
 * A login form sent from another site is refused (login CSRF: logging a visitor into the
 * attacker's account): the page sets a test cookie, as WordPress does, which the browser sends
 * back only with a form posted from this site (SameSite=Strict), and the form carries the same
 * value; an Origin or Sec-Fetch-Site header naming another site is refused too.
 *
 * Two-factor sign-in (two-factor/): after a right password, a user who has it on is asked for
 * the authentication code (`authcode`, posted to ?action=validate_2fa as WordPress's Two Factor
 * plugin does) before any session exists; the half-done sign-in waits in a signed, single-use
 * token in the form (two-factor/login-token.ts). A user whose role requires it and who has not
 * set it up is signed in and sent to their Profile to set it up, and can do nothing else until
 * they have (authenticate.ts).
 */

import { randomBytes, timingSafeEqual } from "node:crypto";
import { sameSitePath } from "@paydesk/domain/web-urls";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { auditActorOf, recordAudit } from "../audit/record.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import { escapeHtml } from "../http/html.ts";
import { type ServerTranslator, translatorFor } from "../i18n/translator.ts";
import { sessionAuth } from "./authenticate.ts";
import type { AuthUser } from "./context.ts";
import { loginLocale, rememberLoginLanguage } from "./login-locale.ts";
import { createNonce, verifyNonce } from "./nonce.ts";
import { attemptFailed, attemptSucceeded, signInBuckets, takeAttempt } from "./rate-limit.ts";
import { createSession, destroySession, SESSION_COOKIE } from "./sessions.ts";
import { issueLoginToken, LOGIN_TOKEN_SECONDS, takeLoginToken } from "./two-factor/login-token.ts";
import { enrolmentRequired } from "./two-factor/required.ts";
import type { TwoFactorSecrets } from "./two-factor/secrets.ts";
import { twoFactorEnabledAt } from "./two-factor/store.ts";
import { checkCode } from "./two-factor/verify.ts";
import { checkCredentials, findUserRow, loadUser } from "./users.ts";

export const DEFAULT_REDIRECT = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
/** Where a user whose role requires two-factor sign-in sets it up. */
export const TWO_FACTOR_ENROL_PAGE = "/wp-admin/profile.php";
/** The code form's action, as WordPress's Two Factor plugin names it. */
const VALIDATE_2FA = "validate_2fa";
/** The code form's field carrying the half-done sign-in, as the plugin names it. */
const LOGIN_TOKEN_FIELD = "wp-auth-nonce";
const LOGOUT_ACTION = "log-out";

/** Only paths of this site: anything else (another site, a control character) is the overview. */
export function safeRedirect(target: unknown): string {
	return sameSitePath(target) ?? DEFAULT_REDIRECT;
}

/** WordPress's test cookie: set by the page, sent back by a form posted from this site only. */
export const TEST_COOKIE = "wordpress_test_cookie";
const TEST_COOKIE_FIELD = "testcookie";

const sameToken = (a: string, b: string) =>
	a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether the form was posted from this site's own login page. */
function postedFromThisSite(request: FastifyRequest, body: Record<string, unknown>): boolean {
	const cookie = request.cookies[TEST_COOKIE];
	const field = body[TEST_COOKIE_FIELD];
	if (!cookie || typeof field !== "string" || !sameToken(cookie, field)) return false;
	if (request.headers["sec-fetch-site"] === "cross-site") return false;
	const origin = request.headers.origin;
	return origin === undefined || origin === `${request.protocol}://${request.host}`;
}

interface LoginView {
	/** The texts' language, and the page's (en_US, fr_FR…). */
	t: ServerTranslator;
	locale: string;
	redirectTo: string;
	/** The test cookie's value, which the form sends back. */
	testCookie: string;
	login?: string;
	error?: string;
	message?: string;
	/** The sign-in waiting for its code: the page asks for the code instead of the password. */
	loginToken?: string;
}

function passwordForm(view: LoginView): string {
	const { t } = view;
	return `<form name="loginform" id="loginform" action="/wp-login.php" method="post">
<p>
<label for="user_login">${escapeHtml(t.__("Username or Email Address", "paydesk"))}</label>
<input type="text" name="log" id="user_login" class="input" value="${escapeHtml(view.login ?? "")}" size="20" autocapitalize="off" autocomplete="username" required autofocus>
</p>
<div class="user-pass-wrap">
<label for="user_pass">${escapeHtml(t.__("Password", "paydesk"))}</label>
<input type="password" name="pwd" id="user_pass" class="input password-input" value="" size="20" autocomplete="current-password" spellcheck="false" required>
</div>
<p class="forgetmenot"><input name="rememberme" type="checkbox" id="rememberme" value="forever"> <label for="rememberme">${escapeHtml(t.__("Remember Me", "paydesk"))}</label></p>
<p class="submit">
<input type="submit" name="wp-submit" id="wp-submit" class="button button-primary button-large" value="${escapeHtml(t.__("Log In", "paydesk"))}">
<input type="hidden" name="redirect_to" value="${escapeHtml(view.redirectTo)}">
<input type="hidden" name="${TEST_COOKIE_FIELD}" value="${escapeHtml(view.testCookie)}">
</p>
</form>`;
}

/** The second step, as WordPress's Two Factor plugin words it: the app's code or a recovery code. */
function authCodeForm(view: LoginView, loginToken: string): string {
	const { t } = view;
	return `<form name="validate_2fa_form" id="loginform" action="/wp-login.php?action=${VALIDATE_2FA}" method="post" autocomplete="off">
<p class="two-factor-prompt">${escapeHtml(t.__("Enter the code generated by your authenticator app, or one of your recovery codes.", "paydesk"))}</p>
<p>
<label for="authcode">${escapeHtml(t.__("Authentication Code:", "paydesk"))}</label>
<input type="text" inputmode="numeric" name="authcode" id="authcode" class="input authcode" value="" size="20" pattern="[0-9 ]*" placeholder="123 456" autocomplete="one-time-code" spellcheck="false" required autofocus>
</p>
<p class="submit">
<input type="submit" name="wp-submit" id="wp-submit" class="button button-primary button-large" value="${escapeHtml(t.__("Verify", "paydesk"))}">
<input type="hidden" name="${LOGIN_TOKEN_FIELD}" value="${escapeHtml(loginToken)}">
<input type="hidden" name="redirect_to" value="${escapeHtml(view.redirectTo)}">
<input type="hidden" name="${TEST_COOKIE_FIELD}" value="${escapeHtml(view.testCookie)}">
</p>
</form>
<p id="nav"><a href="/wp-login.php">${escapeHtml(t.__("Log in with another account", "paydesk"))}</a></p>`;
}

function page(view: LoginView): string {
	const { t } = view;
	const logIn = escapeHtml(t.__("Log In", "paydesk"));
	const notice = view.error
		? `<div id="login_error" class="notice notice-error" role="alert"><p>${view.error}</p></div>`
		: view.message
			? `<div class="notice notice-info message" role="status"><p>${escapeHtml(view.message)}</p></div>`
			: "";
	return `<!doctype html>
<html lang="${escapeHtml(view.locale.replace(/_/g, "-"))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${logIn} &lsaquo; Paydesk</title>
<link rel="stylesheet" href="/wp-admin/css/login.css">
</head>
<body class="login">
<main id="login">
<h1 class="wp-login-logo"><a href="/">Paydesk</a></h1>
${notice}
${view.loginToken ? authCodeForm(view, view.loginToken) : passwordForm(view)}
</main>
</body>
</html>`;
}

type PageView = Omit<LoginView, "testCookie">;

/**
 * The page, with the test cookie its form sends back: the one the browser has (so several open
 * login pages all work), else a new one.
 */
function sendPage(
	request: FastifyRequest,
	reply: FastifyReply,
	view: PageView,
	secure: boolean,
	status = 200,
) {
	const sent = request.cookies[TEST_COOKIE];
	const testCookie = sent && /^[\w-]{24}$/.test(sent) ? sent : randomBytes(18).toString("base64url");
	reply.setCookie(TEST_COOKIE, testCookie, { path: "/", httpOnly: true, sameSite: "strict", secure });
	return reply
		.code(status)
		.header("cache-control", "no-store")
		.type("text/html; charset=utf-8")
		.send(page({ ...view, testCookie }));
}

export function logoutUrl(nonceSecret: string, now: number): string {
	return `/wp-login.php?action=logout&_wpnonce=${createNonce(nonceSecret, LOGOUT_ACTION, now)}`;
}

export function registerLoginPage(
	app: FastifyInstance,
	db: Kysely<Database>,
	clock: Clock,
	options: { secureCookies: boolean; siteAccountId?: string | undefined; twoFactor: TwoFactorSecrets },
): void {
	const language = async (request: FastifyRequest) => {
		const locale = await loginLocale(db, request, options.siteAccountId);
		return { locale, t: translatorFor(locale) };
	};

	/**
	 * A refused sign-in, in the audit log of the account the login belongs to (the site's when the
	 * name is nobody's): the name tried, never the password or code, and no user id.
	 */
	const recordFailedLogin = async (
		trx: Kysely<Database>,
		request: FastifyRequest,
		accountId: string | undefined,
		login: string,
		now: number,
		step: "password" | "authentication_code",
	) => {
		const account = accountId ?? options.siteAccountId;
		if (!account) return;
		await recordAudit(trx, {
			accountId: account,
			action: "login.failed",
			actor: { ...auditActorOf(request), userId: null, login: login.slice(0, 200), keyName: null },
			now,
			details: { step },
		});
	};

	const secureFor = (request: FastifyRequest) => options.secureCookies || request.protocol === "https";
	const show = (request: FastifyRequest, reply: FastifyReply, view: PageView, status = 200) =>
		sendPage(request, reply, view, secureFor(request), status);

	/** The session of a user whose sign-in is complete: a fresh one, the cookie, then on. */
	const signIn = async (
		request: FastifyRequest,
		reply: FastifyReply,
		user: AuthUser,
		input: { remember: boolean; redirectTo: string; now: number },
	) => {
		const previous = await sessionAuth(db, request, input.now);
		if (previous.sessionId) await destroySession(db, previous.sessionId);
		const { token, maxAge } = await db.transaction().execute(async (trx) => {
			const session = await createSession(trx, user, {
				now: input.now,
				ip: request.ip,
				userAgent: String(request.headers["user-agent"] ?? ""),
				remember: input.remember,
			});
			await recordAudit(trx, {
				accountId: user.accountId,
				action: "login.succeeded",
				actor: { ...auditActorOf(request), userId: user.id, login: user.login, keyName: null },
				now: input.now,
				object: { type: "user", id: String(user.id) },
			});
			return session;
		});
		reply.setCookie(SESSION_COOKIE, token, {
			path: "/",
			httpOnly: true,
			sameSite: "lax",
			secure: secureFor(request),
			maxAge: input.remember ? maxAge : undefined,
		});
		// A role that requires two factors, not set up yet: the Profile, where it is set up, first.
		const next = (await enrolmentRequired(db, user)) ? TWO_FACTOR_ENROL_PAGE : input.redirectTo;
		return reply.redirect(next, 302);
	};

	const crossSite = (t: ServerTranslator) =>
		t.__(
			"<strong>Error:</strong> Cookies are blocked, or this form was sent from another site. Enable cookies, then log in on this page.",
			"paydesk",
		);

	app.get("/wp-login.php", async (request, reply) => {
		const query = request.query as Record<string, string | undefined>;
		rememberLoginLanguage(request, reply);
		const { locale, t } = await language(request);
		if (query.action === "logout") {
			const auth = await sessionAuth(db, request, clock.seconds());
			if (
				auth.sessionId &&
				verifyNonce(auth.nonceSecret ?? "", LOGOUT_ACTION, query._wpnonce ?? "", clock.seconds())
			) {
				await destroySession(db, auth.sessionId);
				reply.clearCookie(SESSION_COOKIE, { path: "/" });
				return reply.redirect("/wp-login.php?loggedout=true");
			}
			if (auth.sessionId) {
				return show(request, reply, {
					t,
					locale,
					redirectTo: DEFAULT_REDIRECT,
					message: t.__("The link you followed has expired. Please try again.", "paydesk"),
				});
			}
		}
		return show(request, reply, {
			t,
			locale,
			redirectTo: safeRedirect(query.redirect_to),
			message: query.loggedout === "true" ? t.__("You are now logged out.", "paydesk") : undefined,
		});
	});

	/** The second step: the code for the sign-in the form's token stands for. */
	const validateAuthCode = async (request: FastifyRequest, reply: FastifyReply) => {
		const body = (request.body ?? {}) as Record<string, string | undefined>;
		const redirectTo = safeRedirect(body.redirect_to);
		const now = clock.seconds();
		const { locale, t } = await language(request);
		if (!postedFromThisSite(request, body)) {
			return show(request, reply, { t, locale, redirectTo, error: crossSite(t) }, 403);
		}
		const pending = await takeLoginToken(db, options.twoFactor, String(body[LOGIN_TOKEN_FIELD] ?? ""), now);
		const user = pending ? await loadUser(db, pending.accountId, pending.userId) : null;
		if (!pending || !user) {
			// Run out, used already, or replaced by a later sign-in: the password again.
			return show(
				request,
				reply,
				{
					t,
					locale,
					redirectTo,
					error: t.__(
						"<strong>Error:</strong> The time to enter the code ran out, or the code was already sent. Please log in again.",
						"paydesk",
					),
				},
				400,
			);
		}
		// Each answer but the last carries a new token, which runs out when the first does.
		const askAgain = async (status: number, error: string) =>
			show(
				request,
				reply,
				{
					t,
					locale,
					redirectTo,
					error,
					loginToken: await issueLoginToken(db, options.twoFactor, user, pending),
				},
				status,
			);
		const code = String(body.authcode ?? "");
		if (code.trim() === "") {
			return askAgain(400, t.__("<strong>Error:</strong> Please enter the authentication code.", "paydesk"));
		}
		const check = await checkCode(db, options.twoFactor, user, code, { now, address: request.ip });
		if (check.ok) return signIn(request, reply, user, { remember: pending.remember, redirectTo, now });
		await db
			.transaction()
			.execute((trx) =>
				recordFailedLogin(trx, request, user.accountId, user.login, now, "authentication_code"),
			);
		if (check.wait === 0) {
			return askAgain(401, t.__("<strong>Error:</strong> Invalid verification code.", "paydesk"));
		}
		const minutes = Math.max(1, Math.ceil(check.wait / 60));
		reply.header("retry-after", String(check.wait));
		return askAgain(
			429,
			t.sprintf(
				/* translators: %d: minutes to wait before the next code */
				t._n(
					"<strong>Error:</strong> Too many invalid verification codes. Please try again in %d minute.",
					"<strong>Error:</strong> Too many invalid verification codes. Please try again in %d minutes.",
					minutes,
					"paydesk",
				),
				minutes,
			),
		);
	};

	app.post("/wp-login.php", async (request, reply) => {
		if ((request.query as Record<string, unknown>).action === VALIDATE_2FA) {
			return validateAuthCode(request, reply);
		}
		const body = (request.body ?? {}) as Record<string, string | undefined>;
		const login = String(body.log ?? "").trim();
		const password = String(body.pwd ?? "");
		const redirectTo = safeRedirect(body.redirect_to);
		const now = clock.seconds();
		const { locale, t } = await language(request);
		const refuse = (status: number, error: string) =>
			show(request, reply, { t, locale, redirectTo, login, error }, status);
		if (!postedFromThisSite(request, body)) return refuse(403, crossSite(t));
		if (!login || !password) {
			return refuse(
				400,
				!login
					? t.__("<strong>Error:</strong> The username field is empty.", "paydesk")
					: t.__("<strong>Error:</strong> The password field is empty.", "paydesk"),
			);
		}
		const row = await findUserRow(db, login);
		const { buckets, userBucket } = signInBuckets("login", request.ip, row, login);
		const wait = await takeAttempt(db, buckets, now);
		if (wait > 0) {
			const minutes = Math.max(1, Math.ceil(wait / 60));
			reply.header("retry-after", String(wait));
			return refuse(
				429,
				t.sprintf(
					/* translators: %d: minutes to wait before the next attempt */
					t._n(
						"<strong>Error:</strong> Too many failed login attempts. Please try again in %d minute.",
						"<strong>Error:</strong> Too many failed login attempts. Please try again in %d minutes.",
						minutes,
						"paydesk",
					),
					minutes,
				),
			);
		}
		const user = await checkCredentials(db, row, password);
		if (!user) {
			await db.transaction().execute(async (trx) => {
				await attemptFailed(trx, buckets, now);
				await recordFailedLogin(trx, request, row?.account_id, login, now, "password");
			});
			return refuse(
				401,
				t.__("<strong>Error:</strong> The username or password you entered is incorrect.", "paydesk"),
			);
		}
		await attemptSucceeded(db, userBucket);
		const remember = body.rememberme === "forever";
		if ((await twoFactorEnabledAt(db, user)) !== null) {
			const loginToken = await issueLoginToken(db, options.twoFactor, user, {
				remember,
				expires: now + LOGIN_TOKEN_SECONDS,
			});
			return show(request, reply, { t, locale, redirectTo, loginToken });
		}
		return signIn(request, reply, user, { remember, redirectTo, now });
	});
}
