/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` bodies and query strings whose keys
 * nest with brackets. `metadata[order_id]=6735` is an object, `expand[]=a&expand[]=b` and
 * `expand[0]=a&expand[1]=b` are arrays (the official SDKs send indices), and an empty value
 * (`description=`) is how a client unsets a field. Values stay text: each route's schema says
 * what it reads them as, and names the parameter when one is not what it should be.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** A body or query the bracket notation cannot read; the message names the key at fault. */
export class MalformedForm extends Error {
	constructor(message: string) {
		super(message);
		this.name = "MalformedForm";
	}
}

/** Deeper nesting than any of Stripe's parameters has is refused before it is built. */
const MAX_DEPTH = 8;
/** More pairs than any request needs (metadata's 50 keys and a long list of expands fit easily). */
const MAX_PAIRS = 2000;

function decode(text: string): string {
	try {
		return decodeURIComponent(text.replace(/\+/g, " "));
	} catch {
		throw new MalformedForm(`Invalid URL encoding in ${JSON.stringify(text.slice(0, 60))}.`);
	}
}

/** `a[b][]` → ["a", "b", ""]; null when the brackets do not close properly. */
function pathOf(key: string): string[] | null {
	const open = key.indexOf("[");
	if (open === -1) return key === "" ? null : [key];
	if (open === 0) return null;
	const path = [key.slice(0, open)];
	let rest = key.slice(open);
	while (rest.length > 0) {
		const match = /^\[([^[\]]*)\]/.exec(rest);
		if (!match) return null;
		path.push(match[1] ?? "");
		rest = rest.slice(match[0].length);
	}
	return path;
}

/** Marks containers built from `[]` or `[n]`, turned into arrays once every pair is read. */
const LIST = Symbol("list");
type Node = { [key: string]: Node | string; [LIST]?: true };

function insert(root: Node, path: string[], value: string, key: string): void {
	let node = root;
	for (let index = 0; index < path.length; index++) {
		const segment = path[index] as string;
		const last = index === path.length - 1;
		const isListSegment = segment === "" || /^\d{1,4}$/.test(segment);
		if (index > 0) {
			// The container's kind is set by its first key: a list takes only [] and [n].
			const isList = node[LIST] === true;
			const isEmpty = Object.keys(node).length === 0;
			if (isEmpty && !isList && isListSegment) node[LIST] = true;
			else if ((node[LIST] === true) !== isListSegment) {
				throw new MalformedForm(`Invalid array or hash in parameter ${key}.`);
			}
		}
		const name = segment === "" ? String(Object.keys(node).length) : segment;
		if (last) {
			if (Object.hasOwn(node, name)) {
				// A repeated plain key keeps its last value, as a query string does.
				if (typeof node[name] !== "string")
					throw new MalformedForm(`Invalid array or hash in parameter ${key}.`);
			}
			node[name] = value;
			return;
		}
		let next = Object.hasOwn(node, name) ? node[name] : undefined;
		if (typeof next === "string") throw new MalformedForm(`Invalid array or hash in parameter ${key}.`);
		if (next === undefined) {
			next = Object.create(null) as Node;
			node[name] = next;
		}
		node = next;
	}
}

function finish(node: Node | string): FormValue {
	if (typeof node === "string") return node;
	if (node[LIST] === true) {
		const indexes = Object.keys(node).sort((a, b) => Number(a) - Number(b));
		return indexes.map((index) => finish(node[index] as Node | string));
	}
	const out: FormObject = {};
	// Defined, not assigned: a key named __proto__ is a parameter like any other.
	for (const [key, value] of Object.entries(node)) {
		Object.defineProperty(out, key, {
			value: finish(value),
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return out;
}

/** Reads a form body or a query string (without its `?`) in Stripe's bracket notation. */
export function parseForm(text: string): FormObject {
	const root = Object.create(null) as Node;
	if (text === "") return {};
	const pairs = text.split("&");
	if (pairs.length > MAX_PAIRS)
		throw new MalformedForm(`A request may hold at most ${MAX_PAIRS} parameters.`);
	for (const pair of pairs) {
		if (pair === "") continue;
		const equals = pair.indexOf("=");
		const key = decode(equals === -1 ? pair : pair.slice(0, equals));
		const value = equals === -1 ? "" : decode(pair.slice(equals + 1));
		const path = pathOf(key);
		if (!path) throw new MalformedForm(`Invalid parameter name ${JSON.stringify(key.slice(0, 100))}.`);
		if (path.length > MAX_DEPTH)
			throw new MalformedForm(`Parameter ${key.slice(0, 100)} is nested too deeply.`);
		insert(root, path, value, key);
	}
	return finish(root) as FormObject;
}
