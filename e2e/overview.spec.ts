/**
 * The overview journey: a merchant lands on the overview, snoozes a task and undoes it, switches
 * currency and sees the balance change, changes the activity period and reloads (the period
 * stays for the session), dismisses an inbox note and undoes it, and follows the disputes task
 * to the disputes list filtered to awaiting response.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

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

/**
 * The API calls the page had made when the balance first showed: the page tells the test the
 * moment it shows (an exposed function), and the test has seen each request as it started. Not
 * timed in the page: its clock is the journeys' (clock.ts), not the resource timeline's.
 */
async function callsBeforeBalance(page: Page): Promise<() => string[] | null> {
	const calls: string[] = [];
	let before: string[] | null = null;
	page.on("request", (request) => {
		const path = new URL(request.url()).pathname;
		// The live-update stream is a connection that stays open, not a call the page waits on.
		if (path.startsWith("/wp-json/") && !path.endsWith("/payments/events")) calls.push(path);
	});
	await page.exposeFunction("paydeskBalanceShown", () => {
		before ??= [...calls];
	});
	await page.addInitScript(() => {
		const page = window as unknown as { paydeskBalanceShown(): void; balanceShown?: boolean };
		new MutationObserver(() => {
			if (page.balanceShown || !document.querySelector('[data-testid="balance-available"]')) return;
			page.balanceShown = true;
			page.paydeskBalanceShown();
		}).observe(document, { childList: true, subtree: true });
	});
	return () => before;
}

test("the overview greets the merchant and shows the balance after at most 4 API calls", async ({ page }) => {
	const callsBefore = await callsBeforeBalance(page);
	await page.goto(OVERVIEW);
	await expect(
		page.getByRole("heading", { level: 2, name: /Good (morning|afternoon|evening), Alex/ }),
	).toBeVisible();
	await expect(page.getByTestId("balance-available")).toHaveText(/^\$[\d,]+\.\d{2}$/);
	const before = callsBefore() ?? [];
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
