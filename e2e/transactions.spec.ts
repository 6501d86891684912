/**
 * The transactions journey: a merchant filters the transactions to refunds in EUR over the last month,
 * reads the matching summary, opens a row and lands on its payment details, switches to
 * Uncaptured and sees the count in the tab title, then switches to Blocked and exports a CSV
 * whose rows are the blocked transactions. Expected figures come from the REST API the admin
 * uses, at the moment of the check, so other journeys sharing the store do not break this one.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { e2eNow } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { api, day, parseCsv, seriousViolations } from "./support.ts";

const TRANSACTIONS = "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions";

interface Summary {
	count: number;
	total: number;
	fees: number;
	net: number;
	currency: string | null;
}

interface TransactionRow {
	transaction_id: string;
	charge_id: string | null;
	payment_intent_id: string | null;
	type: string;
}

interface BlockedRow {
	status: string;
	amount: number;
	currency: string;
	order_id: number | null;
	payment_intent: { id: string };
}

/** "-€12.34" as the store formats euros in English. */
function euros(minor: number): string {
	const figure = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(Math.abs(minor) / 100);
	return `${minor < 0 ? "-" : ""}€${figure}`;
}

/**
 * The demo store's history is random, and a month may hold no euro refund: the merchant refunds
 * one euro of an older card payment first, through the refund API the admin uses.
 */
async function refundSomeEuros(page: Page, before: string): Promise<void> {
	const charges = await api<{ data: TransactionRow[] }>(
		page,
		`/transactions?type_is=charge&store_currency_is=eur&date_before=${before}&pagesize=50`,
	);
	for (const row of charges.data) {
		if (!row.charge_id) continue;
		const charge = await api<{ refundable_amount: number; disputed: boolean }>(
			page,
			`/charges/${row.charge_id}`,
		);
		if (charge.disputed || charge.refundable_amount < 100) continue;
		await api(page, "/refund", {
			method: "POST",
			body: { charge_id: row.charge_id, amount: 100, reason: "requested_by_customer" },
		});
		return;
	}
	throw new Error("No euro card payment to refund was found");
}

test("a merchant finds last month's euro refunds, opens one, then checks uncaptured and exports the blocked payments", async ({
	page,
}) => {
	const today = e2eNow();
	const monthAgo = new Date(today);
	monthAgo.setMonth(today.getMonth() - 1);
	const twoMonthsAgo = new Date(today);
	twoMonthsAgo.setMonth(today.getMonth() - 2);

	await page.goto(TRANSACTIONS);
	await refundSomeEuros(page, day(twoMonthsAgo));
	await page.reload();

	// Filter: refunds, over the last month, paid out in euros.
	const tabs = page.getByRole("tablist", { name: "Transactions" });
	await expect(tabs.getByRole("tab", { name: "All transactions" })).toHaveAttribute("aria-selected", "true");
	await page.getByRole("combobox", { name: "Show" }).selectOption("advanced");
	await page.getByRole("combobox", { name: "Add a filter" }).selectOption({ label: "Date" });
	await page.getByRole("combobox", { name: "Date rule" }).selectOption("between");
	await page.getByLabel("Start date").fill(day(monthAgo));
	await page.getByLabel("End date").fill(day(today));
	await page.getByRole("combobox", { name: "Add a filter" }).selectOption({ label: "Type" });
	await page.getByRole("combobox", { name: "Type value" }).selectOption({ label: "Refund" });
	await page.getByRole("button", { name: "Filter", exact: true }).click();
	await page.getByRole("combobox", { name: "Payout currency" }).selectOption("eur");
	await expect(page).toHaveURL(/type_is=refund/);
	await expect(page).toHaveURL(/store_currency_is=eur/);

	// The summary is the API's for the same filter: count, total, fees and net in euros.
	const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
	const filter = `type_is=refund&store_currency_is=eur&date_between[0]=${day(monthAgo)}&date_between[1]=${day(today)}&user_timezone=${encodeURIComponent(timeZone)}`;
	const expected = await api<Summary>(page, `/transactions/summary?${filter}`);
	expect(expected.count).toBeGreaterThan(0);
	const summary = page.getByRole("list", { name: "Transactions summary" });
	await expect(summary.getByRole("listitem")).toHaveText([
		`${expected.count.toLocaleString("en-US")}${expected.count === 1 ? "transaction" : "transactions"}`,
		`${euros(expected.total)}total`,
		`${euros(expected.fees === 0 ? 0 : -expected.fees)}fees`,
		`${euros(expected.net)}net`,
	]);
	const table = page.getByRole("table", { name: "Transactions" });
	await expect(table.locator("tbody tr")).toHaveCount(Math.min(expected.count, 25));
	for (const type of await table.locator("tbody tr td:nth-child(3)").allTextContents())
		expect(type).toBe("Refund");

	// The newest refund opens its payment details with the transaction's id and type.
	const first = (await api<{ data: TransactionRow[] }>(page, `/transactions?${filter}&pagesize=1`)).data[0];
	if (!first?.payment_intent_id) throw new Error("The newest euro refund has no payment");
	await table.locator("tbody tr").first().getByRole("link", { name: "View payment details" }).click();
	await expect(page).toHaveURL(/path=\/payments\/transactions\/details/);
	const details = new URL(page.url()).searchParams;
	expect(details.get("id")).toBe(first.payment_intent_id);
	expect(details.get("transaction_id")).toBe(first.transaction_id);
	expect(details.get("transaction_type")).toBe("refund");
	await expect(
		page.getByRole("navigation", { name: "Breadcrumbs" }).getByText("Payment details"),
	).toBeVisible();

	// Back on the list, Uncaptured carries the number of authorizations waiting for capture.
	await page.goBack();
	await expect(page.getByRole("table", { name: "Transactions" })).toBeVisible();
	const uncaptured = await api<{ count: number }>(page, "/authorizations/summary");
	expect(uncaptured.count).toBeGreaterThan(0);
	const uncapturedTab = tabs.getByRole("tab", { name: `Uncaptured (${uncaptured.count})` });
	await uncapturedTab.click();
	await expect(uncapturedTab).toHaveAttribute("aria-selected", "true");
	await expect(page).toHaveURL(/tab=uncaptured-page/);
	await expect(page).toHaveURL(/paged=1&per_page=25/);
	const authorizations = page.getByRole("table", { name: "Uncaptured transactions" });
	await expect(authorizations.locator("tbody tr")).toHaveCount(Math.min(uncaptured.count, 25));
	expect(await seriousViolations(page)).toEqual([]);

	// Blocked: the export's rows are the blocked (and on-review) payments the API holds.
	await tabs.getByRole("tab", { name: "Blocked" }).click();
	const blockedTable = page.getByRole("table", { name: "Blocked transactions" });
	await expect(blockedTable.getByText("Payment blocked").first()).toBeVisible();
	const blocked = await api<{ count: number }>(page, "/transactions/fraud-outcomes/summary?status=block");
	await expect(
		page.getByRole("list", { name: "Blocked transactions summary" }).getByRole("listitem").first(),
	).toHaveText(`${blocked.count}${blocked.count === 1 ? "transaction" : "transactions"}`);
	const downloading = page.waitForEvent("download");
	await page.getByRole("button", { name: "Export" }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^blocked-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
	const [header, ...records] = parseCsv(await readFile(await download.path(), "utf8"));
	expect(header).toEqual([
		"Payment ID",
		"Date / Time",
		"Order #",
		"Customer",
		"Amount",
		"Currency",
		"Status",
	]);

	const exported = await api<{ data: BlockedRow[] }>(
		page,
		"/transactions/fraud-outcomes/download?status=block&additional_status=review&sort=date&direction=desc",
	);
	expect(records.map((record) => record[0])).toEqual(exported.data.map((row) => row.payment_intent.id));
	expect(records.map((record) => record[6])).toEqual(
		exported.data.map((row) => (row.status === "block" ? "Payment blocked" : "Needs review")),
	);
	expect(records.map((record) => `${record[4]} ${record[5]}`)).toEqual(
		exported.data.map((row) => `${(row.amount / 100).toFixed(2)} ${row.currency.toUpperCase()}`),
	);
	// Every payment of the blocked tab is in the file.
	expect(records.filter((record) => record[6] === "Payment blocked")).toHaveLength(blocked.count);
	expect(await seriousViolations(page)).toEqual([]);
});

test("a customer's name leads to that customer's payments", async ({ page }) => {
	await page.goto(TRANSACTIONS);
	const table = page.getByRole("table", { name: "Transactions" });
	const customer = table.locator("tbody a[href*='search=']").first();
	await expect(customer).toBeVisible();
	const name = (await customer.textContent()) ?? "";
	const email =
		new URL((await customer.getAttribute("href")) ?? "", "http://x").searchParams.get("search") ?? "";
	await customer.click();
	await expect(page).toHaveURL(/path=\/payments\/transactions&search=/);
	// Every payment listed is this customer's, as the API finds them by the same e-mail.
	const rows = await api<{ data: { customer_email: string | null }[] }>(
		page,
		`/transactions?search=${encodeURIComponent(email)}&pagesize=25`,
	);
	expect(rows.data.length).toBeGreaterThan(0);
	expect(rows.data.every((row) => row.customer_email?.toLowerCase().includes(email.toLowerCase()))).toBe(
		true,
	);
	await expect(table.locator("tbody tr")).toHaveCount(rows.data.length);
	await expect(table.locator("tbody tr").first()).toContainText(name);
});
