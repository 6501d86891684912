/**
 * Generated hostile requests for the route fuzz test: path parameters that are real ids of the
 * store or hostile strings, query parameters named after the route's schema (plus strangers),
 * and bodies shaped loosely like the route's schema with values of every JSON type — or no
 * JSON at all. Loose on purpose: the point is to reach the handlers with what they do not expect.
 */
import type { RouteContract } from "@paydesk/contract/route";
import fc from "fast-check";
import type { z } from "zod";

export const HOSTILE_STRINGS = [
	"",
	" ",
	"'; drop table charges; --",
	"' or '1'='1",
	'"><script>alert(1)</script>',
	"<img src=x onerror=alert(1)>",
	"../../../../etc/passwd",
	"..%2f..%2fetc%2fpasswd",
	"%00",
	"\u0000",
	"\uD800",
	"😀💸",
	"=cmd|' /C calc'!A0",
	"-1",
	"0",
	"1e309",
	"-9223372036854775809",
	"99999999999999999999999",
	"NaN",
	"Infinity",
	"null",
	"undefined",
	"true",
	"[]",
	"{}",
	"__proto__",
	"constructor",
	"2026-02-30",
	"9999-12-31T23:59:59Z",
	"x".repeat(5000),
];

const hostileString = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
	{ weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
	{ weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
	{ weight: 1, arbitrary: fc.integer().map(String) },
	{ weight: 1, arbitrary: fc.double().map(String) },
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
	hostileString,
	fc.integer(),
	fc.double(),
	fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 53 + 1, 1e308),
	fc.boolean(),
	fc.constant(null),
	fc.array(hostileString, { maxLength: 4 }),
	fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
	fc.jsonValue({ maxDepth: 2 }),
);

/** The keys of an object schema, looking through pipes, defaults and refinements. */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
	let current: unknown = schema;
	for (let depth = 0; depth < 6 && current; depth++) {
		const shape = (current as { shape?: Record<string, unknown> }).shape;
		if (shape && typeof shape === "object") return Object.keys(shape);
		const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
		current = def?.in ?? def?.innerType ?? def?.schema;
	}
	return [];
}

export interface GeneratedRequest {
	url: string;
	payload: string | undefined;
	contentType: string;
	/** An Idempotency-Key header (well-formed or not), sometimes. */
	idempotencyKey: string | undefined;
}

/** Raw bodies that are not what a JSON route expects at all. */
const RAW_BODIES = [
	"",
	"{",
	"null",
	"[]",
	'"text"',
	"12",
	'{"__proto__":{"isAdmin":true}}',
	'{"constructor":{"prototype":{"x":1}}}',
	`{"a":${"[".repeat(2000)}${"]".repeat(2000)}}`,
];

/** encodeURIComponent that takes lone surrogates too (as a replacement character). */
function encode(value: string): string {
	return encodeURIComponent(
		value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
	);
}

function pathWith(route: RouteContract, values: string[]): string {
	let index = 0;
	return route.path.replace(/\{(\w+)\}/g, () => encode(values[index++] ?? "x"));
}

function queryOf(entries: [string, unknown][]): string {
	const parts = entries.map(([key, value]) => {
		if (Array.isArray(value)) {
			return value.map((item) => `${encode(key)}[]=${encode(String(item))}`).join("&");
		}
		return `${encode(key)}=${encode(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))}`;
	});
	return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** Requests for one route: known ids mixed with hostile values everywhere. */
export function requestsFor(
	route: RouteContract,
	knownIds: readonly string[],
): fc.Arbitrary<GeneratedRequest> {
	const slots = [...route.path.matchAll(/\{(\w+)\}/g)].length;
	const param = fc.oneof(
		{ weight: 2, arbitrary: fc.constantFrom(...knownIds) },
		{ weight: 1, arbitrary: hostileString },
	);
	const queryKeys = [...schemaKeys(route.query), "_fields", "per_page", "page", "orderby"];
	const queryEntry = fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), hostileString), hostileJson);
	const bodyKeys = schemaKeys(route.body);
	const objectBody =
		bodyKeys.length > 0
			? fc.dictionary(
					fc.oneof(
						{ weight: 4, arbitrary: fc.constantFrom(...bodyKeys) },
						{ weight: 1, arbitrary: hostileString },
					),
					hostileJson,
					{
						maxKeys: bodyKeys.length + 1,
					},
				)
			: fc.dictionary(hostileString, hostileJson, { maxKeys: 3 });
	const body = fc.oneof(
		{
			weight: 6,
			arbitrary: objectBody.map((value) => ({
				payload: JSON.stringify(value),
				contentType: "application/json",
			})),
		},
		{
			weight: 1,
			arbitrary: hostileJson.map((value) => ({
				payload: JSON.stringify(value) ?? "null",
				contentType: "application/json",
			})),
		},
		{
			weight: 1,
			arbitrary: fc
				.constantFrom(...RAW_BODIES)
				.map((payload) => ({ payload, contentType: "application/json" })),
		},
		{ weight: 1, arbitrary: hostileString.map((payload) => ({ payload, contentType: "text/plain" })) },
		{
			weight: 1,
			arbitrary: fc.constant({ payload: "a=1&b[]=2", contentType: "application/x-www-form-urlencoded" }),
		},
	);
	return fc
		.record({
			params: fc.array(param, { minLength: slots, maxLength: slots }),
			query: fc.array(queryEntry, { maxLength: 4 }),
			body,
			idempotencyKey: fc.option(fc.oneof(fc.uuid(), hostileString), { nil: undefined, freq: 3 }),
		})
		.map(({ params, query, body: generated, idempotencyKey }) => ({
			idempotencyKey,
			url: `${pathWith(route, params)}${queryOf(query)}`,
			payload: route.method === "GET" ? undefined : generated.payload,
			contentType: route.method === "GET" ? "application/json" : generated.contentType,
		}));
}
