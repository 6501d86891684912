/**
 * Stripe's error answer: `{ error: { type, code, decline_code, param, message, payment_intent,
 * charge } }` with Stripe's statuses, which the official SDKs turn into their error classes
 * (StripeCardError for a 402 card_error, StripeInvalidRequestError, StripeAuthenticationError for
 * a 401, StripeIdempotencyError …). Only the fields that apply are sent.
 */
export type StripeErrorType =
	| "api_error"
	| "card_error"
	| "idempotency_error"
	| "invalid_request_error"
	| "rate_limit_error";

export interface StripeErrorBody {
	type: StripeErrorType;
	message: string;
	code?: string;
	decline_code?: string;
	param?: string;
	payment_intent?: unknown;
	charge?: string;
	payment_method?: unknown;
}

export class StripeApiError extends Error {
	constructor(
		readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503,
		readonly body: StripeErrorBody,
	) {
		super(body.message);
		this.name = "StripeApiError";
	}
}

export function invalidRequest(message: string, extra: Omit<StripeErrorBody, "type" | "message"> = {}) {
	return new StripeApiError(400, { type: "invalid_request_error", message, ...extra });
}

export function parameterUnknown(param: string): StripeApiError {
	return invalidRequest(`Received unknown parameter: ${param}`, { code: "parameter_unknown", param });
}

export function parameterMissing(param: string): StripeApiError {
	return invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export function parameterInvalid(
	param: string,
	problem: string,
	code = "parameter_invalid_string",
): StripeApiError {
	return invalidRequest(`Invalid ${param}: ${problem}`, { code, param });
}

/** A 404 for an object the account does not have (or that another account has). */
export function resourceMissing(object: string, id: string, param = "id"): StripeApiError {
	return new StripeApiError(404, {
		type: "invalid_request_error",
		code: "resource_missing",
		param,
		message: `No such ${object}: '${id}'`,
	});
}

/** An object that cannot take the call in its present state. */
export function unexpectedState(
	code: string,
	message: string,
	extra: Omit<StripeErrorBody, "type" | "message" | "code"> = {},
) {
	return invalidRequest(message, { code, ...extra });
}

/** A 401 that names only the key's last four characters. */
export function invalidApiKey(key: string | null): StripeApiError {
	const message =
		key === null
			? "You did not provide an API key. Send it as a Bearer token (Authorization: Bearer sk_…) or as the user name of HTTP Basic."
			: `Invalid API Key provided: ${key.length > 4 ? `${"*".repeat(Math.min(key.length - 4, 12))}${key.slice(-4)}` : "****"}`;
	return new StripeApiError(401, { type: "invalid_request_error", message });
}
