/**
 * The languages' catalogues (languages/paydesk-<locale>.po) as modules of the admin: importing a
 * .po file gives its translations as @wordpress/i18n's locale data (`setLocaleData`'s shape),
 * made when the app is built, so the browser neither parses gettext nor fetches strings that are
 * not translated. Each catalogue is imported lazily (src/app/translations.ts), so it is a chunk
 * of its own that only its language's users fetch. Used by the build, development and tests.
 */
import { readFile } from "node:fs/promises";
import { po } from "gettext-parser";
import type { Plugin } from "vite";
// By path: Vite loads its configuration's packages with Node, which cannot read a package's .ts.
import { type Catalogue, localeDataOf } from "../../../packages/domain/src/locale-data.ts";

export const TEXT_DOMAIN = "paydesk";

/** The JavaScript module of a catalogue: its locale data, as JSON that the browser parses fast. */
export function catalogueModule(source: string | Buffer): string {
	const data = localeDataOf(po.parse(source) as Catalogue, TEXT_DOMAIN);
	return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
}

export function gettextCatalogues(): Plugin {
	return {
		name: "paydesk-gettext-catalogues",
		enforce: "pre",
		async load(id) {
			if (!id.endsWith(".po")) return null;
			this.addWatchFile(id);
			return { code: catalogueModule(await readFile(id)), moduleType: "js" };
		},
	};
}
