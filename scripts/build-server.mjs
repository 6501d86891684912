// The production server: apps/server/src/main.ts compiled ahead of time into one JavaScript file,
// apps/server/dist/main.js, which plain `node` runs (tsx is for development and tests).
//
// The workspace packages (@paydesk/contract, @paydesk/domain, whose exports are .ts sources) and
// the server's own code are bundled; npm packages stay imports, resolved from node_modules at run
// time (better-sqlite3 is a native addon, geoip-country reads its data files). The bundle sits
// at the same depth as src/ (apps/server/<folder>/main.js), so the paths the server finds from
// its own location (static files, assets, the admin app's dist) hold in both.
//
//   node scripts/build-server.mjs [--outfile apps/server/dist/main.js]
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = path.join(root, "apps/server/src/main.ts");
export const SERVER_OUTFILE = path.join(root, "apps/server/dist/main.js");
/** What the bundle is made of: a change under one of these makes it stale. */
export const SERVER_SOURCES = ["apps/server/src", "packages/contract/src", "packages/domain/src"].map((dir) =>
	path.join(root, dir),
);

/**
 * The payment areas, as apps/server/src/payments/plugins.ts finds them from the sources: the
 * folders with a routes.ts. The bundle has no source tree to list, so the build writes the list
 * into it (PAYDESK_PAYMENT_AREAS); esbuild bundles the areas' modules from plugins.ts's import
 * pattern.
 */
function paymentAreas() {
	const payments = path.join(root, "apps/server/src/payments");
	return readdirSync(payments, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && existsSync(path.join(payments, entry.name, "routes.ts")))
		.map((entry) => entry.name)
		.sort();
}

/** Every bare import is an npm package left for Node to load, except the workspace's own. */
const externalPackages = {
	name: "external-packages",
	setup(builder) {
		builder.onResolve({ filter: /^[^./]/ }, (args) =>
			args.path.startsWith("@paydesk/") ? undefined : { path: args.path, external: true },
		);
	},
};

export async function buildServer(outfile = SERVER_OUTFILE) {
	// Loaded here, so that starting an already built server does not need esbuild.
	const { build } = await import("esbuild");
	const result = await build({
		entryPoints: [SERVER_ENTRY],
		outfile,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20.19",
		plugins: [externalPackages],
		// JSON text, a string: an array or object define would be injected into every module.
		define: { PAYDESK_PAYMENT_AREAS: JSON.stringify(JSON.stringify(paymentAreas())) },
		legalComments: "none",
		logLevel: "warning",
		metafile: true,
	});
	const external = Object.values(result.metafile.outputs)
		.flatMap((output) => output.imports)
		.filter((entry) => entry.external && /\.[cm]?tsx?$/.test(entry.path));
	if (external.length)
		throw new Error(
			`The bundle would load TypeScript at run time: ${external.map((e) => e.path).join(", ")}`,
		);
	return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const at = process.argv.indexOf("--outfile");
	const outfile = at === -1 ? SERVER_OUTFILE : path.resolve(process.argv[at + 1] ?? "");
	const started = performance.now();
	await buildServer(outfile);
	console.log(
		`Server built: ${path.relative(root, outfile)} (${Math.round(performance.now() - started)} ms)`,
	);
}
