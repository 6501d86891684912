import AxeBuilder from "@axe-core/playwright";
import { CUSTOMER } from "./credentials.ts";
import { expect, test } from "./fixtures.ts";

const MENU = [
	"Overview",
	"Payouts",
	"Transactions",
	"Disputes",
	"Documents",
	"Card readers",
	"Capital Loans",
	"Developers",
];

/** Every registered route of spec 3 §2.1 and the store pages Paydesk stands in for. */
const ROUTES = [
	"/payments/overview",
	"/payments/payouts",
	"/payments/payouts/details",
	"/payments/transactions",
	"/payments/transactions/details",
	"/payments/disputes",
	"/payments/disputes/details",
	"/payments/disputes/challenge",
	"/payments/additional-payment-methods",
	"/payments/multi-currency-setup",
	"/payments/card-readers",
	"/payments/loans",
	"/payments/documents",
	"/payments/fraud-protection",
	"/payments/onboarding",
	"/payments/onboarding/kyc",
	"/payments/developers",
	"/payments/developers/logs",
	"/payments/developers/logs/details",
	"/payments/developers/webhooks",
	"/payments/developers/webhooks/details",
	"/payments/developers/webhooks/delivery",
	"/payments/developers/events",
	"/payments/developers/events/details",
];

test("a merchant lands on the overview with the Payments menu and breadcrumbs", async ({ page }) => {
	await page.goto("/");
	await expect(page).toHaveURL(/page=wc-admin&path=\/payments\/overview/);
	await expect(
		page.getByRole("heading", { level: 2, name: /Good (morning|afternoon|evening), Alex/ }),
	).toBeVisible();
	const menu = page.getByRole("navigation", { name: "Main menu" });
	for (const label of MENU) await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
	await expect(menu.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
});

test("the menu walks to each screen and the breadcrumbs name its parent", async ({ page }) => {
	await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
	const menu = page.getByRole("navigation", { name: "Main menu" });
	await menu.getByRole("link", { name: "Payouts", exact: true }).click();
	await expect(page).toHaveURL(/path=\/payments\/payouts/);
	const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
	await expect(crumbs.getByRole("link", { name: "Payments" })).toBeVisible();
	await expect(crumbs.getByText("Payouts")).toBeVisible();

	await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/payouts/details&id=po_missing");
	await expect(crumbs.getByRole("link", { name: "Payouts" })).toBeVisible();
	await expect(crumbs.getByText("Payout details")).toBeVisible();
});

test("every registered route renders a page, never a blank one", async ({ page }) => {
	for (const route of ROUTES) {
		await page.goto(`/wp-admin/admin.php?page=wc-admin&path=${route}`);
		await expect(page.locator("#wpbody-content")).not.toBeEmpty();
		await expect(page.locator("#wpbody-content")).not.toContainText("There was an error rendering this view");
	}
});

test("the shell has no serious accessibility violations", async ({ page }) => {
	await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
	await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
	const results = await new AxeBuilder({ page }).analyze();
	const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
	expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test.describe("as a customer", () => {
	test.use({ storageState: { cookies: [], origins: [] } });

	test("is refused the admin with WordPress's message", async ({ page }) => {
		await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
		await expect(page).toHaveURL(/wp-login\.php/);
		await page.getByLabel("Username or Email Address").fill(CUSTOMER.login);
		await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
		await page.getByRole("button", { name: "Log In" }).click();
		await expect(page.getByText("Sorry, you are not allowed to access this page.")).toBeVisible();
	});
});
