import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { gettextCatalogues } from "./vite-plugins/gettext-catalogues.ts";
import { ADMIN_ISOLATED_TESTS } from "./vitest.isolated.config.ts";

/**
 * The admin's component tests share their worker's loaded modules (React, WordPress's components
 * and the admin's own load once per worker, not once per file: loading them took three quarters
 * of the tests' time). Each test's DOM and query client are its own (src/test-setup.ts). The few
 * files that mock a module or read a module's own state run apart, in vitest.isolated.config.ts.
 */
export default defineProject({
	plugins: [react(), gettextCatalogues()],
	test: {
		name: "admin",
		include: ["src/**/*.test.{ts,tsx}"],
		exclude: [...ADMIN_ISOLATED_TESTS],
		isolate: false,
		environment: "jsdom",
		// A file of user-event journeys takes seconds on a busy 2-core machine (the CI runs the suites side by side).
		testTimeout: 15_000,
		setupFiles: ["src/test-setup.ts"],
		css: false,
	},
});
