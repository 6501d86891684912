import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { gettextCatalogues } from "./vite-plugins/gettext-catalogues.ts";

export default defineProject({
	plugins: [react(), gettextCatalogues()],
	test: {
		name: "admin",
		include: ["src/**/*.test.{ts,tsx}"],
		environment: "jsdom",
		setupFiles: ["src/test-setup.ts"],
		css: false,
	},
});
