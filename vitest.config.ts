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
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			"apps/admin/vitest.config.ts",
		],
	},
});
