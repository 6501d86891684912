import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** A 1×1 PNG: an evidence image small enough to write here. */
const PIXEL_PNG = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
	"base64",
);

const LIST = "/wp-admin/admin.php?page=wc-admin&path=/payments/disputes";
const SUBMIT_CONFIRMATION =
	"Are you sure you're ready to submit this evidence? Evidence submissions are final.";
const UNSAVED =
	"There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?";

/** The disputes table's rows that need a response and are not inquiries. */
function disputesNeedingResponse(page: Page): Locator {
	return page
		.getByRole("table", { name: "Disputes" })
		.locator("tbody tr")
		.filter({ has: page.getByText("Needs response", { exact: true }) });
}

/** Opens the challenge page of the first such dispute (other than `except`); answers its id. */
async function respondToFirst(page: Page, except?: string): Promise<string> {
	const rows = disputesNeedingResponse(page);
	await expect(rows.first()).toBeVisible();
	const count = await rows.count();
	for (let index = 0; index < count; index++) {
		const respond = rows.nth(index).getByRole("link", { name: "Respond", exact: true });
		const id = new URL((await respond.getAttribute("href")) ?? "", "http://x").searchParams.get("id") ?? "";
		if (id && id !== except) {
			await respond.click();
			await expect(page).toHaveURL(new RegExp(`path=/payments/disputes/challenge&id=${id}`));
			return id;
		}
	}
	throw new Error("No dispute needing a response was listed");
}

async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => `${violation.id}: ${violation.help}`);
}

test("a merchant challenges a dispute with evidence, and accepts another", async ({ page }) => {
	// The disputes needing a response, as the overview links to them.
	await page.goto(LIST);
	await expect(page.getByRole("table", { name: "Disputes" })).toBeVisible();
	// The summary: how many, and the currencies the store has disputes in.
	const summary = page.getByRole("list", { name: "Disputes summary" });
	await expect(summary).toContainText(/disputes?/);
	await expect(summary).toContainText("USD");
	await page.getByLabel("Show").selectOption("awaiting_response");
	await expect(page).toHaveURL(/filter=awaiting_response/);
	await expect(page.getByRole("table", { name: "Disputes" }).getByText("Won", { exact: true })).toHaveCount(
		0,
	);
	expect(await seriousViolations(page)).toEqual([]);

	const challenged = await respondToFirst(page);
	await expect(
		page.getByRole("navigation", { name: "Breadcrumbs" }).getByText("Challenge dispute"),
	).toBeVisible();

	// The product type decides the evidence asked for.
	await page.getByLabel("Product type").selectOption("physical_product");
	await expect(page.getByRole("heading", { name: "Shipping information" })).toBeVisible();
	await page.getByLabel("Customer's name").fill("Jane Evidence");
	await page.getByLabel("Product description").fill("One blue ceramic mug, shipped with tracking.");
	// Text past a field's 20,000 characters is refused whole, with the spec's notice: never cut.
	await page.getByLabel("Product description").fill("x".repeat(20_001));
	await expect(page.getByText("Reached maximum character count for evidence").first()).toBeVisible();
	await expect(page.getByLabel("Product description")).toHaveValue(
		"One blue ceramic mug, shipped with tracking.",
	);

	// A PDF upload, then a file too large for the dispute's 4,500,000 bytes.
	await page.getByLabel("Order receipt").setInputFiles({
		name: "receipt.pdf",
		mimeType: "application/pdf",
		buffer: Buffer.from("%PDF-1.4\n% a receipt\n%%EOF\n"),
	});
	const receipt = page.getByRole("link", { name: "receipt.pdf (opens in a new tab)" });
	await expect(receipt).toBeVisible();
	// Uploaded evidence is displayed from /file/{name} (spec 3 §7): the PDF opens in place.
	const shown = await page.request.get((await receipt.getAttribute("href")) ?? "");
	expect(shown.headers()["content-type"]).toBe("application/pdf");
	expect(shown.headers()["content-disposition"]).toMatch(/^inline;/);
	const [pdf] = await Promise.all([page.waitForEvent("popup"), receipt.click()]);
	await expect(pdf).toHaveURL(/\/wp-json\/wc\/v3\/payments\/file\/file_\w+/);
	await pdf.close();
	// An image too: it shows in the tab.
	await page
		.getByLabel("Proof of shipping")
		.setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: PIXEL_PNG });
	const [image] = await Promise.all([
		page.waitForEvent("popup"),
		page.getByRole("link", { name: "signature.png (opens in a new tab)" }).click(),
	]);
	await expect.poll(() => image.evaluate(() => document.querySelector("img")?.naturalWidth ?? 0)).toBe(1);
	await image.close();
	await page.getByLabel("Customer communication").setInputFiles({
		name: "scan.pdf",
		mimeType: "application/pdf",
		buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4_600_000, 0x20)]),
	});
	await expect(page.getByText(/exceed the 4.5 MB limit for a dispute's total size/).first()).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	// Leaving with unsaved changes asks first; staying keeps the page.
	page.once("dialog", async (dialog) => {
		expect(dialog.message()).toBe(UNSAVED);
		await dialog.dismiss();
	});
	await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Disputes" }).click();
	await expect(page).toHaveURL(/path=\/payments\/disputes\/challenge/);

	// Save for later, then come back to it.
	await page.getByRole("button", { name: "Save for later" }).click();
	await expect(page).toHaveURL(/path=\/payments\/disputes&filter=awaiting_response/);
	await expect(page.getByText("Evidence saved!").first()).toBeVisible();
	await page.getByRole("button", { name: "Return to evidence submission" }).click();
	await expect(page).toHaveURL(new RegExp(`challenge&id=${challenged}`));
	await expect(page.getByLabel("Customer's name")).toHaveValue("Jane Evidence");
	await expect(page.getByRole("link", { name: "receipt.pdf (opens in a new tab)" })).toBeVisible();

	// Submit, after the confirmation; then it is read-only.
	await page.getByRole("button", { name: "Submit" }).click();
	const confirmation = page.getByRole("dialog", { name: "Submit evidence" });
	await expect(confirmation).toContainText(SUBMIT_CONFIRMATION);
	await confirmation.getByRole("button", { name: "Submit" }).click();
	await expect(page).toHaveURL(/filter=awaiting_response/);
	await expect(page.getByText("Evidence submitted!").first()).toBeVisible();
	await page.getByRole("button", { name: "View submitted evidence" }).click();
	await expect(
		page.getByText("Evidence is already submitted. Details below are read-only.").first(),
	).toBeVisible();
	await expect(page.getByText("Under review", { exact: true })).toBeVisible();
	await expect(page.getByLabel("Customer's name")).toBeDisabled();
	await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);

	// Accept another dispute: it is lost, and no longer needs a response.
	await page.goto(`${LIST}&filter=awaiting_response`);
	const accepted = await respondToFirst(page, challenged);
	await page.getByRole("button", { name: "Accept dispute" }).click();
	const modal = page.getByRole("dialog", { name: "Accept the dispute?" });
	await expect(modal).toContainText("will not be returned to you");
	await modal.getByRole("button", { name: "Accept dispute" }).click();
	await expect(page.getByText(/You have accepted the dispute( for order #\d+)?\./).first()).toBeVisible();
	await expect(page.getByText("Lost", { exact: true })).toBeVisible();
	await expect(
		page.getByText(
			/You accepted this dispute on .+\. The disputed amount and the dispute fee were not returned\./,
		),
	).toBeVisible();

	await page.goto(`${LIST}&filter=awaiting_response`);
	await expect(disputesNeedingResponse(page).first()).toBeVisible();
	const table = page.getByRole("table", { name: "Disputes" });
	await expect(table.locator(`a[href*="id=${accepted}"]`)).toHaveCount(0);
	await expect(table.locator(`a[href*="id=${challenged}"]`)).toHaveCount(0);
});

test("the legacy dispute address forwards to the payment's details", async ({ page }) => {
	await page.goto(`${LIST}&filter=awaiting_response`);
	const details = page.getByRole("link", { name: "View dispute details" }).first();
	await details.click();
	await expect(page).toHaveURL(
		/path=\/payments\/transactions\/details&id=pi_\w+&transaction_id=txn_\w+&type=dispute/,
	);
});

test("an unknown dispute cannot be challenged", async ({ page }) => {
	await page.goto(`${LIST}/challenge&id=du_missing`);
	await expect(page.getByText("Dispute not loaded").first()).toBeVisible();
	await page.goto(`${LIST}/details&id=du_missing`);
	await expect(page.getByText("Error retrieving dispute").first()).toBeVisible();
	await expect(page.getByText("Please check your network and try again.").first()).toBeVisible();
});
