/**
 * The login form posted as a browser posts it: the page opened first (which sets WordPress's
 * test cookie), then the form sent back from it with that cookie and its hidden field.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TEST_COOKIE } from "../auth/login-page.ts";

export interface LoginFormOptions {
	remoteAddress?: string;
	/** More request headers; `cookie` is sent along with the test cookie. */
	headers?: Record<string, string>;
	/** The page to open first (its query, such as ?wp_lang=). */
	pageUrl?: string;
}

/** The test cookie the login page sets, for a form to send back. */
export async function loginTestCookie(app: FastifyInstance, options: LoginFormOptions = {}): Promise<string> {
	const page = await app.inject({
		method: "GET",
		url: options.pageUrl ?? "/wp-login.php",
		...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
		...(options.headers?.cookie ? { headers: { cookie: options.headers.cookie } } : {}),
	});
	const cookie = page.cookies.find((one) => one.name === TEST_COOKIE)?.value;
	if (!cookie) throw new Error("the login page set no test cookie");
	return cookie;
}

export async function postLoginForm(
	app: FastifyInstance,
	fields: Record<string, string>,
	options: LoginFormOptions = {},
): Promise<LightMyRequestResponse> {
	const testCookie = await loginTestCookie(app, options);
	const { cookie, ...headers } = options.headers ?? {};
	return app.inject({
		method: "POST",
		url: "/wp-login.php",
		...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
		headers: {
			"content-type": "application/x-www-form-urlencoded",
			cookie: [cookie, `${TEST_COOKIE}=${testCookie}`].filter(Boolean).join("; "),
			...headers,
		},
		payload: new URLSearchParams({ ...fields, testcookie: testCookie }).toString(),
	});
}
