/**
 * In the admin's build, @wordpress/components' own components (Button first, which every Notice,
 * Snackbar and menu toggle draws) import their Tooltip from src/app/deferred-tooltip.tsx, so the
 * tooltip's code (Ariakit's hovercard, floating-ui) loads when the merchant first reaches for an
 * anchor instead of with the first screen. The package's index keeps exporting WordPress's own
 * Tooltip, which is what the deferred one loads. Development and tests use the package as it is.
 */
import path from "node:path";
import type { Plugin } from "vite";

const DEFERRED_TOOLTIP = path.resolve(import.meta.dirname, "../src/app/deferred-tooltip.tsx");
const WORDPRESS_COMPONENTS = /[\\/]node_modules[\\/]@wordpress[\\/]components[\\/]build-module[\\/]/;
const WORDPRESS_INDEX = /[\\/]build-module[\\/]index\.mjs$/;
const WORDPRESS_TOOLTIP = /[\\/]build-module[\\/]tooltip[\\/]index\.mjs$/;

export function wordpressTooltip(): Plugin {
	let swapped = 0;
	return {
		name: "paydesk-wordpress-tooltip",
		apply: "build",
		enforce: "pre",
		async resolveId(source, importer, options) {
			if (!importer || !source.endsWith("tooltip/index.mjs")) return null;
			if (!WORDPRESS_COMPONENTS.test(importer) || WORDPRESS_INDEX.test(importer)) return null;
			const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
			if (!resolved || !WORDPRESS_TOOLTIP.test(resolved.id)) return null;
			swapped++;
			return DEFERRED_TOOLTIP;
		},
		buildEnd(error) {
			if (!error && swapped === 0)
				this.error("No @wordpress/components module imports tooltip/index.mjs any more: update this plugin.");
		},
	};
}
