import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const admin = (path: string) => `/wp-admin/admin.php?page=wc-admin&path=${path}`;
const SETTINGS = "/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments";
const MULTI_CURRENCY = "/wp-admin/admin.php?page=wc-settings&tab=wcpay_multi_currency";

const card = (page: Page, title: string) =>
	page
		.locator(".paydesk-fraud-card")
		.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const snackbar = (page: Page) => page.locator(".paydesk-snackbars");

test("a merchant sets a purchase price range on the fraud protection page and finds it saved", async ({
	page,
}) => {
	await page.goto(admin("/payments/fraud-protection"));
	await expect(
		page
			.locator(".components-notice__content")
			.getByText("At least one risk filter needs to be enabled for advanced protection."),
	).toBeVisible();
	const price = card(page, "Purchase Price Threshold");
	await price.getByRole("checkbox", { name: "Enable filtering" }).check();
	await expect(price.getByText("A price range must be set for this filter to take effect.")).toBeVisible();
	await page.getByLabel("Minimum purchase price").fill("100");
	await page.getByLabel("Maximum purchase price").fill("50");
	await expect(price.getByRole("alert")).toHaveText(
		"Maximum purchase price must be greater than the minimum purchase price.",
	);

	await page.getByRole("button", { name: "Save Changes" }).first().click();
	await expect(
		page
			.locator(".components-notice__content")
			.getByText(
				"Settings were not saved. Maximum purchase price must be greater than the minimum purchase price.",
			),
	).toBeVisible();

	await page.getByLabel("Maximum purchase price").fill("500");
	await price.getByRole("radio", { name: "Authorize and hold for review" }).check();
	await page.getByRole("button", { name: "Save Changes" }).last().click();
	await expect(snackbar(page)).toContainText('Current protection level is set to "advanced".');

	await page.reload();
	const saved = card(page, "Purchase Price Threshold");
	await expect(saved.getByRole("checkbox", { name: "Enable filtering" })).toBeChecked();
	await expect(page.getByLabel("Minimum purchase price")).toHaveValue("100");
	await expect(page.getByLabel("Maximum purchase price")).toHaveValue("500");
	await expect(saved.getByRole("radio", { name: "Authorize and hold for review" })).toBeChecked();
	// Nothing changed since the reload: no save to make, no prompt on leaving.
	await expect(page.getByRole("button", { name: "Save Changes" }).first()).toHaveAttribute(
		"aria-disabled",
		"true",
	);
});

test("a merchant enables two payment methods through the wizard", async ({ page }) => {
	await page.goto(admin("/payments/additional-payment-methods"));
	await expect(page.getByRole("heading", { name: "Add payment methods" })).toBeVisible();
	const continueButton = page.getByRole("button", { name: "Continue" });
	await expect(continueButton).toHaveAttribute("aria-disabled", "true");
	await expect(page.getByRole("checkbox", { name: "Card" })).toBeDisabled();
	await expect(page.getByRole("checkbox", { name: "giropay" })).toBeDisabled();
	await expect(page.getByText("More information needed")).toBeVisible();

	await page.getByRole("checkbox", { name: "Alipay" }).check();
	await expect(page.getByRole("checkbox", { name: "Alipay" })).toBeChecked({ timeout: 5_000 });
	await page.getByRole("checkbox", { name: "GrabPay" }).check();
	await expect(page.getByRole("checkbox", { name: "GrabPay" })).toBeChecked({ timeout: 5_000 });
	await continueButton.click();

	await expect(page.getByRole("heading", { name: "Enablement complete" })).toBeVisible();
	await page.getByRole("link", { name: "Go to payments settings" }).click();
	await expect(page.getByRole("checkbox", { name: "Alipay" })).toBeChecked();
	await expect(page.getByRole("checkbox", { name: "GrabPay" })).toBeChecked();
});

test("a merchant adds two currencies through the multi-currency wizard", async ({ page }) => {
	await page.goto(admin("/payments/multi-currency-setup"));
	await expect(page.getByRole("heading", { name: "Add currencies" })).toBeVisible();
	await expect(page.getByRole("button", { name: "Add currencies" })).toHaveAttribute("aria-disabled", "true");
	await page.getByRole("checkbox", { name: /Euro \(€ EUR\)/ }).check();
	await page.getByRole("searchbox", { name: "Search currencies" }).fill("yen");
	await page.getByRole("checkbox", { name: /Japanese yen/ }).check();
	await page.getByRole("button", { name: "Add two currencies" }).click();

	await expect(page.getByRole("heading", { name: "Review store settings" })).toBeVisible();
	await page.getByRole("button", { name: "Update and complete" }).click();
	await expect(page.getByRole("heading", { name: "Setup complete" })).toBeVisible();

	await page.getByRole("link", { name: "Multi-currency settings" }).click();
	await expect(page.locator('tr[data-currency="EUR"]')).toContainText("1 USD = 0.92 EUR");
	await expect(page.locator('tr[data-currency="JPY"]')).toContainText("1 USD = 151.2 JPY");

	// Setup is done: the wizard now sends the merchant to the multi-currency settings.
	await page.goto(admin("/payments/multi-currency-setup"));
	await expect(page).toHaveURL(/tab=wcpay_multi_currency/);
});

test("a merchant changes the payout schedule to weekly on Friday and finds it saved", async ({ page }) => {
	await page.goto(`${SETTINGS}#payout-schedule`);
	const payouts = page.locator("#payout-schedule");
	await payouts.getByLabel("Payout frequency").selectOption("weekly");
	await payouts.getByLabel("Payout day").selectOption("friday");
	await page.getByRole("button", { name: "Save Changes" }).click();
	await expect(snackbar(page)).toContainText("Settings saved.");

	await page.reload();
	await expect(payouts.getByLabel("Payout frequency")).toHaveValue("weekly");
	await expect(payouts.getByLabel("Payout day")).toHaveValue("friday");
	await expect(page.getByRole("button", { name: "Save Changes" })).toHaveAttribute("aria-disabled", "true");
});

test("the settings screens have no serious accessibility violations", async ({ page }) => {
	for (const url of [
		SETTINGS,
		MULTI_CURRENCY,
		admin("/payments/fraud-protection"),
		admin("/payments/additional-payment-methods"),
	]) {
		await page.goto(url);
		await expect(page.locator("#wpbody-content h2").first()).toBeVisible();
		const results = await new AxeBuilder({ page }).analyze();
		const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
		expect(serious.map((v) => `${url} ${v.id}: ${v.help}`)).toEqual([]);
	}
});
