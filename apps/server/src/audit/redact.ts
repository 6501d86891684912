/**
 * What the audit log keeps of a value: secrets never. A password, code, nonce or token is
 * replaced whole; a key or secret keeps its last four characters, which is how the admin shows it.
 */

export const REDACTED = "[redacted]";

/** Fields whose value is never written. */
const HIDDEN = /pass(word|phrase|code)?|(^|_)code(s)?$|otp|totp|nonce|token|cookie|authcode|recovery/i;
/**
 * Fields that hold a key or a secret: the last four characters at most. A bare `key` names a
 * rule or a setting (fraud rules, options), not a credential, so it is not one of them.
 */
const KEYED = /secret|api_?key|private_?key|publishable_?key|signing/i;
/** Names that speak of a key without holding one. */
const HARMLESS = /(_|^)(name|id|ids|count|last4|prefix|kind|type|at|expires_in|expires_at)$/i;

function masked(value: unknown): unknown {
	if (typeof value !== "string") return value === null || value === undefined ? value : REDACTED;
	return value.length > 8 ? `…${value.slice(-4)}` : REDACTED;
}

/** A copy of `value` with every secret field redacted, at any depth. */
export function redactSecrets(value: unknown, field = ""): unknown {
	if (field && !HARMLESS.test(field)) {
		if (HIDDEN.test(field)) return value === null || value === undefined ? value : REDACTED;
		if (KEYED.test(field)) return masked(value);
	}
	if (Array.isArray(value)) return value.map((item) => redactSecrets(item));
	if (value && typeof value === "object") {
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
				key,
				redactSecrets(inner, key),
			]),
		);
	}
	return value;
}

/**
 * The fields of `after` that differ from `before`, with the values they had and have: what a
 * change record shows, rather than the whole document.
 */
export function changedFields(
	before: Record<string, unknown>,
	after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
	const was: Record<string, unknown> = {};
	const now: Record<string, unknown> = {};
	for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
		if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
		was[key] = before[key] ?? null;
		now[key] = after[key] ?? null;
	}
	return { before: was, after: now };
}
