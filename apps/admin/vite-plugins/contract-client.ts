/**
 * The admin's build reads each contract module (packages/contract/src/*.ts) as the client sees
 * it. A route contract carries its zod schemas for the server and the OpenAPI document, but the
 * admin's client reads only a route's method, path and answer type (app/api.ts): importing one
 * route would otherwise build every schema of its module, and zod with them, some 40 kB gzip
 * that no screen runs.
 *
 * So the build evaluates each contract module once, in Node, and gives the admin a module with
 * the same exports: each route contract reduced to CLIENT_ROUTE_FIELDS, plain data (error codes,
 * option names, sort lists) as literals, and anything else (a schema the admin parses with, a
 * function) re-exported from the original module, which then loads only with the chunks that
 * use it. Development and tests use the contract modules as they are.
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createServer, createServerModuleRunner, type Plugin } from "vite";
import { CLIENT_ROUTE_FIELDS } from "../src/app/client-route.ts";

const CONTRACT_SRC = path.resolve(import.meta.dirname, "../../../packages/contract/src");
/** The original module behind a client view, for the exports that are not plain data. */
const ORIGINAL = "?contract-original";

type Exports = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== "object" || value === null) return false;
	const prototype = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}

function isRouteContract(value: unknown): value is Record<string, unknown> {
	return (
		isPlainObject(value) &&
		typeof value.method === "string" &&
		typeof value.path === "string" &&
		typeof value.response === "object" &&
		value.response !== null &&
		"_zod" in value.response
	);
}

/** A literal of the value as the client needs it, or null when it is not plain data. */
function literal(value: unknown): string | null {
	if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
	if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : null;
	if (value === undefined) return "undefined";
	if (isRouteContract(value)) {
		const fields = CLIENT_ROUTE_FIELDS.filter((field) => value[field] !== undefined);
		return JSON.stringify(Object.fromEntries(fields.map((field) => [field, value[field]])));
	}
	if (Array.isArray(value)) {
		const items = value.map(literal);
		return items.every((item) => item !== null) ? `[${items.join(",")}]` : null;
	}
	if (isPlainObject(value)) {
		const entries = Object.entries(value).map(([key, item]) => [key, literal(item)] as const);
		if (entries.some(([, item]) => item === null)) return null;
		return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(",")}}`;
	}
	return null;
}

function clientView(file: string, exports: Exports): string {
	const lines: string[] = [];
	const original: string[] = [];
	for (const [name, value] of Object.entries(exports)) {
		const code = literal(value);
		if (code === null) original.push(name);
		else lines.push(`export const ${name} = ${code};`);
	}
	if (original.length > 0)
		lines.push(`export { ${original.join(", ")} } from ${JSON.stringify(file + ORIGINAL)};`);
	return lines.join("\n");
}

/** Every contract module's exports, evaluated once per build. */
async function evaluateContract(): Promise<Map<string, Exports>> {
	const server = await createServer({
		configFile: false,
		root: CONTRACT_SRC,
		logLevel: "error",
		appType: "custom",
		server: { middlewareMode: true, hmr: false, ws: false, watch: null },
		optimizeDeps: { noDiscovery: true, include: [] },
	});
	const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
	try {
		const modules = new Map<string, Exports>();
		for (const name of readdirSync(CONTRACT_SRC)) {
			if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
			const file = path.join(CONTRACT_SRC, name);
			modules.set(file, await runner.import<Exports>(file));
		}
		return modules;
	} finally {
		await runner.close();
		await server.close();
	}
}

export function contractClient(): Plugin {
	let modules: Promise<Map<string, Exports>> | null = null;
	return {
		name: "paydesk-contract-client",
		apply: "build",
		enforce: "pre",
		buildStart() {
			modules = null; // a rebuild (vite build --watch) reads the contract as it is now
		},
		async load(id) {
			if (id.endsWith(ORIGINAL))
				return { code: await readFile(id.slice(0, -ORIGINAL.length), "utf8"), moduleSideEffects: false };
			if (path.dirname(id) !== CONTRACT_SRC) return null;
			modules ??= evaluateContract();
			const exports = (await modules).get(id);
			return exports ? { code: clientView(id, exports), moduleSideEffects: false } : null;
		},
	};
}
