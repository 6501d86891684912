import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: "domain",
					include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.mjs"],
					environment: "node",
				},
			},
			{
				test: {
					name: "server",
					include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
					environment: "node",
					// The server's modules load once per worker, not once per file: loading them (fonts,
					// the GeoIP table, every route's schemas) took longer than most files' tests. Each
					// file builds its own app on its own database, and no server test mocks a module.
					isolate: false,
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			"apps/admin/vitest.config.ts",
			"apps/admin/vitest.isolated.config.ts",
		],
	},
});
