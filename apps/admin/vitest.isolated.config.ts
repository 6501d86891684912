import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { gettextCatalogues } from "./vite-plugins/gettext-catalogues.ts";

/**
 * The admin's test files that need a module graph of their own (vitest.config.ts shares one per
 * worker): those that replace a module with vi.mock, since a mock needs the module loaded afresh
 * (a test, scripts/admin-test-projects.test.mjs, holds every such file to this list), and those
 * that read a module's own state (the usage events' batch, the notices and their query errors, the
 * network double's record), which another file's leftovers would change.
 */
export const ADMIN_ISOLATED_TESTS = [
	"src/features/connect/connect-screen.test.tsx",
	"src/features/connect/sandbox-setup.test.tsx",
	"src/features/general-settings/general-settings-screen.test.tsx",
	"src/features/onboarding/onboarding-wizard.test.tsx",
	"src/features/profile/profile-screen.test.tsx",
	"src/features/profile/profile-security.test.tsx",
	"src/features/store-settings/store-settings-screen.test.tsx",
	"src/app/tracks.test.tsx",
	"src/app/query-client.test.tsx",
	"src/components/feedback-prompt/feedback-prompt.test.tsx",
	"src/features/overview/overview-banners.test.tsx",
	"src/testing/network.test.ts",
] as const;

export default defineProject({
	plugins: [react(), gettextCatalogues()],
	test: {
		name: "admin-isolated",
		include: [...ADMIN_ISOLATED_TESTS],
		environment: "jsdom",
		// A file of user-event journeys takes seconds on a busy 2-core machine (the CI runs the suites side by side).
		testTimeout: 15_000,
		setupFiles: ["src/test-setup.ts"],
		css: false,
	},
});
