/**
 * The French journey: an administrator sets the site language to Français and the date
 * format to French's "j F Y"; the overview and the transactions list then read in French, dates
 * read like "23 novembre 2026" and amounts like "1 234,56 €" (spec 1 §1: a space groups
 * thousands in French, and French writes the currency after the number), and an export's file
 * has French headings (its e-mail: apps/server/test/payments/exports/exports-language.test.ts). The login page
 * follows the site language too. The journey changes the store's settings, so it runs on a store of its
 * own.
 */
import { readFile } from "node:fs/promises";
import { onE2eTime } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { parseCsv, seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-languages-password" };
const PORT = 8197;
const FRENCH_MONTHS = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre";
/** "23 novembre 2026" */
const FRENCH_DATE = new RegExp(`\\b\\d{1,2} (${FRENCH_MONTHS}) \\d{4}\\b`);
/** "1 234,56 €", "-12,00 $": grouped by spaces, a decimal comma, the symbol after. */
const FRENCH_AMOUNT = /^-?\d{1,3}( \d{3})*,\d{2} (€|\$|£)$/;

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("a store in French", () => {
	let store: OwnStore;

	test.beforeAll(async () => {
		store = await startOwnStore({
			port: PORT,
			name: "languages",
			seedArgs: ["--transactions", "400"],
			admin: ADMIN,
		});
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("the overview and the transactions read in French, with French dates and amounts", async ({
		page,
	}) => {
		await logInTo(page, store, ADMIN);
		await page.goto(`${store.url}/wp-admin/options-general.php`);
		await page.getByLabel("Site Language").selectOption({ label: "Français" });
		await page
			.getByRole("group", { name: "Date Format" })
			.getByRole("radio", { name: /Custom/ })
			.check();
		await page.getByLabel("Custom date format:", { exact: true }).fill("j F Y");
		await page.getByRole("button", { name: "Save Changes" }).click();
		await expect(page.locator(".paydesk-snackbar", { hasText: "Réglages enregistrés." })).toBeVisible();

		const menu = page.getByRole("navigation", { name: "Menu principal" });
		await menu.getByRole("link", { name: "Vue d’ensemble" }).click();
		await expect(page.locator("html")).toHaveAttribute("lang", /^fr/);
		await expect(page.locator(".paydesk-activity__range")).toHaveText(FRENCH_DATE);
		expect(await seriousViolations(page)).toEqual([]);

		await menu.getByRole("link", { name: "Transactions" }).click();
		const table = page.getByRole("table").first();
		await expect(table.getByRole("columnheader", { name: "Montant" })).toBeVisible();
		await expect(table.getByRole("cell").filter({ hasText: FRENCH_DATE }).first()).toBeVisible();
		const amounts = await table.locator("td.is-numeric").allInnerTexts();
		expect(amounts.length).toBeGreaterThan(0);
		for (const amount of amounts.filter((text) => text.trim() !== "" && text.trim() !== "–"))
			expect(amount.trim()).toMatch(FRENCH_AMOUNT);
		expect(amounts.some((amount) => / €$/.test(amount.trim()))).toBe(true);
		expect(await seriousViolations(page)).toEqual([]);

		// The export: the merchant is told in French, and the file's headings are French.
		page.once("dialog", (dialog) => void dialog.accept());
		const downloading = page.waitForEvent("download");
		await page.getByRole("button", { name: "Exporter" }).click();
		const download = await downloading;
		const [header] = parseCsv(await readFile(await download.path(), "utf8"));
		expect(header?.slice(0, 2)).toEqual(["ID de la transaction", "Date / heure"]);
	});

	test("the login page speaks the site's language", async ({ browser }) => {
		const context = await onE2eTime(await browser.newContext({ storageState: { cookies: [], origins: [] } }));
		const page = await context.newPage();
		await page.goto(`${store.url}/wp-login.php`);
		await expect(page.locator("html")).toHaveAttribute("lang", /^fr/);
		await expect(page.getByLabel("Mot de passe", { exact: true })).toBeVisible();
		await context.close();
	});
});
