/**
 * The payment areas, autoloaded: every folder of payments/ with a routes.ts is one area, whose
 * default export is a plain Fastify plugin. Each is registered in its own encapsulated context
 * (its hooks and plugins stay its own; the root's decorations, hooks and error handling reach
 * it), so a new area is served by adding its folder, without editing app.ts.
 *
 * Run from the sources (tsx: development and tests), the folders are listed on disk next to this
 * module. The production bundle (scripts/build-server.mjs) has no source tree at run time: the
 * build lists the same folders into PAYDESK_PAYMENT_AREAS, and esbuild bundles every module the
 * import pattern below can name.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/** The areas' folder names as a JSON array, defined by the production build only. */
declare const PAYDESK_PAYMENT_AREAS: string | undefined;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The folder names of the payment areas, in name order. */
export function paymentAreas(): string[] {
	const names =
		typeof PAYDESK_PAYMENT_AREAS !== "undefined"
			? (JSON.parse(PAYDESK_PAYMENT_AREAS) as string[])
			: readdirSync(here, { withFileTypes: true })
					.filter((entry) => entry.isDirectory() && existsSync(path.join(here, entry.name, "routes.ts")))
					.map((entry) => entry.name);
	// In name order, not the file system's: the route table, and the order the areas load and
	// close in, are the same on every machine.
	return names.sort();
}

export async function registerPaymentAreas(app: FastifyInstance): Promise<void> {
	for (const name of paymentAreas()) {
		// A template literal: esbuild bundles it as a glob import of every routes.ts below this folder.
		const area: { default: FastifyPluginAsync } = await import(`./${name}/routes.ts`);
		await app.register(area.default);
	}
}
