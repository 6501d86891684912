import { z } from "zod";

/** WordPress REST error shape: { code, message, data: { status, … } }. */
export const restError = z.object({
	code: z.string(),
	message: z.string(),
	data: z
		.object({
			status: z.number().int(),
			params: z.record(z.string(), z.string()).optional(),
			details: z.record(z.string(), z.unknown()).optional(),
			request_id: z.string().optional(),
		})
		.loose(),
});
export type RestErrorBody = z.infer<typeof restError>;

/**
 * An Idempotency-Key brought back with another call or another body (400), on any write. The one
 * rule of keys is in the README ("Idempotency-Key").
 */
export const IDEMPOTENCY_KEY_REUSED = "wcpay_idempotency_key_reused";

/** Codes shared by every route. */
export const COMMON_ERROR_CODES = [
	"rest_invalid_param",
	"rest_missing_callback_param",
	"rest_invalid_json",
	"rest_not_logged_in",
	"rest_forbidden",
	"rest_cookie_invalid_nonce",
	"rest_no_route",
	"rest_payload_too_large",
	"rest_too_many_requests",
	"rest_service_unavailable",
	"internal_server_error",
] as const;
