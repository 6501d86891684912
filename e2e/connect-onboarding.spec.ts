/**
 * Connect and onboarding journeys from stores that are not connected yet. The shared
 * e2e server seeds a connected store, so each journey starts its own server on its own port
 * and data directory, seeded with `seed --state unconnected`.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-unconnected-password" };

type Store = OwnStore;

const startUnconnectedStore = (port: number) =>
	startOwnStore({
		port,
		name: "connect",
		seedArgs: ["--state", "unconnected", "--transactions", "0"],
		admin: ADMIN,
	});
const logIn = logInTo;

const connectPage = (store: Store) => `${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/connect`;

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("from an unconnected store", () => {
	let sandboxStore: Store;
	let businessStore: Store;

	test.beforeAll(async () => {
		[sandboxStore, businessStore] = await Promise.all([
			startUnconnectedStore(8193),
			startUnconnectedStore(8194),
		]);
	});
	test.afterAll(async () => {
		await Promise.all([sandboxStore?.stop(), businessStore?.stop()]);
	});

	test("a merchant starts the sandbox test drive, watches the setup finish and lands on the overview", async ({
		page,
	}) => {
		const seen: number[] = [];
		await page.exposeFunction("paydeskReportProgress", (value: number) => seen.push(value));
		await page.addInitScript(() => {
			const report = (window as unknown as { paydeskReportProgress: (value: number) => void })
				.paydeskReportProgress;
			new MutationObserver(() => {
				const bar = document.querySelector("progress");
				if (bar) report(Number(bar.getAttribute("value")));
			}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
		});
		await logIn(page, sandboxStore);
		await page.goto(connectPage(sandboxStore));
		await expect(page.getByRole("heading", { name: /Hi Alex/ })).toBeVisible();

		await page.getByRole("button", { name: "I'm setting up a store for someone else" }).click();
		await page.getByRole("button", { name: "Enable sandbox mode" }).click();
		await expect(page.getByRole("heading", { name: "Finishing payments setup" })).toBeVisible();

		await page.waitForURL(/path=\/payments\/overview/, { timeout: 45_000 });
		const url = new URL(page.url());
		expect(url.searchParams.get("wcpay-sandbox-success")).toBe("true");
		// The bar started at 5, passed 40 once the account existed, and grew without going back.
		expect(seen[0]).toBe(5);
		expect(seen).toContain(40);
		expect(Math.max(...seen)).toBeGreaterThan(40);
		expect(seen).toEqual([...seen].sort((a, b) => a - b));
		await expect(page.getByText(/Success! You can start using .+ in sandbox mode\./)).toBeVisible();
	});

	test("the test-drive account is offered live payments: the go-live task, and the connect page's banner, modal and reset", async ({
		page,
	}) => {
		await logIn(page, sandboxStore);
		await page.goto(`${sandboxStore.url}/wp-admin/admin.php?page=wc-admin&path=/payments/overview`);
		await expect(page.getByText("Set up live payments on your store")).toBeVisible();

		// The connect page stays for a test-drive account (spec 1 §4.3).
		await page.goto(connectPage(sandboxStore));
		await expect(page).toHaveURL(/path=\/payments\/connect/);
		const banner = page
			.locator(".components-notice")
			.filter({ hasText: "You are using a test account. Activate live payments to accept real orders." });
		await expect(banner).toBeVisible();
		await expect(page.getByRole("button", { name: "Reset account" })).toBeVisible();
		await page.getByRole("button", { name: "Activate live payments" }).click();
		const modal = page.getByRole("dialog", { name: "Activate live payments" });
		await expect(modal).toBeVisible();
		expect(await seriousViolations(page)).toEqual([]);
		await modal.getByRole("button", { name: "Cancel" }).click();
		await expect(modal).toBeHidden();
	});

	test("a store that lost its platform connection is asked to reconnect, and the task's link reconnects it", async ({
		page,
	}) => {
		await logIn(page, sandboxStore);
		const overview = `${sandboxStore.url}/wp-admin/admin.php?page=wc-admin&path=/payments/overview`;
		await page.goto(overview);
		await expect(page.getByText("Set up live payments on your store")).toBeVisible();
		await expect(page.getByText("Reconnect your store")).toHaveCount(0);

		// The partner's test tool stands in for a site whose connection broke.
		await page.goto(`${sandboxStore.url}/sandbox-partner/account`);
		await page.getByRole("button", { name: "Disconnect the store" }).click();
		await expect(page.getByRole("status")).toHaveText("Your store is disconnected.");

		await page.goto(overview);
		const task = page.locator(".paydesk-task").filter({ hasText: "Reconnect your store" });
		await expect(task).toBeVisible();
		await task.getByRole("link", { name: "Reconnect", exact: true }).click();
		await page.waitForURL(/path=\/payments\/overview/);
		await expect(page.getByText("Set up live payments on your store")).toBeVisible();
		await expect(page.getByText("Reconnect your store")).toHaveCount(0);
	});

	test("a merchant goes through the business step and the embedded verification, and lands on the overview", async ({
		page,
	}) => {
		await logIn(page, businessStore);
		await page.goto(connectPage(businessStore));
		await page.getByRole("button", { name: "Verify business details" }).click();
		await page.waitForURL(/path=\/payments\/onboarding/);
		await expect(page.getByRole("heading", { name: "Tell us about your business" })).toBeVisible();

		// Continue with errors first: every field is marked.
		await page.getByRole("button", { name: "Continue" }).click();
		await expect(page.getByText("Please provide a business type")).toBeVisible();

		await page.getByLabel("Where is your business based?").selectOption("US");
		await page.getByLabel("What kind of business are you?").selectOption("company");
		await page.getByLabel("How is your business structured?").selectOption("single_member_llc");
		await page.getByRole("button", { name: /What do you sell/ }).click();
		await page.getByRole("searchbox", { name: "Search goods and services" }).fill("clothing");
		await page.getByRole("button", { name: "Clothing and accessories" }).click();
		await page.getByLabel("What is your estimated annual online revenue?").selectOption("from_250k_to_1m");
		await page.getByLabel("When do you plan to start selling online?").selectOption("within_1month");
		await page.getByRole("button", { name: "Continue" }).click();

		const partner = page.frameLocator('iframe[title="Identity verification"]');
		await expect(partner.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
		await partner.getByLabel("First name").fill("Jamie");
		await partner.getByLabel("Last name").fill("Doe");
		await partner.getByLabel("Date of birth").fill("1990-04-02");
		await partner.getByLabel("Email").fill("jamie@example.com");
		await partner.getByLabel("Street address").fill("1 Main Street");
		await partner.getByLabel("City").fill("Springfield");
		await partner.getByLabel("Postal code").fill("12345");
		await partner.getByLabel("Legal business name").fill("Demo Store LLC");
		await partner.getByLabel("ID number").fill("000000000");
		await partner.getByLabel("Bank account number").fill("000123456789");
		await partner.getByLabel(/services agreement/).check();
		await partner.getByRole("button", { name: "Submit", exact: true }).click();

		await page.waitForURL(/path=\/payments\/overview/, { timeout: 20_000 });
		expect(new URL(page.url()).searchParams.get("wcpay-connection-success")).toBe("1");
		await expect(page.getByRole("dialog")).toBeVisible();
	});

	test("the connect page and the business step have no serious accessibility violations", async ({
		page,
	}) => {
		await logIn(page, businessStore);
		await page.goto(`${businessStore.url}/wp-admin/admin.php?page=wc-admin&path=/payments/onboarding`);
		await expect(page.getByRole("heading", { name: "Tell us about your business" })).toBeVisible();
		const wizard = await new AxeBuilder({ page }).analyze();
		expect(
			wizard.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
		).toEqual([]);

		await logIn(page, sandboxStore);
		await page.goto(`${sandboxStore.url}/wp-admin/admin.php?page=wc-admin&path=/payments/overview`);
		// The sandbox account is a test account, so the connect URL may reset it: the connect page is back.
		const connectUrl = await page.evaluate(() => {
			const island = document.getElementById("paydesk-page-settings");
			return (JSON.parse(island?.textContent ?? "{}") as { connectUrl: string }).connectUrl;
		});
		await page.goto(`${sandboxStore.url}${connectUrl}&wcpay-reset-account=true`);
		await expect(page).toHaveURL(/path=\/payments\/connect/);
		await expect(page.getByRole("button", { name: "Verify business details" })).toBeVisible();
		const connect = await new AxeBuilder({ page }).analyze();
		expect(
			connect.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
		).toEqual([]);
	});
});
