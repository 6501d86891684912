/**
 * The processor clock journey: a sandbox merchant takes three test payments, moves the test clock from
 * the admin bar, and watches the processor's timed rules play out on the screens:
 * - funds are available 2 days after a capture and paid out at the next 00:00 UTC (≥ $5); the
 *   payout is in transit an hour later and paid 2 days after it was made, so a week later it is
 *   Completed, and its details list the transactions it paid out;
 * - an authorization not captured within 7 days expires and leaves the Uncaptured tab;
 * - the dispute card's payment is disputed 1 hour after it succeeded, due 7 days after that:
 *   a week after the payment it needs a response (for one more hour), an hour later it is lost.
 * The shared e2e server seeds a live (real-time) store, so the journey starts a sandbox store of
 * its own, on its own port and data directory, seeded with `seed --state sandbox`. That store
 * has a short demo history even with `--transactions 0` (authorizations, disputes, a Capital loan
 * that captures repay), so the journey finds its own payments among the rest.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { api } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-sandbox-password" };
const PORT = 8195;
/**
 * The demo history ends on a fixed past day, so it is the same at every run (its balance decides
 * whether the week's payouts are made) and wholly behind the clock: the server settles it when it
 * starts, and the journey's authorization and dispute are the only open ones.
 */
const SEEDED_AT = "2026-06-01T12:00:00Z";
const WEEK = 7 * 86_400;
const HOUR = 3600;

type Store = OwnStore;

const startSandboxStore = (port: number) =>
	startOwnStore({
		port,
		name: "clock",
		seedArgs: ["--state", "sandbox", "--transactions", "0", "--now", SEEDED_AT],
		admin: ADMIN,
	});
const logIn = logInTo;

interface Intent {
	id: string;
	status: string;
	order: { id: number; number: string };
}

interface Clock {
	now: number;
}

interface Payout {
	id: string;
	status: string;
	amount: number;
}

interface PayoutTransaction {
	payment_intent_id: string | null;
	type: string;
	deposit_id: string | null;
}

/** A payment of `amount` minor units taken by the store's checkout with a test card. */
function takePayment(page: Page, card: string, amount: number, capture: "automatic" | "manual") {
	return api<Intent>(page, "/payment_intents", {
		method: "POST",
		body: {
			amount,
			currency: "usd",
			capture_method: capture,
			payment_method: {
				type: "card",
				card: { number: card, exp_month: 12, exp_year: 2030, cvc: "123" },
				billing_details: {
					name: "Jenny Rosen",
					email: "jenny@example.com",
					address: { line1: "510 Townsend St", city: "San Francisco", postal_code: "94103", country: "US" },
				},
			},
			order: { items: [{ name: "Canvas Tote Bag", quantity: 1, total: amount }] },
		},
	});
}

/** The minor units an amount on screen reads ("$1,234.56" -> "123456"). */
const minorUnits = (text: string | null): string => (text ?? "").replace(/\D/g, "").replace(/^0+(?=\d)/, "");

const screenUrl = (store: Store, route: string) =>
	`${store.url}/wp-admin/admin.php?page=wc-admin&path=${route}`;
const sandboxClock = (page: Page) =>
	page.getByRole("navigation", { name: "Toolbar" }).getByRole("group", { name: "Sandbox clock" });

/** Clicks one of the admin bar's steps and waits for the server to have run what became due. */
async function advanceClock(page: Page, step: "+1 hour" | "+1 week", seconds: number): Promise<void> {
	const before = await api<Clock>(page, "/sandbox/clock");
	const moved = page.waitForResponse(
		(response) =>
			response.url().endsWith("/sandbox/clock") && response.request().method() === "POST" && response.ok(),
	);
	await sandboxClock(page).getByRole("button", { name: step, exact: true }).click();
	const answer = (await (await moved).json()) as Clock;
	expect(answer.now - before.now).toBeGreaterThanOrEqual(seconds);
	await expect(page.locator(".paydesk-snackbars")).toContainText("The sandbox clock moved to ");
}

test.use({ storageState: { cookies: [], origins: [] } });

test.describe("a sandbox store", () => {
	let store: Store;

	test.beforeAll(async () => {
		store = await startSandboxStore(PORT);
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("advance a sandbox week, then see a payout paid with its transactions, an expired authorization gone, and a dispute arrive and then be lost", async ({
		page,
	}) => {
		test.setTimeout(120_000);
		await logIn(page, store);
		await page.goto(screenUrl(store, "/payments/overview"));
		await expect(sandboxClock(page)).toContainText(/Sandbox time: (?!loading)/);

		// The store's checkout takes a sale, an authorization to capture later, and a disputed sale. The
		// demo history leaves the balance owing $159.76 (a withdrawal and repayments after its last
		// payout): the sale is large enough to bring it above the payout minimum.
		const sale = await takePayment(page, "4242424242424242", 50_000, "automatic");
		const hold = await takePayment(page, "4242424242424242", 4000, "manual");
		const disputed = await takePayment(page, "4000000000000259", 6000, "automatic");
		expect([sale.status, hold.status, disputed.status]).toEqual([
			"succeeded",
			"requires_capture",
			"succeeded",
		]);

		// Before time moves: the authorization waits in the Uncaptured tab (newest first).
		const waiting = await api<{ count: number }>(page, "/authorizations/summary");
		const uncapturedTab = screenUrl(store, "/payments/transactions&tab=uncaptured-page");
		await page.goto(`${uncapturedTab}&orderby=created&order=desc`);
		await expect(page.getByRole("tab", { name: `Uncaptured (${waiting.count})` })).toHaveAttribute(
			"aria-selected",
			"true",
		);
		const newest = page.getByRole("table", { name: "Uncaptured transactions" }).locator("tbody tr").first();
		await expect(newest.getByRole("link", { name: `#${hold.order.number}`, exact: true })).toBeVisible();
		await expect(newest).toContainText("$40.00");

		// A week passes, from the admin bar of the overview.
		await page.goto(screenUrl(store, "/payments/overview"));
		await expect(page.getByTestId("balance-available")).toHaveText(/\$[\d,]+\.\d{2}$/);
		await expect(page.getByRole("heading", { name: "Things to do" })).toBeVisible();
		await expect(sandboxClock(page)).toContainText(/Sandbox time: (?!loading)/);
		await page.screenshot({ path: "/tmp/processor-clock.png" });
		const axe = await new AxeBuilder({ page })
			.include(".paydesk-overview")
			.include(".paydesk-sandbox-clock")
			.analyze();
		expect(
			axe.violations
				.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
				.map((violation) => `${violation.id}: ${violation.help}`),
		).toEqual([]);
		await advanceClock(page, "+1 week", WEEK);

		// The sale and the disputed payment were paid out together, and the payout reached the bank.
		const recent = await api<{ data: PayoutTransaction[] }>(page, "/transactions?pagesize=100");
		const chargeOf = (intent: Intent) =>
			recent.data.find((row) => row.type === "charge" && row.payment_intent_id === intent.id);
		const payoutId = chargeOf(sale)?.deposit_id;
		if (!payoutId) throw new Error("The sale was not paid out");
		expect(chargeOf(disputed)?.deposit_id).toBe(payoutId);
		const payout = await api<Payout>(page, `/deposits/${payoutId}`);
		expect(payout.status).toBe("paid");
		const contents = await api<{ total_count: number }>(
			page,
			`/transactions?deposit_id=${payoutId}&pagesize=1`,
		);
		await page.goto(screenUrl(store, "/payments/payouts"));
		const row = page
			.getByRole("table", { name: "Payout history" })
			.locator("tbody tr")
			.filter({ has: page.locator(`a[href*="id=${payoutId}"]`) });
		await expect(row).toContainText("Completed");
		await row.getByRole("link", { name: "View payout details" }).click();
		await expect(page).toHaveURL(/path=\/payments\/payouts\/details/);
		const details = page.locator(".paydesk-payout-details");
		await expect(details.locator(".paydesk-summary-list__amount")).toHaveText(/\d/);
		expect(minorUnits(await details.locator(".paydesk-summary-list__amount").textContent())).toBe(
			String(payout.amount),
		);
		const transactions = page.getByRole("table", { name: "Payout transactions" });
		await expect(transactions.locator("tbody tr")).toHaveCount(Math.min(contents.total_count, 25));
		// Among them the two charges (with what else was due that day: loan repayments, disputes).
		for (const intent of [sale, disputed]) {
			const order = page.getByRole("link", { name: `#${intent.order.number}`, exact: true });
			await expect(
				transactions.locator("tbody tr").filter({ hasText: "Charge" }).filter({ has: order }),
			).toHaveCount(1);
		}

		// The authorization expired after 7 days: with nothing left to capture (and manual capture
		// off), the Uncaptured tab is gone.
		expect((await api<{ count: number }>(page, "/authorizations/summary")).count).toBe(0);
		await page.goto(uncapturedTab);
		const tabs = page.getByRole("tablist", { name: "Transactions" });
		await expect(tabs.getByRole("tab", { name: "All transactions" })).toHaveAttribute(
			"aria-selected",
			"true",
		);
		await expect(tabs.getByRole("tab", { name: /^Uncaptured/ })).toHaveCount(0);
		await expect(page.getByRole("table", { name: "Transactions" })).toBeVisible();

		// The dispute arrived an hour after the payment and is due a week after that: one hour left.
		await page.goto(screenUrl(store, "/payments/disputes"));
		const dispute = page
			.getByRole("table", { name: "Disputes" })
			.locator("tbody tr")
			.filter({ has: page.getByRole("link", { name: `#${disputed.order.number}`, exact: true }) });
		await expect(dispute).toContainText("Needs response");

		// Unanswered, it is lost once its due date passes.
		await advanceClock(page, "+1 hour", HOUR);
		await expect(dispute).toContainText("Lost");
		await expect(dispute).not.toContainText("Needs response");
	});
});
