/**
 * Parameters of Stripe's API, read from the bracket form (form.ts) with zod. Every object schema
 * is strict, so a parameter Paydesk does not know or does not support is a 400
 * `parameter_unknown` naming it, never silently ignored; a missing one is `parameter_missing`
 * and a malformed one names the parameter and what it must be.
 */
import { z } from "zod";
import { invalidRequest, parameterInvalid, parameterMissing, parameterUnknown } from "./errors.ts";
import { type FormValue, MalformedForm, parseForm } from "./form.ts";

/** `payment_method_data[card][number]`, as Stripe names a nested parameter. */
export function paramName(path: readonly PropertyKey[]): string {
	const [first, ...rest] = path.map(String);
	return `${first ?? ""}${rest.map((part) => `[${part}]`).join("")}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
	let value = input;
	for (const key of path) {
		if (value === null || typeof value !== "object") return undefined;
		value = (value as Record<PropertyKey, unknown>)[key as string];
	}
	return value;
}

/** Parses a request's parameters, or throws Stripe's error for the first problem. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
	const result = schema.safeParse(input);
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	if (!issue) throw invalidRequest("The request's parameters are not valid.");
	if (issue.code === "unrecognized_keys")
		throw parameterUnknown(paramName([...issue.path, issue.keys[0] ?? ""]));
	const param = paramName(issue.path);
	if (valueAt(input, issue.path) === undefined) throw parameterMissing(param);
	throw parameterInvalid(param, issue.message);
}

/** Reads a request's raw query string (after `?`) in the bracket notation. */
export function queryOf(url: string): Record<string, FormValue> {
	const at = url.indexOf("?");
	try {
		return at === -1 ? {} : parseForm(url.slice(at + 1));
	} catch (error) {
		if (error instanceof MalformedForm) throw invalidRequest(error.message);
		throw error;
	}
}

export const integer = (min: number, max: number) =>
	z
		.string()
		.regex(/^-?\d{1,16}$/, { error: "must be an integer" })
		.transform(Number)
		.pipe(
			z
				.number()
				.min(min, { error: `must be at least ${min}` })
				.max(max, { error: `must be at most ${max}` }),
		);

export const boolean = z
	.enum(["true", "false"], { error: "must be true or false" })
	.transform((v) => v === "true");

export const text = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });

/** An empty value unsets an optional field: null. */
export const unsettable = <S extends z.ZodType>(schema: S) =>
	z.union([z.literal("").transform(() => null), schema]);

export const email = z.string().email({ error: "must be an e-mail address" }).max(800);

export const currency = z
	.string()
	.regex(/^[a-zA-Z]{3}$/, { error: "must be a three-letter ISO currency code" })
	.transform((value) => value.toLowerCase());

/** An object id: letters, digits and underscores. */
export const objectId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/, { error: "must be an object id" });

export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

/**
 * Stripe's metadata: at most 50 keys of at most 40 characters, values of at most 500. An empty
 * value removes its key on update; `metadata=` (empty) removes them all.
 */
export const metadata = z.union([
	z.literal("").transform(() => ({}) as Record<string, string>),
	z
		.record(
			z.string().max(METADATA_LIMITS.keyLength, {
				error: `keys must be at most ${METADATA_LIMITS.keyLength} characters`,
			}),
			z.string().max(METADATA_LIMITS.valueLength, {
				error: `values must be at most ${METADATA_LIMITS.valueLength} characters`,
			}),
			{ error: "must be a hash of keys and values" },
		)
		.refine((value) => Object.keys(value).length <= METADATA_LIMITS.keys, {
			error: `may hold at most ${METADATA_LIMITS.keys} keys`,
		}),
]);

/** New metadata merged over stored metadata; an empty value removes its key. */
export function mergeMetadata(
	stored: Record<string, string>,
	update: Record<string, string>,
): Record<string, string> {
	if (Object.keys(update).length === 0) return {};
	const merged = { ...stored };
	for (const [key, value] of Object.entries(update)) {
		if (value === "") delete merged[key];
		else merged[key] = value;
	}
	return merged;
}

export const expand = z.array(z.string().max(200)).max(50, { error: "may hold at most 50 fields" });

const timestamp = integer(0, 99_999_999_999);

/** `created=…` or `created[gt|gte|lt|lte]=…` (Unix seconds). */
export const rangeFilter = z.union([
	timestamp.transform((at) => ({ gte: at, lte: at }) as RangeFilter),
	z.strictObject({
		gt: timestamp.optional(),
		gte: timestamp.optional(),
		lt: timestamp.optional(),
		lte: timestamp.optional(),
	}),
]);
export interface RangeFilter {
	gt?: number | undefined;
	gte?: number | undefined;
	lt?: number | undefined;
	lte?: number | undefined;
}

/** What every list takes. */
export const listParams = {
	limit: integer(1, 100).optional(),
	starting_after: objectId.optional(),
	ending_before: objectId.optional(),
	created: rangeFilter.optional(),
	expand: expand.optional(),
};

/** What every retrieve takes. */
export const retrieveParams = z.strictObject({ expand: expand.optional() });
