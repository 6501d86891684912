/** An error answered in the WordPress REST shape: { code, message, data: { status, … } }. */
export class RestError extends Error {
	readonly code: string;
	readonly status: number;
	readonly data: Record<string, unknown>;

	constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}) {
		super(message);
		this.name = "RestError";
		this.code = code;
		this.status = status;
		this.data = data;
	}

	toBody() {
		return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
	}
}

export const notLoggedIn = () => new RestError("rest_not_logged_in", "You are not currently logged in.", 401);
export const forbidden = () => new RestError("rest_forbidden", "Sorry, you are not allowed to do that.", 403);
export const invalidNonce = () => new RestError("rest_cookie_invalid_nonce", "Cookie check failed", 403);
export const noRoute = () =>
	new RestError("rest_no_route", "No route was found matching the URL and request method.", 404);

/** One invalid parameter, named in the message and in data.params, as WordPress does. */
export function invalidParams(params: Record<string, string>): RestError {
	const names = Object.keys(params);
	return new RestError("rest_invalid_param", `Invalid parameter(s): ${names.join(", ")}`, 400, { params });
}

export function notFound(code: string, message: string): RestError {
	return new RestError(code, message, 404);
}
