/**
 * A refused save as the form shows it. The REST error's data.params names each refused field
 * with the server's message ("timezone must be a time zone name …"); the message is shown next
 * to that field, led by the field's label instead of its REST name. Anything else (no right to
 * save, a lost connection) has no field and is said in the error notice only.
 */
import { ApiError } from "../../app/api.ts";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function fieldErrorsOf<F extends string>(
	error: unknown,
	labels: Readonly<Record<F, string>>,
): FieldErrors<F> {
	if (!(error instanceof ApiError)) return {};
	const params = error.data.params;
	if (!params || typeof params !== "object" || Array.isArray(params)) return {};
	const errors: FieldErrors<F> = {};
	for (const [name, message] of Object.entries(params as Record<string, unknown>)) {
		if (!(name in labels) || typeof message !== "string") continue;
		const field = name as F;
		errors[field] = message.startsWith(`${name} `)
			? `${labels[field]} ${message.slice(name.length + 1)}`
			: message;
	}
	return errors;
}

/** The error notice: what failed, then the refused fields' messages or the server's message. */
export function refusalText<F extends string>(
	base: string,
	error: unknown,
	labels: Readonly<Record<F, string>>,
): string {
	const fields = Object.values(fieldErrorsOf(error, labels));
	if (fields.length > 0) return `${base} ${fields.join(" ")}`;
	return error instanceof Error && error.message ? `${base} ${error.message}` : base;
}
