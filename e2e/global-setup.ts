import { chromium, type FullConfig } from "@playwright/test";
import { ADMIN } from "./credentials.ts";
import { E2E_SERVERS } from "./servers.ts";

/** Logs in once through each shared store's login page and keeps the session for its worker's journeys. */
export default async function globalSetup(config: FullConfig): Promise<void> {
	const use = config.projects[0]?.use ?? {};
	const browser = await chromium.launch(use.launchOptions);
	try {
		for (const server of E2E_SERVERS) {
			const page = await browser.newPage({ baseURL: server.url });
			await page.goto("/wp-login.php");
			await page.getByLabel("Username or Email Address").fill(ADMIN.login);
			await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
			await page.getByRole("button", { name: "Log In" }).click();
			await page.waitForURL(/page=wc-admin/);
			await page.context().storageState({ path: server.storageState });
			await page.close();
		}
	} finally {
		await browser.close();
	}
}
