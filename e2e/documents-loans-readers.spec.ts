/**
 * The documents, loans and card readers journey: a merchant downloads a tax invoice (giving tax details first), follows a
 * capital loan to its transactions, and looks at the connected card readers.
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const screen = (path: string, query = "") => `/wp-admin/admin.php?page=wc-admin&path=${path}${query}`;

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
	const builder = new AxeBuilder({ page });
	if (include) builder.include(include);
	const results = await builder.analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => `${violation.id}: ${violation.help}`);
}

// The steps share one store: tax details entered first make later downloads direct.
test.describe.configure({ mode: "serial" });

test("a merchant is asked for tax details, enters a German VAT number and receives the tax invoice PDF", async ({
	page,
}) => {
	await page.goto(screen("/payments/documents"));
	const table = page.getByRole("table", { name: "Documents" });
	await expect(table.getByText("Tax invoice without proper period dates")).toBeVisible();
	await expect(page.locator(".paydesk-table__summary-value")).toHaveText(/^\d+$/);
	await expect(page.locator(".paydesk-table__summary-label")).toHaveText("documents");

	await table
		.getByRole("button", { name: /^Download Tax Invoice of / })
		.first()
		.click();
	const dialog = page.getByRole("dialog", { name: "Set your tax details" });
	await expect(dialog).toBeVisible();
	await dialog.getByRole("checkbox", { name: "I’m registered for a VAT number" }).check();
	const number = dialog.getByRole("textbox", { name: "VAT Number" });
	// The demo store is in the US: the field starts with its prefix, and Continue waits for more.
	await expect(number).toHaveValue("US ");
	await expect(dialog.getByRole("button", { name: "Continue" })).toBeDisabled();
	await expect(
		dialog.getByText("8 to 12 digits with your country code prefix, for example DE 123456789."),
	).toBeVisible();
	expect(await seriousViolations(page, ".paydesk-tax-details")).toEqual([]);

	await number.fill("DE 123456789");
	await dialog.getByRole("button", { name: "Continue" }).click();
	await expect(dialog.getByRole("heading", { name: "Confirm your business details" })).toBeVisible();
	await expect(dialog.getByText("VAT Number: DE123456789")).toBeVisible();
	await expect(dialog.getByRole("textbox", { name: "Business name" })).toHaveValue("Paydesk Demo Store GmbH");
	await expect(dialog.getByRole("textbox", { name: "Address" })).toHaveValue(/Berlin/);

	const downloading = page.waitForEvent("download");
	await dialog.getByRole("button", { name: "Confirm" }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^tax-invoice-doc_\w+\.pdf$/);
	const pdf = await readFile(await download.path());
	expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
	// The invoice's text, as a reader extracts it (its fonts are embedded subsets, so the file's
	// own bytes do not spell it): Poppler's pdftotext, which npm test installs when missing.
	const text = spawnSync("pdftotext", ["-enc", "UTF-8", await download.path(), "-"], { encoding: "utf8" });
	expect(text.error).toBeUndefined();
	expect(text.stdout).toContain("Paydesk Demo Store GmbH");
	await expect(dialog).toBeHidden();

	// With tax details saved, a link naming the document downloads it at once.
	const id = download.suggestedFilename().replace(/^tax-invoice-|\.pdf$/g, "");
	const again = page.waitForEvent("download");
	await page.goto(screen("/payments/documents", `&document_id=${id}&document_type=vat_invoice`));
	expect((await again).suggestedFilename()).toBe(download.suggestedFilename());
	await expect(page.getByRole("dialog")).toHaveCount(0);
	await expect(page).not.toHaveURL(/document_id=/);
});

test("the documents page filters by type and keeps its sort in the URL", async ({ page }) => {
	await page.goto(screen("/payments/documents", "&filter=advanced&type_is_not=vat_invoice"));
	await expect(page.getByText("No documents match these filters.")).toBeVisible();
	await page.goto(screen("/payments/documents", "&filter=advanced&type_is=vat_invoice&paged=x&per_page=y"));
	await expect(page.getByRole("table", { name: "Documents" }).getByRole("row").nth(1)).toContainText(
		"Tax Invoice",
	);
	expect(await seriousViolations(page)).toEqual([]);
});

test("a merchant opens Capital Loans and follows a loan to its filtered transactions", async ({ page }) => {
	await page.goto(screen("/payments/loans"));
	await expect(page.getByRole("heading", { name: "Active loan overview" })).toBeVisible();
	await expect(page.getByText("Withhold rate").first()).toBeVisible();
	await expect(page.getByText(/^Minimum due by /)).toBeVisible();
	const loans = page.getByRole("table", { name: "All loans" });
	await expect(loans.getByText("Active", { exact: true })).toBeVisible();
	await expect(loans.getByText(/^Paid off: /)).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	await loans.getByRole("link", { name: "View transactions" }).first().click();
	await expect(page).toHaveURL(/path=\/payments\/transactions/);
	const url = new URL(page.url());
	expect(url.searchParams.get("type_is")).toBe("charge");
	expect(url.searchParams.get("filter")).toBe("advanced");
	expect(url.searchParams.get("loan_id_is")).toMatch(/^flxln_/);
	await expect(page.locator("#wpbody-content")).not.toBeEmpty();
});

test("a merchant opens Card readers and sees the connected readers", async ({ page }) => {
	await page.goto(screen("/payments/card-readers"));
	await expect(page.getByRole("tab", { name: "Connected readers" })).toBeVisible();
	const readers = page.getByRole("table", { name: "Card readers" });
	await expect(readers.getByRole("columnheader")).toHaveText(["Reader ID", "Model", "Status"]);
	await expect(readers.getByRole("row")).toHaveCount(5);
	await expect(readers.getByText("BBPOS WisePOS E")).toBeVisible();
	await expect(readers.getByText("Inactive")).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
});

test("the admin footer asks whether the merchant is satisfied, on a page that shows no other notice", async ({
	page,
}) => {
	await page.goto(screen("/payments/card-readers"));
	const prompt = page.locator("#wpfooter").getByRole("region", { name: "Feedback" });
	await expect(prompt.getByText("Are you satisfied with the product?")).toBeVisible();
	expect(await seriousViolations(page, ".paydesk-feedback-prompt")).toEqual([]);
});
