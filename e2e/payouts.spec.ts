/**
 * The payouts journey: a merchant filters the payouts to failed ones over a date range,
 * hides a column and still finds it hidden after a reload, exports the filtered payouts and gets
 * a CSV whose rows are exactly the filtered ones, opens the failed payout and reads its reason,
 * then requests an instant payout from the overview and reads the success notice. Expected
 * figures come from the REST API the admin uses, at the moment of the check, so other journeys
 * sharing the store do not break this one. The instant payout is made in a currency other than
 * the store's default when one can be paid out instantly, so the default balance other journeys
 * read is left alone.
 */
import { readFile } from "node:fs/promises";
// The reason texts are the app's own (spec 2 §8 names the codes, not the texts).
import { payoutFailureMessages } from "@paydesk/domain/payouts";
import { englishTranslator } from "@paydesk/domain/translator";
import type { Page } from "@playwright/test";
import { e2eNow } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { api, day, parseCsv, seriousViolations } from "./support.ts";

const PAYOUTS = "/wp-admin/admin.php?page=wc-admin&path=/payments/payouts";
const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
const DAY_MS = 86_400_000;

interface Payout {
	id: string;
	type: string;
	method: string;
	status: string;
	date: string;
	amount: number;
	fee: number;
	currency: string;
	failure_code: string | null;
	failure_message: string | null;
}

interface PayoutsSummary {
	count: number;
	total: number;
	currency: string | null;
	store_currencies: string[];
}

interface InstantBalance {
	amount: number;
	fee: number;
	net: number;
	currency: string;
}

interface DepositsOverview {
	balance: { instant: InstantBalance[] };
	account: { default_currency: string };
}

/** The minor units an amount on screen reads ("$1,234.56" -> "123456"), whatever its symbol. */
const minorUnits = (text: string | null): string => (text ?? "").replace(/\D/g, "").replace(/^0+(?=\d)/, "");

/** "1234.56", as the CSV writes amounts. */
const plainAmount = (minor: number): string =>
	`${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;

/** Waits for the column preference to be saved (a reload must not outrun it). */
const preferenceSaved = (page: Page) =>
	page.waitForResponse(
		(response) =>
			response.url().includes("/wp-json/wp/v2/users/me") &&
			response.request().method() !== "GET" &&
			response.ok(),
	);

test("a merchant finds a failed payout by status and dates, keeps a column hidden, exports the filtered payouts, reads the failure reason and pays out instantly", async ({
	page,
}) => {
	await page.goto(PAYOUTS);
	const table = page.getByRole("table", { name: "Payout history" });
	await expect(table).toBeVisible();

	// The range runs from a month before the second newest failed payout (the newest when there is
	// one) until today, so it holds two failures and leaves older ones out when the store has any.
	const failed = await api<{ data: Payout[]; total_count: number }>(
		page,
		"/deposits?status_is=failed&pagesize=100",
	);
	const newestFailed = failed.data[0];
	if (!newestFailed) throw new Error("The demo store has no failed payout");
	const rangeAnchor = failed.data[1] ?? newestFailed;
	const start = day(new Date(Date.parse(rangeAnchor.date) - 30 * DAY_MS));
	const end = day(e2eNow());

	// Filter: status is Failed, date between the two days.
	await page.getByRole("combobox", { name: "Show" }).selectOption("advanced");
	await expect(page.getByRole("group", { name: /^Payouts match/ })).toBeVisible();
	await page.getByRole("combobox", { name: "Add a filter" }).selectOption({ label: "Date" });
	await page.getByRole("combobox", { name: "Date rule" }).selectOption("between");
	await page.getByLabel("Start date").fill(start);
	await page.getByLabel("End date").fill(end);
	await page.getByRole("combobox", { name: "Add a filter" }).selectOption({ label: "Status" });
	await expect(page.getByRole("combobox", { name: "Status rule" })).toHaveValue("is");
	await page.getByRole("combobox", { name: "Status value" }).selectOption({ label: "Failed" });
	await page.getByRole("button", { name: "Filter", exact: true }).click();
	await expect(page).toHaveURL(/status_is=failed/);
	await expect(page).toHaveURL(/date_between/);

	// The table holds exactly the API's payouts for the same filter, each one failed.
	const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
	const filter = `status_is=failed&date_between[0]=${start}&date_between[1]=${end}&user_timezone=${encodeURIComponent(timeZone)}`;
	const listed = async () =>
		(await api<{ data: Payout[] }>(page, `/deposits?${filter}&sort=date&direction=desc&pagesize=100`)).data;
	const expected = await listed();
	expect(expected.map((payout) => payout.id)).toEqual(
		expect.arrayContaining([newestFailed.id, rangeAnchor.id]),
	);
	const rows = table.locator("tbody tr");
	await expect(rows).toHaveCount(Math.min(expected.length, 25));
	await expect(rows.getByRole("link", { name: "View payout details" })).toHaveCount(
		Math.min(expected.length, 25),
	);
	const links = await rows
		.getByRole("link", { name: "View payout details" })
		.evaluateAll((anchors) =>
			anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).searchParams.get("id")),
		);
	expect(links).toEqual(expected.slice(0, 25).map((payout) => payout.id));
	for (const row of await rows.all()) await expect(row).toContainText("Failed");
	// Failed payouts before the range are left out.
	const before = failed.data.filter((payout) => day(new Date(payout.date)) < start);
	for (const payout of before) expect(links).not.toContain(payout.id);
	const summary = await api<PayoutsSummary>(page, `/deposits/summary?${filter}`);
	const summaryItems = page.getByRole("list", { name: "Payout history summary" }).getByRole("listitem");
	await expect(summaryItems.first()).toHaveText(
		`${summary.count.toLocaleString("en-US")}${summary.count === 1 ? "payout" : "payouts"}`,
	);
	// The total shows only with a single store currency or a currency filter (spec 2).
	if (summary.store_currencies.length <= 1 && summary.currency) {
		await expect(summaryItems.nth(1)).toHaveText(/total$/);
		expect(minorUnits(await summaryItems.nth(1).textContent())).toBe(String(Math.abs(summary.total)));
	} else {
		await expect(summaryItems).toHaveCount(1);
	}
	expect(await seriousViolations(page)).toEqual([]);

	// Hide the bank account column; it stays hidden after a reload (a saved user preference).
	const columnsMenu = page.getByRole("button", { name: "Choose which values to display" });
	await columnsMenu.click();
	const bankAccountItem = page.getByRole("menuitemcheckbox", { name: "Bank account", exact: true });
	await expect(bankAccountItem).toHaveAttribute("aria-checked", "true");
	const hiding = preferenceSaved(page);
	await bankAccountItem.click();
	await hiding;
	await page.keyboard.press("Escape");
	await expect(table.getByRole("columnheader", { name: "Bank account", exact: true })).toHaveCount(0);
	await page.reload();
	await expect(rows).toHaveCount(Math.min(expected.length, 25));
	await expect(table.getByRole("columnheader", { name: "Bank reference ID" })).toBeVisible();
	await expect(table.getByRole("columnheader", { name: "Bank account", exact: true })).toHaveCount(0);
	await columnsMenu.click();
	await expect(bankAccountItem).toHaveAttribute("aria-checked", "false");
	await page.keyboard.press("Escape");
	await expect(page).toHaveURL(/status_is=failed/);

	// Export with the filter: the CSV's rows are exactly the filtered payouts, in the list's order.
	const downloading = page.waitForEvent("download");
	await page.getByRole("button", { name: "Export" }).click();
	await expect(page.locator(".paydesk-snackbar", { hasText: "We're processing your export." })).toBeVisible();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
	const [header, ...records] = parseCsv(await readFile(await download.path(), "utf8"));
	expect(header).toEqual([
		"Payout ID",
		"Date",
		"Type",
		"Amount",
		"Fee",
		"Currency",
		"Status",
		"Bank account",
		"Bank reference ID",
		"Failure code",
	]);
	const exported = await listed();
	expect(records.map((record) => record[0])).toEqual(exported.map((payout) => payout.id));
	expect(records.map((record) => record[6])).toEqual(exported.map(() => "Failed"));
	expect(records.map((record) => `${record[3]} ${record[5]}`)).toEqual(
		exported.map((payout) => `${plainAmount(payout.amount)} ${payout.currency.toUpperCase()}`),
	);
	expect(records.map((record) => record[9])).toEqual(exported.map((payout) => payout.failure_code ?? ""));

	// Put the column back as the merchant found it.
	await columnsMenu.click();
	const showing = preferenceSaved(page);
	await bankAccountItem.click();
	await showing;
	await page.keyboard.press("Escape");
	await expect(table.getByRole("columnheader", { name: "Bank account", exact: true })).toBeVisible();

	// The newest failed payout opens on its details, which give the reason it failed.
	await rows.first().getByRole("link", { name: "View payout details" }).click();
	await expect(page).toHaveURL(/path=\/payments\/payouts\/details/);
	expect(new URL(page.url()).searchParams.get("id")).toBe(newestFailed.id);
	await expect(
		page.getByRole("navigation", { name: "Breadcrumbs" }).getByText("Payout details"),
	).toBeVisible();
	const details = page.locator(".paydesk-payout-details");
	const mapped = newestFailed.failure_code
		? payoutFailureMessages(englishTranslator)[newestFailed.failure_code]
		: undefined;
	await expect(details.getByText(/^Failure reason: /)).toHaveText(
		`Failure reason: ${mapped ?? (newestFailed.failure_message || "Unknown")}`,
	);
	await expect(page.getByRole("table", { name: "Payout transactions" })).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	// Instant payout, from the overview's balance, in a currency that can be paid out instantly.
	await page.goto(OVERVIEW);
	const overview = await api<DepositsOverview>(page, "/deposits/overview-all");
	const payable = overview.balance.instant.filter((balance) => balance.amount > 0);
	const instant =
		payable.find((balance) => balance.currency !== overview.account.default_currency) ?? payable[0];
	if (!instant) throw new Error("No currency can be paid out instantly in the demo store");
	if (instant.currency !== overview.account.default_currency) {
		await page.getByRole("combobox", { name: "Currency" }).selectOption(instant.currency);
		await expect(page).toHaveURL(new RegExp(`selected_currency=${instant.currency}`));
	}
	await page.getByRole("button", { name: "Get paid instantly" }).click();
	const dialog = page.getByRole("dialog", { name: "Instant payout" });
	await expect(
		dialog.getByText(/^Need cash in a hurry\? Instant payouts arrive within 30 minutes/),
	).toBeVisible();
	const pay = dialog.getByRole("button", { name: /^Pay .+ now$/ });
	const label = (await pay.textContent()) ?? "";
	const net = label.replace(/^Pay (.+) now$/, "$1");
	expect(minorUnits(net)).toBe(String(instant.net));
	await pay.click();
	await expect(dialog).toHaveCount(0);
	const notice = page.locator(".paydesk-snackbar", { hasText: "Instant payout for" });
	await expect(notice).toContainText(`Instant payout for ${net} in transit.`);

	// Its details: an instant payout in transit, the net that reaches the bank, no transaction list.
	await notice.getByRole("button", { name: "View details" }).click();
	await expect(page).toHaveURL(/path=\/payments\/payouts\/details/);
	const id = new URL(page.url()).searchParams.get("id") ?? "";
	const created = await api<Payout>(page, `/deposits/${id}`);
	expect(created).toMatchObject({ method: "instant", status: "in_transit", currency: instant.currency });
	expect(created.amount).toBe(instant.net);
	await expect(page.getByRole("heading", { name: "Payout · Instant" })).toBeVisible();
	await expect(details.getByText("In transit", { exact: true })).toBeVisible();
	await expect(details.getByText("Service fee (1.5%)")).toBeVisible();
	await expect(page.getByRole("link", { name: "Learn more about instant payouts" })).toBeVisible();
	await expect(page.getByRole("table", { name: "Payout transactions" })).toHaveCount(0);
});
