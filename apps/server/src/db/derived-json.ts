/**
 * JSON documents stored as what their row does not already say. A row's document (a charge's
 * payment method details, an order's items, a timeline event's data …) mostly repeats the row's
 * own columns, the defaults of its kind and the same key names row after row. Each kind declares
 * a template: a value for what can be derived, `undefined` for a key that cannot (a slot: it
 * only has a place in the key order). Only the rest is stored:
 * - a key whose value equals the template's is left out; nested objects are compared key by key;
 * - a template key the document does not have is listed under "-";
 * - the slots' values are stored by position, not by name, under "=" (the slots in template
 *   order, nested templates included); a list that ends early leaves the later slots out. When
 *   a document lacks a slot that a later one follows, its slots are stored by name instead;
 * - a document that differs from its template in its slots only is stored as the list alone;
 * - a value can be derived from the document's earlier keys (FromEarlierKeys).
 * Reading merges the template back, template keys first in its order, then the stored ones.
 * Documents never use "-" or "=" as keys of their own; a key whose value is `undefined` is
 * absent, as in JSON. A template is part of the stored form: changing one means rewriting the
 * rows stored with it.
 */
import { z } from "zod";
import { parseJsonColumn } from "./json.ts";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
/**
 * A value derived from the document's own earlier keys (a card's network from its brand): it
 * reads only keys before its own in the template's order; undefined when it cannot say.
 */
export type FromEarlierKeys = (document: JsonObject) => JsonValue | undefined;
/** What can be derived for a document: values, or `undefined` for a slot. */
export type JsonTemplate = { [key: string]: JsonValue | JsonTemplate | FromEarlierKeys | undefined };

/** A value derived from earlier keys that this document does not give: stored by name when present. */
const UNSAID = Symbol("unsaid");

/** A template value, with one derived from earlier keys worked out. */
function derivedValue(
	derived: JsonTemplate[string],
	document: JsonObject,
): JsonValue | JsonTemplate | undefined | typeof UNSAID {
	if (typeof derived !== "function") return derived;
	return derived(document) ?? UNSAID;
}

const ABSENT = "-";
const SLOTS = "=";

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function equal(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
	if (!isObject(a) || !isObject(b)) return false;
	const keys = Object.keys(a);
	return keys.length === Object.keys(b).length && keys.every((key) => key in b && equal(a[key], b[key]));
}

/**
 * The document's slot values in template order, or null when a missing slot is followed by a
 * present one (a list cannot say which one is missing).
 */
function slotValues(
	document: JsonObject,
	template: JsonTemplate,
	values: JsonValue[],
	ended: { at: boolean },
): boolean {
	for (const [key, derived] of Object.entries(template)) {
		const value = document[key];
		if (typeof derived === "function") continue;
		if (derived === undefined) {
			if (value === undefined) ended.at = true;
			else if (ended.at) return false;
			else values.push(value);
		} else if (isObject(derived)) {
			const inner = isObject(value) ? (value as JsonObject) : {};
			if (!slotValues(inner, derived as JsonTemplate, values, ended)) return false;
		}
	}
	return true;
}

/** The document's difference from the template; slots by name unless `bySlot` (stored apart). */
function difference(document: JsonObject, template: JsonTemplate, bySlot: boolean): JsonObject {
	if (ABSENT in document || SLOTS in document)
		throw new Error(`A stored document cannot have the keys "${ABSENT}" or "${SLOTS}"`);
	const stored: JsonObject = {};
	const absent: string[] = [];
	const derivedOf = (key: string) => derivedValue(template[key], document);
	for (const key of Object.keys(template)) {
		const derived = derivedOf(key);
		if (derived !== undefined && derived !== UNSAID && document[key] === undefined) absent.push(key);
	}
	if (absent.length > 0) stored[ABSENT] = absent;
	for (const [key, value] of Object.entries(document)) {
		if (value === undefined) continue;
		const derived = derivedOf(key);
		if (derived === UNSAID) stored[key] = value;
		else if (derived === undefined) {
			if (!(bySlot && key in template)) stored[key] = value;
		} else if (isObject(derived) && isObject(value)) {
			const inner = difference(value as JsonObject, derived as JsonTemplate, bySlot);
			if (Object.keys(inner).length > 0) stored[key] = inner;
		} else if (!equal(value, derived)) stored[key] = value;
	}
	return stored;
}

/** The part of `document` that `template` does not give. */
export function omitDerived(document: JsonObject, template: JsonTemplate): JsonValue {
	const values: JsonValue[] = [];
	if (!slotValues(document, template, values, { at: false }) || values.length === 0)
		return difference(document, template, false);
	const rest = difference(document, template, true);
	return Object.keys(rest).length === 0 ? values : { [SLOTS]: values, ...rest };
}

/** Slot values stored by position, read in template order. */
interface SlotReader {
	values: JsonValue[];
	next: number;
}

function restore(stored: JsonObject, template: JsonTemplate, slots: SlotReader | null): JsonObject {
	const absent = new Set(Array.isArray(stored[ABSENT]) ? (stored[ABSENT] as string[]) : []);
	const document: JsonObject = {};
	for (const [key, entry] of Object.entries(template)) {
		const value = stored[key];
		const derived = derivedValue(entry, document);
		if (derived === UNSAID) {
			if (key in stored) document[key] = value as JsonValue;
			continue;
		}
		if (derived === undefined) {
			if (!slots) {
				if (key in stored) document[key] = value as JsonValue;
			} else if (slots.next < slots.values.length) document[key] = slots.values[slots.next++] as JsonValue;
			continue;
		}
		if (absent.has(key)) continue;
		if (isObject(derived) && (isObject(value) || !(key in stored)))
			document[key] = restore(isObject(value) ? (value as JsonObject) : {}, derived as JsonTemplate, slots);
		else document[key] = key in stored ? (value as JsonValue) : (derived as JsonValue);
	}
	for (const [key, value] of Object.entries(stored)) {
		if (key !== ABSENT && key !== SLOTS && !(key in template)) document[key] = value;
	}
	return document;
}

/** The whole document again: the template with what was stored. */
export function restoreDerived(stored: JsonValue, template: JsonTemplate): JsonObject {
	if (Array.isArray(stored)) return restore({}, template, { values: stored, next: 0 });
	if (!isObject(stored)) return restore({}, template, null);
	const values = stored[SLOTS];
	return restore(stored, template, Array.isArray(values) ? { values, next: 0 } : null);
}

/**
 * Any JSON value: JSON.parse gives nothing else, so parsing is the whole check. What a document
 * holds is its template's to say, when it is restored.
 */
const storedDocument = z
	.custom<JsonValue>()
	.describe("A derived JSON document (charges' details, orders' address and items, timeline events' data)");

/** A JSON text as a value; an empty column as an empty object, broken JSON as db/json.ts says. */
export function parseStored(text: string | null | undefined): JsonValue {
	return parseJsonColumn(storedDocument, text, {});
}

/** A JSON text as an object; anything else (or broken JSON) as an empty one. */
export function parseObject(text: string | null | undefined): JsonObject {
	const value = parseStored(text);
	return isObject(value) ? (value as JsonObject) : {};
}
