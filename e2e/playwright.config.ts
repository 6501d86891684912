import { defineConfig } from "@playwright/test";
// Sets the journeys' timeline (E2E_NOW) in the environment before the servers and workers start.
import "./clock.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Debian's Chromium, headless, with the machine's closed network in mind. */
const CHROMIUM_ARGS = [
	"--no-sandbox",
	"--headless",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
	"--disable-dev-shm-usage",
	"--disable-quic",
];

export default defineConfig({
	testDir: ".",
	testMatch: "**/*.spec.ts",
	timeout: 60_000,
	expect: { timeout: 10_000 },
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	reporter: [["list"], ["json"]],
	outputDir: "../.tmp/e2e-results",
	globalSetup: "./global-setup.ts",
	use: {
		baseURL: BASE_URL,
		storageState: "../.tmp/e2e-admin.json",
		launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
		screenshot: "only-on-failure",
		trace: "off",
		viewport: { width: 1366, height: 900 },
	},
	webServer: {
		command: "node ../scripts/e2e-server.mjs",
		url: `${BASE_URL}/wp-login.php`,
		reuseExistingServer: false,
		timeout: 240_000,
		stdout: "pipe",
		stderr: "pipe",
	},
});
