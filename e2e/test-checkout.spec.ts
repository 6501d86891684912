/**
 * The test checkout journey: a merchant pays test orders on the test checkout as a customer would, from
 * the keyboard, and finds each payment where the admin shows it: a 4242 payment in the
 * transactions list and the overview's payment activity, a declined card's message on the
 * page, a payment blocked by a fraud rule under the Blocked tab, and a 3-D Secure payment
 * finished after the bank's page. The fraud rules a journey needs are saved through the
 * settings API and put back afterwards, so the other journeys sharing the store see them as
 * they were.
 */
import AxeBuilder from "@axe-core/playwright";
import { buildProtectionRules, NO_FRAUD_FILTERS } from "@paydesk/domain/fraud-rules";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api } from "./support.ts";

const CHECKOUT = "/paydesk/test-checkout";
const admin = (path: string) => `/wp-admin/admin.php?page=wc-admin&path=${path}`;
const DETAILS = (id: string) => admin(`/payments/transactions/details&id=${id}`);

interface ProtectionSettings {
	current_protection_level: string;
	advanced_fraud_protection_settings: unknown[];
}

/** Runs a step with the store's fraud protection set as given, then restores what was saved. */
async function withProtection(page: Page, protection: ProtectionSettings, step: () => Promise<void>) {
	await page.goto(admin("/payments/overview"));
	const saved = await api<ProtectionSettings>(page, "/settings");
	await api(page, "/settings", { method: "POST", body: protection });
	try {
		await step();
	} finally {
		await page.goto(admin("/payments/overview"));
		await api(page, "/settings", {
			method: "POST",
			body: {
				current_protection_level: saved.current_protection_level,
				advanced_fraud_protection_settings: saved.advanced_fraud_protection_settings,
			},
		});
	}
}

const BASIC: ProtectionSettings = {
	current_protection_level: "basic",
	advanced_fraud_protection_settings: [],
};

const result = (page: Page) => page.getByRole("status").filter({ has: page.locator(".notice") });

/** "$1,234.56" → 123456. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.-]/g, "")) * 100);

/** The payment the result links to: its intent id and its order number. */
async function paymentOf(page: Page): Promise<{ id: string; order: string }> {
	const link = result(page).getByRole("link", { name: "View payment details" });
	const href = (await link.getAttribute("href")) ?? "";
	const id = new URL(href, "http://x").searchParams.get("id") ?? "";
	const order = /Order #(\d+)/.exec((await result(page).textContent()) ?? "")?.[1] ?? "";
	expect(id).toMatch(/^pi_/);
	expect(href).toBe(DETAILS(id));
	return { id, order };
}

test.describe.configure({ mode: "serial" });

test("a 4242 payment made from the keyboard shows in the transactions and the payment activity", async ({
	page,
}) => {
	await withProtection(page, BASIC, async () => {
		await page.goto(admin("/payments/overview"));
		const charges = page.getByTestId("activity-charges");
		await expect(charges).toHaveText(/^\$/);
		const before = cents(await charges.textContent());

		await page.goto(CHECKOUT);
		await expect(page.getByRole("heading", { level: 1, name: /Test checkout/ })).toBeVisible();
		await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
		await page.getByLabel("Amount").fill("37.21");
		// From the amount, Tab reaches Pay through the form's fields alone; Enter pays.
		const pay = page.getByRole("button", { name: "Pay", exact: true });
		for (let step = 0; step < 40 && !(await pay.evaluate((node) => node === document.activeElement)); step++)
			await page.keyboard.press("Tab");
		await expect(pay).toBeFocused();
		await page.keyboard.press("Enter");
		await expect(result(page)).toContainText("Paid · $37.21 · Order #");
		await expect(pay).toHaveText("Pay");
		const payment = await paymentOf(page);

		// The transactions list finds it by its order number.
		await page.goto(`${admin("/payments/transactions")}&search=${encodeURIComponent(`#${payment.order}`)}`);
		const table = page.getByRole("table", { name: "Transactions" });
		// Its charge (the demo store's active loan also withholds a repayment from it).
		const charge = table.locator("tbody tr").filter({ hasText: "$37.21" });
		await expect(charge).toHaveCount(1);
		await expect(charge.getByRole("link", { name: "View payment details" })).toHaveAttribute(
			"href",
			new RegExp(`id=${payment.id}`),
		);

		// The overview's charges of the last 7 days grew by the payment.
		await page.goto(admin("/payments/overview"));
		await expect(charges).toHaveText(/^\$/);
		expect(cents(await charges.textContent())).toBe(before + 3721);
	});
});

test("a declined card says why, with its decline code, and links to the failed payment; a double click pays once", async ({
	page,
}) => {
	await page.goto(CHECKOUT);
	await page.getByRole("button", { name: "Use card 4000 0000 0000 0002" }).click();
	const number = page.getByLabel("Card number");
	await expect(number).toHaveValue("4000 0000 0000 0002");
	await expect(number).toBeFocused();
	// A double click sends one payment, with its Idempotency-Key.
	const sent: string[] = [];
	page.on("request", (request) => {
		if (request.method() === "POST" && request.url().endsWith("/payment_intents"))
			sent.push(request.headers()["idempotency-key"] ?? "");
	});
	await page.getByRole("button", { name: "Pay", exact: true }).dblclick();
	await expect(result(page)).toContainText("Payment failed");
	expect(sent).toHaveLength(1);
	expect(sent[0]).toMatch(/^test-checkout-[0-9a-f]{32}$/);
	await expect(result(page)).toContainText("Your card was declined.");
	await expect(result(page)).toContainText("Decline code: generic_decline");
	await paymentOf(page);
});

test("a payment over the store's purchase price limit is blocked and listed under Blocked", async ({
	page,
}) => {
	const blockOver100 = buildProtectionRules(
		{
			...NO_FRAUD_FILTERS,
			purchase_price_threshold: { enabled: true, block: true, min_amount: null, max_amount: 10000 },
		},
		{ storeCurrency: "usd", selling: { mode: "all", countries: [] } },
	);
	await withProtection(
		page,
		{ current_protection_level: "advanced", advanced_fraud_protection_settings: blockOver100 },
		async () => {
			await page.goto(CHECKOUT);
			await page.getByLabel("Amount").fill("200");
			await page.getByRole("button", { name: "Pay", exact: true }).click();
			await expect(result(page)).toContainText("Blocked by fraud protection · $200.00");
			await expect(result(page)).toContainText("Rule: Purchase Price Threshold");
			const payment = await paymentOf(page);

			await page.goto(`${admin("/payments/transactions")}&tab=blocked-page`);
			const blocked = page.getByRole("table", { name: "Blocked transactions" });
			const row = blocked.locator("tbody tr").filter({ has: page.locator(`a[href*="id=${payment.id}"]`) });
			await expect(row).toHaveCount(1);
			await expect(row).toContainText("$200.00");
			await expect(row).toContainText("Payment blocked");
		},
	);
});

test("a 3-D Secure payment is finished after the customer completes the bank's page", async ({ page }) => {
	await withProtection(page, BASIC, async () => {
		await page.goto(CHECKOUT);
		await page.getByRole("button", { name: "Use card 4000 0027 6000 3184" }).click();
		await page.getByRole("button", { name: "Pay", exact: true }).click();
		await expect(page.getByRole("heading", { name: "3-D Secure test payment" })).toBeVisible();
		await page.getByRole("button", { name: "Complete" }).click();
		await expect(page).toHaveURL(new RegExp(`${CHECKOUT}$`));
		await expect(result(page)).toContainText("Paid · $50.00");
		await paymentOf(page);
	});
});

test("the test checkout has no serious accessibility violations, with a result shown", async ({ page }) => {
	await page.goto(CHECKOUT);
	await page.getByRole("checkbox", { name: "Ship to a different address" }).check();
	await expect(page.getByRole("group", { name: "Shipping address" })).toBeVisible();
	await page.getByLabel("Amount").fill("abc");
	await page.getByRole("button", { name: "Pay", exact: true }).click();
	await expect(result(page)).toContainText("Amount must be greater than 0, with at most 2 decimals.");
	await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
	const results = await new AxeBuilder({ page }).analyze();
	const serious = results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => `${violation.id}: ${violation.help}`);
	expect(serious).toEqual([]);
	await page.evaluate(() => window.scrollTo(0, 0));
	await page.screenshot({ path: "/tmp/test-checkout.png", fullPage: true });
});
