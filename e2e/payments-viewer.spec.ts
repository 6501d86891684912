/**
 * The payments viewer's journey: an accountant, made with `npm run user -- create … payments_viewer`,
 * signs in, reads the overview, the transactions, a payment, the uncaptured authorizations, the
 * disputes and the payments settings, and finds no enabled money action anywhere (no refund,
 * capture, cancel, dispute answer, instant payout or settings save); then exports the
 * transactions as CSV. A refund asked of the API behind the admin's back is refused too. The
 * journey signs in a user of its own, so it runs on a store of its own.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { parseCsv, seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-payments-viewer-admin" };
const VIEWER = {
	login: "avery",
	password: "e2e-payments-viewer-password",
	email: "avery@example.com",
	role: "payments_viewer",
} as const;
const PORT = 8198;

/** The names of the money actions a merchant could take, as buttons or as links styled like them. */
const MONEY_ACTION =
	/refund|capture|cancel|accept|challenge|respond|submit evidence|instant payout|pay out|save changes/i;

/** The money actions on the page that can still be used: none, for a payments viewer. */
async function enabledMoneyActions(page: Page): Promise<string[]> {
	const main = page.locator("#wpbody-content, main").first();
	const controls = main.locator("button, a.components-button, input[type=submit]");
	const names: string[] = [];
	for (const control of await controls.all()) {
		const name =
			((await control.textContent()) ?? "").trim() || ((await control.getAttribute("value")) ?? "");
		if (!MONEY_ACTION.test(name) || !(await control.isVisible())) continue;
		// A column to sort by ("Capture by") or a tab ("Uncaptured") is no action.
		if (await control.evaluate((element) => element.closest("thead, [role=tablist]") !== null)) continue;
		const disabled = (await control.isDisabled()) || (await control.getAttribute("aria-disabled")) === "true";
		if (!disabled) names.push(name);
	}
	return names;
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("a payments viewer", () => {
	let store: OwnStore;

	test.beforeAll(async () => {
		store = await startOwnStore({
			port: PORT,
			name: "payments-viewer",
			seedArgs: ["--transactions", "400"],
			admin: ADMIN,
			users: [VIEWER],
		});
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("reads the payments, finds no enabled money action, and exports the transactions", async ({
		page,
	}) => {
		await logInTo(page, store, VIEWER);
		const menu = page.getByRole("navigation", { name: "Main menu" });

		// The overview: the balance to read, no instant payout, no task list or inbox to act on.
		await menu.getByRole("link", { name: "Overview" }).click();
		await expect(page.getByRole("heading", { name: "Your balance" })).toBeVisible();
		await expect(page.getByRole("heading", { name: "Things to do" })).toHaveCount(0);
		expect(await enabledMoneyActions(page)).toEqual([]);
		expect(await seriousViolations(page)).toEqual([]);
		// Pages that only change the account are not in its menu.
		for (const name of ["Connect", "Payment methods", "Multi-currency setup"])
			await expect(menu.getByRole("link", { name })).toHaveCount(0);

		// The transactions, and a payment's details without Refund.
		await menu.getByRole("link", { name: "Transactions" }).click();
		const table = page.getByRole("table", { name: "Transactions" });
		await expect(table.locator("tbody tr").first()).toBeVisible();
		// A loan's repayment row has no payment to open: the first row that has one.
		await table.getByRole("link", { name: "View payment details" }).first().click();
		await expect(page).toHaveURL(/path=\/payments\/transactions\/details/);
		await expect(page.locator(".paydesk-payment-summary")).toBeVisible();
		await expect(page.getByRole("button", { name: "Refund in full" })).toHaveCount(0);
		await expect(page.getByRole("button", { name: "Partial refund" })).toHaveCount(0);
		expect(await enabledMoneyActions(page)).toEqual([]);

		// Uncaptured authorizations, listed without Capture or Cancel.
		await page.goBack();
		const tabs = page.getByRole("tablist", { name: "Transactions" });
		await tabs.getByRole("tab", { name: /^Uncaptured/ }).click();
		await expect(page).toHaveURL(/tab=uncaptured-page/);
		await expect(
			page
				.getByRole("table", { name: "Uncaptured transactions" })
				.or(page.getByText("There are no uncaptured transactions.")),
		).toBeVisible();
		// "Capture by" is a column to sort by; the action would be "Capture".
		await expect(page.getByRole("button", { name: "Capture", exact: true })).toHaveCount(0);
		expect(await enabledMoneyActions(page)).toEqual([]);

		// The disputes: each is to view, none to respond to, and its panel offers nothing to do.
		await menu.getByRole("link", { name: "Disputes" }).click();
		const disputes = page.getByRole("table", { name: "Disputes" });
		await expect(disputes.locator("tbody tr").first()).toBeVisible();
		await expect(disputes.getByRole("link", { name: "Respond", exact: true })).toHaveCount(0);
		await disputes.locator("tbody tr").first().getByRole("link", { name: "View dispute details" }).click();
		await expect(page.locator(".paydesk-dispute-panel")).toBeVisible();
		expect(await enabledMoneyActions(page)).toEqual([]);

		// The payments settings: every setting to read, Save Changes disabled with the reason.
		await page.goto(
			`${store.url}/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments`,
		);
		await expect(page.locator(".paydesk-read-only__notice")).toContainText(
			"You can view these settings, but your role cannot change them.",
		);
		await expect(page.getByRole("checkbox", { name: "Enable test mode" })).toBeDisabled();
		await expect(page.getByRole("button", { name: "Save Changes" })).toHaveAttribute("aria-disabled", "true");
		await expect(page.getByText("Your role can view payments but not change them.")).toBeVisible();
		expect(await enabledMoneyActions(page)).toEqual([]);

		// A refund asked of the API directly is refused: the role, not the admin, decides.
		const refused = await page.evaluate(async () => {
			const settings = JSON.parse(document.getElementById("paydesk-page-settings")?.textContent ?? "{}") as {
				restNonce: string;
			};
			const response = await fetch("/wp-json/wc/v3/payments/refund", {
				method: "POST",
				headers: { "X-WP-Nonce": settings.restNonce, "content-type": "application/json" },
				body: JSON.stringify({ charge_id: "ch_anything" }),
			});
			return { status: response.status, body: (await response.json()) as { code: string } };
		});
		expect(refused).toEqual({ status: 403, body: expect.objectContaining({ code: "rest_forbidden" }) });

		// The export: the transactions as CSV, as any merchant downloads them.
		await menu.getByRole("link", { name: "Transactions" }).click();
		await expect(page.getByRole("table", { name: "Transactions" }).locator("tbody tr").first()).toBeVisible();
		page.once("dialog", (dialog) => void dialog.accept());
		const downloading = page.waitForEvent("download");
		await page.getByRole("button", { name: "Export" }).click();
		const download = await downloading;
		expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
		const [header, ...records] = parseCsv(await readFile(await download.path(), "utf8"));
		expect(header?.slice(0, 2)).toEqual(["Transaction ID", "Date / Time"]);
		expect(records.length).toBeGreaterThan(0);
	});
});
