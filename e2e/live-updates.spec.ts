/**
 * The live updates journey: two pages of the admin stay current without a reload. A payment taken
 * through the intake API reaches the other page's transactions list (as "1 new payment — show",
 * the rows staying put until asked) and its overview (the pending balance and the payment
 * activity) within 3 seconds; an export reaches the bell, whose link downloads the file.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api, parseCsv, seriousViolations } from "./support.ts";

const TRANSACTIONS = "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions";
const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
/** The live update's target: within 3 s of the payment, without a reload. */
const LIVE = { timeout: 3_000 };

interface Intent {
	id: string;
	status: string;
	order: { id: number; number: string };
}

function takePayment(page: Page, amount: number) {
	return api<Intent>(page, "/payment_intents", {
		method: "POST",
		body: {
			amount,
			currency: "usd",
			payment_method: {
				type: "card",
				card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
				billing_details: {
					name: "Ada Live",
					email: "ada.live@example.com",
					address: { line1: "1 Main St", city: "Austin", postal_code: "78701", country: "US" },
				},
			},
			order: { items: [{ name: "Live Update Mug", quantity: 1, total: amount }] },
			customer_ip: "8.8.8.8",
		},
	});
}

/** Resolves once the stream of the page is open (its first request to /events). */
function streamOpened(page: Page) {
	return page.waitForResponse((response) => response.url().includes("/wp-json/wc/v3/payments/events"));
}

test("a payment made elsewhere appears on the list and the overview within 3 s, without a reload", async ({
	context,
}) => {
	const list = await context.newPage();
	const listStream = streamOpened(list);
	await list.goto(TRANSACTIONS);
	const table = list.getByRole("table", { name: "Transactions" });
	await expect(table).toHaveAttribute("aria-busy", "false");
	// The newest row, whatever it is: a payment in any currency, a refund or a loan repayment.
	await expect(table.locator("tbody tr").first()).toBeVisible();
	const firstRowBefore = await table.locator("tbody tr").first().textContent();

	const overview = await context.newPage();
	await overview.goto(OVERVIEW);
	const pending = overview.getByTestId("balance-pending");
	await expect(pending).toHaveText(/^\$[\d,]+\.\d{2}$/);
	const pendingBefore = await pending.textContent();
	await listStream;
	const loads: string[] = [];
	for (const page of [list, overview]) page.on("load", () => loads.push(page.url()));

	const intent = await takePayment(list, 4_321);
	expect(intent.status).toBe("succeeded");

	// The list does not move under the reader's eyes: it offers the rows it will show, the payment
	// and the loan repayment its capture withheld (the demo store has a loan).
	const show = list.getByRole("button", { name: "2 new payments — show" });
	await expect(show).toBeVisible(LIVE);
	expect(await table.locator("tbody tr").first().textContent()).toBe(firstRowBefore);
	await expect(overview.getByTestId("balance-pending")).not.toHaveText(pendingBefore ?? "", LIVE);

	await show.click();
	// The payment, beside its loan repayment.
	await expect(
		table
			.locator("tbody tr")
			.filter({ hasText: "$43.21" })
			.filter({ hasText: `#${intent.order.number}` }),
	).toHaveCount(1);
	await expect(show).toBeHidden();
	expect(loads).toEqual([]);
	expect(await seriousViolations(list)).toEqual([]);
});

test("an export reaches the bell, whose link downloads the file", async ({ page }) => {
	await page.goto(`${TRANSACTIONS}&store_currency_is=usd`);
	const bell = page.getByRole("button", { name: /^Notifications/ });
	await expect(bell).toBeVisible();
	const before = await api<{ unread: number }>(page, "/notifications");
	const direct = page.waitForEvent("download");
	await page.getByRole("button", { name: "Export" }).click();
	await direct;

	await expect(bell).toHaveAccessibleName(`Notifications, ${before.unread + 1} unread`, LIVE);
	await bell.click();
	const panel = page.getByRole("region", { name: "Notifications" });
	const ready = panel.getByRole("listitem").filter({ hasText: "Your transactions export is ready" }).first();
	await expect(ready).toBeVisible();
	const download = page.waitForEvent("download");
	await ready.getByRole("link", { name: "Download" }).click();
	const file = await download;
	const rows = parseCsv(
		await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")),
	);
	expect(rows[0]?.map((cell) => cell.replace(/^\uFEFF/, ""))).toContain("Transaction ID");
	expect(rows.length).toBeGreaterThan(1);
	await expect(bell).toHaveAccessibleName(`Notifications, ${before.unread} unread`.replace(", 0 unread", ""));
	await page.keyboard.press("Escape");
	await expect(panel).toBeHidden();
	expect(await seriousViolations(page)).toEqual([]);
});
