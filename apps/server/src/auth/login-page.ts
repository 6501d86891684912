/**
 * The login page at /wp-login.php, shaped like WordPress's: 'Username or Email Address',
 * 'Password', 'Remember Me', 'Log In', redirect_to honoured (same site only), failures
 * rate-limited, and one message whether or not the user exists.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { escapeHtml } from "../http/html.ts";
import type { Clock } from "../processor/clock.ts";
import { sessionAuth } from "./authenticate.ts";
import { createNonce, verifyNonce } from "./nonce.ts";
import { ADDRESS_LIMIT, attemptFailed, attemptSucceeded, LOGIN_LIMIT, takeAttempt } from "./rate-limit.ts";
import { createSession, destroySession, SESSION_COOKIE } from "./sessions.ts";
import { checkCredentials } from "./users.ts";

export const DEFAULT_REDIRECT = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
const LOGOUT_ACTION = "log-out";

/** Only same-site paths: an absolute or protocol-relative URL would be an open redirect. */
export function safeRedirect(target: unknown): string {
	if (
		typeof target !== "string" ||
		!target.startsWith("/") ||
		target.startsWith("//") ||
		target.includes("\\")
	) {
		return DEFAULT_REDIRECT;
	}
	return target;
}

interface LoginView {
	redirectTo: string;
	login?: string;
	error?: string;
	message?: string;
}

function page(view: LoginView): string {
	const notice = view.error
		? `<div id="login_error" class="notice notice-error" role="alert"><p>${view.error}</p></div>`
		: view.message
			? `<div class="notice notice-info message" role="status"><p>${escapeHtml(view.message)}</p></div>`
			: "";
	return `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Log In &lsaquo; Paydesk</title>
<link rel="stylesheet" href="/wp-admin/css/login.css">
</head>
<body class="login">
<main id="login">
<h1 class="wp-login-logo"><a href="/">Paydesk</a></h1>
${notice}
<form name="loginform" id="loginform" action="/wp-login.php" method="post">
<p>
<label for="user_login">Username or Email Address</label>
<input type="text" name="log" id="user_login" class="input" value="${escapeHtml(view.login ?? "")}" size="20" autocapitalize="off" autocomplete="username" required autofocus>
</p>
<div class="user-pass-wrap">
<label for="user_pass">Password</label>
<input type="password" name="pwd" id="user_pass" class="input password-input" value="" size="20" autocomplete="current-password" spellcheck="false" required>
</div>
<p class="forgetmenot"><input name="rememberme" type="checkbox" id="rememberme" value="forever"> <label for="rememberme">Remember Me</label></p>
<p class="submit">
<input type="submit" name="wp-submit" id="wp-submit" class="button button-primary button-large" value="Log In">
<input type="hidden" name="redirect_to" value="${escapeHtml(view.redirectTo)}">
</p>
</form>
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, view: LoginView, status = 200) {
	return reply
		.code(status)
		.header("cache-control", "no-store")
		.type("text/html; charset=utf-8")
		.send(page(view));
}

export function logoutUrl(nonceSecret: string, now: number): string {
	return `/wp-login.php?action=logout&_wpnonce=${createNonce(nonceSecret, LOGOUT_ACTION, now)}`;
}

export function registerLoginPage(
	app: FastifyInstance,
	db: Kysely<Database>,
	clock: Clock,
	options: { secureCookies: boolean },
): void {
	app.get("/wp-login.php", async (request, reply) => {
		const query = request.query as Record<string, string | undefined>;
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
				return sendPage(reply, {
					redirectTo: DEFAULT_REDIRECT,
					message: "The link you followed has expired. Please try again.",
				});
			}
		}
		return sendPage(reply, {
			redirectTo: safeRedirect(query.redirect_to),
			message: query.loggedout === "true" ? "You are now logged out." : undefined,
		});
	});

	app.post("/wp-login.php", async (request, reply) => {
		const body = (request.body ?? {}) as Record<string, string | undefined>;
		const login = String(body.log ?? "").trim();
		const password = String(body.pwd ?? "");
		const redirectTo = safeRedirect(body.redirect_to);
		const now = clock.seconds();
		if (!login || !password) {
			const missing = !login ? "The username field is empty." : "The password field is empty.";
			return sendPage(reply, { redirectTo, login, error: `<strong>Error:</strong> ${missing}` }, 400);
		}
		const address = `login:${request.ip}`;
		const userBucket = `login-user:${login.toLowerCase()}`;
		const buckets = [
			{ bucket: address, rule: ADDRESS_LIMIT },
			{ bucket: userBucket, rule: LOGIN_LIMIT },
		];
		const wait = await takeAttempt(db, buckets, now);
		if (wait > 0) {
			const minutes = Math.max(1, Math.ceil(wait / 60));
			return sendPage(
				reply.header("retry-after", String(wait)),
				{
					redirectTo,
					login,
					error: `<strong>Error:</strong> Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
				},
				429,
			);
		}
		const user = await checkCredentials(db, login, password);
		if (!user) {
			await attemptFailed(db, buckets, now);
			return sendPage(
				reply,
				{
					redirectTo,
					login,
					error: "<strong>Error:</strong> The username or password you entered is incorrect.",
				},
				401,
			);
		}
		await attemptSucceeded(db, userBucket);
		const previous = await sessionAuth(db, request, now);
		if (previous.sessionId) await destroySession(db, previous.sessionId);
		const { token, maxAge } = await createSession(db, user, {
			now,
			ip: request.ip,
			userAgent: String(request.headers["user-agent"] ?? ""),
			remember: body.rememberme === "forever",
		});
		reply.setCookie(SESSION_COOKIE, token, {
			path: "/",
			httpOnly: true,
			sameSite: "lax",
			secure: options.secureCookies || request.protocol === "https",
			maxAge: body.rememberme === "forever" ? maxAge : undefined,
		});
		return reply.redirect(redirectTo, 302);
	});
}
