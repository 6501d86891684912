/**
 * JSON documents kept in text columns (DESIGN §4: documents are text, so both dialects read the
 * same), read through the zod schema of what Paydesk writes there. The rule:
 * - An empty column (null or "") reads as the fallback: the document is absent, as its column
 *   allows.
 * - A document that is not JSON, or does not match its schema, is one Paydesk wrote and cannot
 *   read back: a bug in a writer or a reader, or a row changed by hand. Under test (vitest) the
 *   read throws StoredJsonError, so the test that stored it fails where it is read. Elsewhere the
 *   read warns once per column (a process warning, which Node prints on stderr) and answers the
 *   fallback, as reads did before they had schemas: one damaged row does not take a screen down.
 * - A schema checks and does not change: the value read is the stored one, its keys neither
 *   stripped nor reordered and no default filled in. The schema's input and output are one type,
 *   which a transform or a default would break.
 * A column's schema names it with `.describe("table.column")`, which the error and the warning
 * quote.
 */
import { z } from "zod";
import { runningUnderTest } from "../env.ts";

export class StoredJsonError extends Error {
	override name = "StoredJsonError";
}

/** The columns already warned about in this process. */
const warned = new Set<string>();

function unreadable<T>(schema: z.ZodType, problem: string, fallback: T): T {
	const column = schema.description ?? "A stored JSON document";
	const message = `${column} ${problem}`;
	if (runningUnderTest()) throw new StoredJsonError(message);
	if (!warned.has(column)) {
		warned.add(column);
		process.emitWarning(`${message} (read as its fallback; later rows of it are not reported)`, {
			code: "PAYDESK_STORED_JSON",
		});
	}
	return fallback;
}

/** The document in `text`, checked against `schema`; the fallback when the column is empty. */
export function parseJsonColumn<T>(
	schema: z.ZodType<T, T>,
	text: string | null | undefined,
	fallback: NoInfer<T>,
): T;
export function parseJsonColumn<T>(
	schema: z.ZodType<T, T>,
	text: string | null | undefined,
	fallback: null,
): T | null;
export function parseJsonColumn<T>(
	schema: z.ZodType<T, T>,
	text: string | null | undefined,
	fallback: T | null,
): T | null {
	if (!text) return fallback;
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return unreadable(
			schema,
			`is not JSON: ${error instanceof Error ? error.message : String(error)}`,
			fallback,
		);
	}
	const checked = schema.safeParse(value);
	if (!checked.success)
		return unreadable(schema, `does not match its schema: ${z.prettifyError(checked.error)}`, fallback);
	// The stored value itself, which the schema has just accepted, rather than zod's copy of it.
	return value as T;
}

/** Any JSON object: a document whose keys its readers check themselves. */
export const jsonObject = z.record(z.string(), z.unknown());
