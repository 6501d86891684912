/**
 * Issue 8's journey: a merchant lands on the overview, snoozes a task and undoes it, switches
 * currency and sees the balance change, changes the activity period and reloads (the period
 * stays for the session), dismisses an inbox note and undoes it, and follows the disputes task
 * to the disputes list filtered to awaiting response.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";

async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).include(".paydesk-overview").analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => `${violation.id}: ${violation.help}`);
}

const tasks = (page: Page) => page.locator(".paydesk-tasks");
const disputeTask = (page: Page) => tasks(page).locator('[data-task="dispute-resolution-task"]');

// One store for the whole journey: each step leaves it as the merchant found it.
test.describe.configure({ mode: "serial" });

/** Records when the balance first shows, so the API calls started before it can be counted. */
const WATCH_BALANCE = () => {
	const mark = window as unknown as { balanceShownAt?: number };
	new MutationObserver(() => {
		if (mark.balanceShownAt === undefined && document.querySelector('[data-testid="balance-available"]'))
			mark.balanceShownAt = performance.now();
	}).observe(document, { childList: true, subtree: true });
};

test("the overview greets the merchant and shows the balance after at most 4 API calls", async ({ page }) => {
	await page.addInitScript(WATCH_BALANCE);
	await page.goto(OVERVIEW);
	await expect(
		page.getByRole("heading", { level: 2, name: /Good (morning|afternoon|evening), Alex/ }),
	).toBeVisible();
	await expect(page.getByTestId("balance-available")).toHaveText(/^\$[\d,]+\.\d{2}$/);
	const before = await page.evaluate(() => {
		const shownAt = (window as unknown as { balanceShownAt?: number }).balanceShownAt ?? 0;
		return performance
			.getEntriesByType("resource")
			.filter((entry) => entry.name.includes("/wp-json/") && entry.startTime < shownAt)
			.map((entry) => new URL(entry.name).pathname);
	});
	expect(before).toContain("/wp-json/wc/v3/payments/deposits/overview-all");
	expect(before.length, before.join("\n")).toBeLessThanOrEqual(4);
	await expect(page.getByRole("heading", { name: "Things to do" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Your payment activity" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();
	await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
});

test("a merchant snoozes the dispute task until tomorrow, then undoes it", async ({ page }) => {
	await page.goto(OVERVIEW);
	await expect(disputeTask(page)).toBeVisible();
	await disputeTask(page).getByRole("button", { name: "Task options" }).click();
	await page.getByRole("menuitem", { name: "Remind me tomorrow" }).click();
	const notice = page.locator(".paydesk-snackbar", { hasText: "Task postponed until tomorrow" });
	await expect(notice).toBeVisible();
	await expect(disputeTask(page)).toHaveCount(0);
	await notice.getByRole("button", { name: "Undo" }).click();
	await expect(disputeTask(page)).toBeVisible();
	// The choice was saved: a reload shows the task again, not snoozed.
	await page.reload();
	await expect(disputeTask(page)).toBeVisible();
});

test("switching currency shows that currency's balance", async ({ page }) => {
	await page.goto(OVERVIEW);
	const available = page.getByTestId("balance-available");
	await expect(available).toHaveText(/^-?\$/);
	const dollars = await available.textContent();
	await page.getByRole("combobox", { name: "Currency" }).selectOption("eur");
	await expect(page).toHaveURL(/selected_currency=eur/);
	// A balance or a payout can be negative (refunds and disputes past the sales): "-€12.34".
	await expect(available).toHaveText(/^-?€/);
	expect(await available.textContent()).not.toBe(dollars);
	await expect(page.locator(".paydesk-payouts-card__amount").first()).toHaveText(/^-?€/);
});

test("the activity period persists across a reload for the session", async ({ page }) => {
	await page.goto(OVERVIEW);
	const period = page.getByRole("combobox", { name: "Period" });
	await expect(period).toHaveValue("last_7_days");
	const total = page.getByTestId("activity-total_payment_volume");
	await expect(total).toBeVisible();
	const report = page.waitForRequest((request) => request.url().includes("/reporting/payment_activity"));
	await period.selectOption("last_12_months");
	expect(new URL((await report).url()).searchParams.get("date_start")).toMatch(/T00:00:00$/);
	await expect(total).toBeVisible();
	await page.reload();
	await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("last_12_months");
	// Each figure opens the transactions behind it.
	const charges = page.getByTestId("activity-charges");
	await expect(charges).toHaveAttribute("href", /path=\/payments\/transactions.*type_is_in/);
});

test("a merchant dismisses an inbox note after confirming, then undoes it", async ({ page }) => {
	await page.goto(OVERVIEW);
	const inbox = page.locator(".paydesk-inbox");
	const first = inbox.locator(".paydesk-inbox__note").first();
	await expect(first).toBeVisible();
	const title = (await first.locator(".paydesk-inbox__title").textContent())?.replace(/^Unread:/, "") ?? "";
	await first.getByRole("button", { name: "Dismiss options" }).click();
	await page.getByRole("menuitem", { name: "Dismiss this message" }).click();
	const dialog = page.getByRole("dialog", { name: "Dismiss this message?" });
	await dialog.getByRole("button", { name: "Yes, dismiss" }).click();
	const notice = page.locator(".paydesk-snackbar", { hasText: "Message dismissed" });
	await expect(notice).toBeVisible();
	await expect(inbox.getByRole("heading", { name: title })).toHaveCount(0);
	await notice.getByRole("button", { name: "Undo" }).click();
	await expect(inbox.getByRole("heading", { name: title })).toBeVisible();
});

test("the disputes task leads to the disputes awaiting a response", async ({ page }) => {
	await page.goto(OVERVIEW);
	await expect(
		disputeTask(page).getByRole("heading", { name: /^Respond to \d+ active disputes/ }),
	).toBeVisible();
	await disputeTask(page).getByRole("link", { name: "See disputes" }).click();
	await expect(page).toHaveURL(/path=\/payments\/disputes&filter=awaiting_response/);
	await expect(page.getByRole("table", { name: "Disputes" })).toBeVisible();
});
