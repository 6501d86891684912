/**
 * Query strings the way PHP reads them, as the admin's links use them: `a[]=1&a[]=2` and
 * `date_between[0]=…&date_between[1]=…` become arrays, a repeated key keeps its last value.
 */
export function parseQueryString(input: string): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = Object.create(null);
	const indexed = new Map<string, Array<[number, string]>>();
	for (const [rawKey, value] of new URLSearchParams(input)) {
		const match = /^([^[\]]+)\[(\d*)\]$/.exec(rawKey);
		if (!match) {
			out[rawKey] = value;
			continue;
		}
		const [, name = "", index] = match;
		const list = indexed.get(name) ?? [];
		list.push([index === "" ? list.length : Number(index), value]);
		indexed.set(name, list);
	}
	for (const [name, entries] of indexed) {
		out[name] = entries.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
	}
	return out;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** The inverse: arrays as `name[0]=…&name[1]=…`, empty values left out. */
export function buildQueryString(query: Record<string, QueryValue>): string {
	const parts: string[] = [];
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === "") continue;
		if (Array.isArray(value)) {
			value.forEach((item, index) => {
				parts.push(`${encodeURIComponent(name)}[${index}]=${encodeURIComponent(String(item))}`);
			});
			continue;
		}
		parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
	}
	return parts.join("&");
}
