import { defineConfig } from "@playwright/test";
// Sets the journeys' timeline (E2E_NOW) in the environment before the servers and workers start.
import "./clock.ts";

import { E2E_SERVERS } from "./servers.ts";

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
	// One worker per shared store (servers.ts): the journeys wait on the browser and the server more than they
	// compute, and a journey changes its store, so two never share one.
	workers: E2E_SERVERS.length,
	retries: process.env.CI ? 1 : 0,
	reporter: [["list"], ["json"]],
	outputDir: "../.tmp/e2e-results",
	globalSetup: "./global-setup.ts",
	use: {
		launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
		screenshot: "only-on-failure",
		trace: "off",
		viewport: { width: 1366, height: 900 },
	},
	webServer: E2E_SERVERS.map((server) => ({
		command: "node ../scripts/e2e-server.mjs",
		url: `${server.url}/wp-login.php`,
		env: { E2E_PORT: String(server.port) },
		reuseExistingServer: false,
		timeout: 240_000,
		stdout: "pipe" as const,
		stderr: "pipe" as const,
	})),
});
