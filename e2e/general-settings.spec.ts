/**
 * The general settings journey: an administrator opens Settings › General, sets the date format to
 * "Y-m-d" and the store's language to Français, saves, reads "Réglages enregistrés.", and the
 * admin follows — the page settings carry the new format and language, and the overview's dates read
 * 2026-…; a shop manager sees Profile but no General Settings in the menu, is refused the page
 * with WordPress's message, and sets their own language on their profile. The journey changes
 * the store's settings, so it runs on a store of its own rather than the shared e2e server's.
 */
import type { Browser, Page } from "@playwright/test";
import { onE2eTime } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-general-settings-password" };
const MANAGER = {
	login: "sam",
	password: "e2e-shop-manager-password",
	email: "sam@example.com",
	role: "shop_manager",
} as const;
const PORT = 8196;

interface InlinedSettings {
	dateFormat: string;
	locale: { code: string };
}

const pageSettings = (page: Page) =>
	page.evaluate(
		() =>
			JSON.parse(document.getElementById("paydesk-page-settings")?.textContent ?? "{}") as InlinedSettings,
	);

async function signedIn(browser: Browser, store: OwnStore, user: { login: string; password: string }) {
	const context = await onE2eTime(await browser.newContext({ storageState: { cookies: [], origins: [] } }));
	const page = await context.newPage();
	await logInTo(page, store, user);
	return page;
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("the store's general settings", () => {
	let store: OwnStore;

	test.beforeAll(async () => {
		store = await startOwnStore({
			port: PORT,
			name: "general-settings",
			seedArgs: ["--transactions", "40"],
			admin: ADMIN,
			users: [MANAGER],
		});
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("an administrator sets the date format and the language, and the admin follows", async ({
		browser,
	}) => {
		const page = await signedIn(browser, store, ADMIN);
		const range = page.locator(".paydesk-activity__range");
		await expect(range).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}/);

		await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "General" }).click();
		await expect(page).toHaveURL(/\/wp-admin\/options-general\.php$/);
		await expect(page.getByLabel("Site Title")).toBeVisible();
		expect(await seriousViolations(page)).toEqual([]);

		await page.getByRole("group", { name: "Date Format" }).getByRole("radio", { name: /Y-m-d/ }).check();
		await page.getByLabel("Site Language").selectOption({ label: "Français" });
		await page.getByRole("button", { name: "Save Changes" }).click();

		// The page reloads in the language just chosen.
		await expect(page.locator(".paydesk-snackbar", { hasText: "Réglages enregistrés." })).toBeVisible();
		await expect(page).toHaveURL(/\/wp-admin\/options-general\.php$/);
		expect(await pageSettings(page)).toMatchObject({ dateFormat: "Y-m-d", locale: { code: "fr_FR" } });
		await expect(
			page.getByRole("group", { name: "Format de date" }).getByRole("radio", { name: /Y-m-d/ }),
		).toBeChecked();
		await expect(page.getByLabel("Langue du site")).toHaveValue("fr_FR");

		await page
			.getByRole("navigation", { name: "Menu principal" })
			.getByRole("link", { name: "Vue d’ensemble" })
			.click();
		await expect(range).toHaveText(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
		await page.context().close();
	});

	test("a shop manager is refused General Settings and keeps a profile of their own", async ({ browser }) => {
		const page = await signedIn(browser, store, MANAGER);
		// The store speaks French since the test above.
		const menu = page.getByRole("navigation", { name: "Menu principal" });
		await expect(menu.getByRole("link", { name: "Vue d’ensemble" })).toBeVisible();
		await expect(menu.getByRole("link", { name: "Général" })).toHaveCount(0);

		const refused = await page.goto(`${store.url}/wp-admin/options-general.php`);
		expect(refused?.status()).toBe(403);
		await expect(page.getByText("Sorry, you are not allowed to access this page.")).toBeVisible();

		await page.goto(`${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/overview`);
		await menu.getByRole("link", { name: "Profil" }).click();
		await expect(page).toHaveURL(/\/wp-admin\/profile\.php$/);
		await expect(page.getByLabel("Langue", { exact: true })).toHaveValue("");
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByLabel("Langue", { exact: true }).selectOption({ label: "Deutsch" });
		await page.getByRole("button", { name: "Mettre à jour le profil" }).click();
		await expect(page.locator(".paydesk-snackbar", { hasText: "Profil aktualisiert." })).toBeVisible();
		expect((await pageSettings(page)).locale.code).toBe("de_DE");
		await page.context().close();
	});
});
