/**
 * The store settings journey: an administrator opens WooCommerce › Settings from the
 * menu, finds the demo store's address, changes the address and the currency position, saves,
 * reads "Your settings have been saved.", and after a reload the page still shows them; a shop
 * manager, who may not open WordPress's General Settings, may change the store's settings here.
 * The journey changes the store's settings, so it runs on a store of its own.
 */
import type { Browser, Page } from "@playwright/test";
import { onE2eTime } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-store-settings-password" };
const MANAGER = {
	login: "morgan",
	password: "e2e-store-manager-password",
	email: "morgan@example.com",
	role: "shop_manager",
} as const;
const PORT = 8199;

async function signedIn(browser: Browser, store: OwnStore, user: { login: string; password: string }) {
	const context = await onE2eTime(await browser.newContext({ storageState: { cookies: [], origins: [] } }));
	const page = await context.newPage();
	await logInTo(page, store, user);
	return page;
}

async function openStoreSettings(page: Page) {
	const menu = page.getByRole("navigation", { name: "Main menu" });
	await menu.locator(".menu-top", { hasText: "WooCommerce" }).getByRole("link", { name: "Settings" }).click();
	await expect(page).toHaveURL(/\/wp-admin\/admin\.php\?page=wc-settings&tab=general$/);
	await expect(page.getByLabel("Address line 1")).toBeVisible();
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("the store's settings", () => {
	let store: OwnStore;

	test.beforeAll(async () => {
		store = await startOwnStore({
			port: PORT,
			name: "store-settings",
			seedArgs: ["--transactions", "40"],
			admin: ADMIN,
			users: [MANAGER],
		});
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("an administrator changes the store's address and currency position, and they are kept", async ({
		browser,
	}) => {
		const page = await signedIn(browser, store, ADMIN);
		await openStoreSettings(page);
		await expect(page.getByRole("heading", { name: "Store Address" })).toBeVisible();
		await expect(page.getByLabel("Address line 1")).toHaveValue("60 29th Street #343");
		await expect(page.getByLabel("Country / State")).toHaveValue("US:CA");
		expect(await seriousViolations(page)).toEqual([]);

		await page.getByLabel("Address line 1").fill("1 Rue de Rivoli");
		await page.getByLabel("City").fill("Paris");
		await page.getByLabel("Postcode / ZIP").fill("75001");
		await page.getByLabel("Country / State").selectOption({ label: "France" });
		await page.getByLabel("Currency position").selectOption({ label: "Right with space" });
		await page.getByRole("button", { name: "Save changes" }).click();

		await expect(
			page.locator(".paydesk-snackbar", { hasText: "Your settings have been saved." }),
		).toBeVisible();
		await expect(page).toHaveURL(/page=wc-settings&tab=general$/);
		await page.reload();
		await expect(page.getByLabel("Address line 1")).toHaveValue("1 Rue de Rivoli");
		await expect(page.getByLabel("City")).toHaveValue("Paris");
		await expect(page.getByLabel("Country / State")).toHaveValue("FR");
		await expect(page.getByLabel("Currency position")).toHaveValue("right_space");
		await page.context().close();
	});

	test("a shop manager may change the store's settings, though not WordPress's General Settings", async ({
		browser,
	}) => {
		const page = await signedIn(browser, store, MANAGER);
		const menu = page.getByRole("navigation", { name: "Main menu" });
		await expect(menu.getByRole("link", { name: "General" })).toHaveCount(0);
		await openStoreSettings(page);
		await expect(page.getByLabel("Address line 1")).toHaveValue("1 Rue de Rivoli");

		await page.getByLabel("Selling location(s)").selectOption({ label: "Sell to specific countries" });
		const countries = page.getByLabel("Sell to specific countries");
		await countries.fill("Franc");
		await page.getByRole("listbox").getByRole("option", { name: "France" }).click();
		await page.getByRole("button", { name: "Save changes" }).click();
		await expect(
			page.locator(".paydesk-snackbar", { hasText: "Your settings have been saved." }),
		).toBeVisible();
		await expect(page.getByLabel("Selling location(s)")).toHaveValue("specific");
		await expect(page.locator(".components-form-token-field__token", { hasText: "France" })).toBeVisible();
		expect(await seriousViolations(page)).toEqual([]);
		await page.context().close();
	});
});
