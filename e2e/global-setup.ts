import { chromium, type FullConfig } from "@playwright/test";
import { ADMIN } from "./credentials.ts";

/** Logs in once through the login page and keeps the session for every journey. */
export default async function globalSetup(config: FullConfig): Promise<void> {
	const project = config.projects[0];
	const use = project?.use ?? {};
	const browser = await chromium.launch(use.launchOptions);
	const page = await browser.newPage({ baseURL: use.baseURL });
	await page.goto("/wp-login.php");
	await page.getByLabel("Username or Email Address").fill(ADMIN.login);
	await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
	await page.getByRole("button", { name: "Log In" }).click();
	await page.waitForURL(/page=wc-admin/);
	await page.context().storageState({ path: String(use.storageState) });
	await browser.close();
}
