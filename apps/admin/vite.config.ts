import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { contractClient } from "./vite-plugins/contract-client.ts";
import { gettextCatalogues } from "./vite-plugins/gettext-catalogues.ts";
import { wordpressTooltip } from "./vite-plugins/wordpress-tooltip.ts";

export default defineConfig({
	base: "/wp-content/plugins/paydesk/dist/",
	plugins: [react(), contractClient(), wordpressTooltip(), gettextCatalogues()],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		sourcemap: false,
		// dist/.vite/manifest.json: which chunks each screen loads (bench/src/first-screen.ts reads it).
		manifest: true,
		chunkSizeWarningLimit: 700,
		rolldownOptions: {
			output: {
				codeSplitting: {
					groups: [
						// React's runtime, which every screen needs and only a React upgrade changes: a chunk of
						// its own, kept out of the entry chunk and cached across releases of the app. Most of it
						// is react-dom's client build, one module of some 64 kB gzip that cannot be split.
						{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
					],
				},
			},
		},
	},
	server: {
		proxy: {
			"/wp-json": "http://localhost:8080",
			"/wp-login.php": "http://localhost:8080",
		},
	},
});
