/**
 * The two-factor journey: an administrator sets up an authenticator app on their Profile (the QR
 * code, the shared secret key, a code of it) and keeps the 10 recovery codes shown once; signed
 * out, their password alone no longer signs in: the login form asks for the authentication
 * code, and a code of the app signs in, then a recovery code does. Then the administrator
 * requires two-factor sign-in for shop managers, and a shop manager is sent from their password
 * to their Profile to set it up, and can open nothing else until they have. The codes are
 * computed here as the app computes them (RFC 6238), at the journeys' time, which the store's
 * server clock follows. The journey changes who may sign in, so it runs on a store of its own.
 */
import { createHmac } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { e2eNow, onE2eTime } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnStore, startOwnStore } from "./own-store.ts";
import { seriousViolations } from "./support.ts";

const ADMIN = { login: "admin", password: "e2e-two-factor-password" };
const MANAGER = {
	login: "sam",
	password: "e2e-shop-manager-password",
	email: "sam@example.com",
	role: "shop_manager",
} as const;
const PORT = 8192;
const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";

/** An authenticator app's code of a base32 key (HMAC-SHA1, 6 digits, 30-second steps). */
function appCode(key: string, stepsAhead = 0): string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	let bits = "";
	for (const char of key) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
	const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
	const counter = Buffer.alloc(8);
	counter.writeBigUInt64BE(BigInt(Math.floor(e2eNow().getTime() / 30_000) + stepsAhead));
	const digest = createHmac("sha1", bytes).update(counter).digest();
	const offset = (digest[digest.length - 1] ?? 0) & 0xf;
	return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function freshPage(browser: Browser): Promise<Page> {
	const context = await onE2eTime(await browser.newContext({ storageState: { cookies: [], origins: [] } }));
	return context.newPage();
}

async function submitPassword(page: Page, store: OwnStore, user: { login: string; password: string }) {
	await page.goto(`${store.url}/wp-login.php`);
	await page.locator("#user_login").fill(user.login);
	await page.locator("#user_pass").fill(user.password);
	await page.locator("#wp-submit").click();
}

async function logOut(page: Page) {
	await page.getByRole("link", { name: "Log Out" }).click();
	await expect(page.getByText("You are now logged out.")).toBeVisible();
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.describe("two-factor sign-in", () => {
	let store: OwnStore;
	let key = "";
	let recoveryCodes: string[] = [];

	test.beforeAll(async () => {
		store = await startOwnStore({
			port: PORT,
			name: "two-factor",
			seedArgs: ["--transactions", "20"],
			admin: ADMIN,
			users: [MANAGER],
		});
	});
	test.afterAll(async () => {
		await store?.stop();
	});

	test("an administrator sets up an authenticator app and keeps the recovery codes", async ({ browser }) => {
		const page = await freshPage(browser);
		await submitPassword(page, store, ADMIN);
		await page.waitForURL(/page=wc-admin/);
		await page.goto(`${store.url}/wp-admin/profile.php`);
		const section = page.locator(".paydesk-two-factor");
		await expect(section.getByText(/Two-factor sign-in is off/)).toBeVisible();
		await section.getByRole("button", { name: "Set Up Authenticator App" }).click();

		await expect(section.getByRole("img", { name: "Authenticator App QR Code" })).toBeVisible();
		key = await section.getByLabel("Shared secret key").inputValue();
		expect(key).toMatch(/^[A-Z2-7]{32}$/);
		expect(await seriousViolations(page)).toEqual([]);
		await section.getByLabel("Authentication code").fill(appCode(key));
		await section.getByRole("button", { name: "Verify" }).click();

		const codes = section.getByRole("region", { name: "Recovery Codes" });
		await expect(codes.getByRole("listitem")).toHaveCount(10);
		recoveryCodes = await codes.getByRole("listitem").allTextContents();
		for (const code of recoveryCodes) expect(code).toMatch(/^\d{8}$/);
		await codes.getByRole("button", { name: "Done" }).click();
		await expect(section.getByText(/10 unused recovery codes remaining/)).toBeVisible();
		// Shown once: a reload shows the count, never the codes.
		await page.reload();
		await expect(section.getByText(/10 unused recovery codes remaining/)).toBeVisible();
		await expect(section.getByText(recoveryCodes[0] ?? "")).toHaveCount(0);
		await logOut(page);
		await page.context().close();
	});

	test("signed out, the password alone is not enough: a code of the app signs in", async ({ browser }) => {
		const page = await freshPage(browser);
		await submitPassword(page, store, ADMIN);
		await expect(page).toHaveURL(/\/wp-login\.php/);
		const code = page.getByLabel("Authentication Code:");
		await expect(code).toBeFocused();
		expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
			"wordpress_logged_in_paydesk",
		);

		await code.fill("000000");
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByRole("alert")).toContainText("Invalid verification code.");
		// The code that turned it on is used: the next step's is the one to type.
		await page.getByLabel("Authentication Code:").fill(appCode(key, 1));
		await page.getByRole("button", { name: "Verify" }).click();
		await page.waitForURL(/page=wc-admin&path=\/payments\/overview/);
		await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
		await logOut(page);
		await page.context().close();
	});

	test("a recovery code signs in once", async ({ browser }) => {
		const page = await freshPage(browser);
		await submitPassword(page, store, ADMIN);
		await page.getByLabel("Authentication Code:").fill(recoveryCodes[0] ?? "");
		await page.getByRole("button", { name: "Verify" }).click();
		await page.waitForURL(/page=wc-admin/);
		await page.goto(`${store.url}/wp-admin/profile.php`);
		await expect(
			page.locator(".paydesk-two-factor").getByText(/9 unused recovery codes remaining/),
		).toBeVisible();
		await logOut(page);

		await submitPassword(page, store, ADMIN);
		await page.getByLabel("Authentication Code:").fill(recoveryCodes[0] ?? "");
		await page.getByRole("button", { name: "Verify" }).click();
		await expect(page.getByRole("alert")).toContainText("Invalid verification code.");
		await page.context().close();
	});

	test("required for shop managers, one is sent to set it up before anything else", async ({ browser }) => {
		const admin = await freshPage(browser);
		await submitPassword(admin, store, ADMIN);
		await admin.getByLabel("Authentication Code:").fill(recoveryCodes[1] ?? "");
		await admin.getByRole("button", { name: "Verify" }).click();
		await admin.waitForURL(/page=wc-admin/);
		await admin.goto(`${store.url}/wp-admin/options-general.php`);
		const roles = admin.getByRole("group", { name: "Require Two-Factor Sign-In" });
		await roles.getByRole("checkbox", { name: "Shop manager" }).check();
		await admin.getByRole("button", { name: "Save Changes" }).click();
		await expect(admin.locator(".paydesk-snackbar", { hasText: "Settings saved." })).toBeVisible();
		await admin.context().close();

		const page = await freshPage(browser);
		await submitPassword(page, store, MANAGER);
		await page.waitForURL(/\/wp-admin\/profile\.php$/);
		await expect(
			page.locator(".components-notice__content", { hasText: /Your role requires two-factor sign-in/ }),
		).toBeVisible();
		const menu = page.getByRole("navigation", { name: "Main menu" });
		await expect(menu.getByRole("link", { name: "Overview" })).toHaveCount(0);
		// Nothing else opens until it is set up.
		await page.goto(`${store.url}${OVERVIEW}`);
		await page.waitForURL(/\/wp-admin\/profile\.php$/);

		const section = page.locator(".paydesk-two-factor");
		const managerKey = await section.getByLabel("Shared secret key").inputValue();
		await section.getByLabel("Authentication code").fill(appCode(managerKey));
		await section.getByRole("button", { name: "Verify" }).click();
		const codes = section.getByRole("region", { name: "Recovery Codes" });
		await expect(codes.getByRole("listitem")).toHaveCount(10);
		expect(await seriousViolations(page)).toEqual([]);
		await codes.getByRole("button", { name: "Continue to the Admin" }).click();
		await page.waitForURL(/page=wc-admin&path=\/payments\/overview/);
		await expect(menu.getByRole("link", { name: "Overview" })).toBeVisible();
		await page.context().close();
	});
});
