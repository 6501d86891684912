/**
 * A merchant puts Paydesk in front of their own Stripe account: a store with no payments account
 * yet is given a secret key on the connect page ("Use my Stripe account"), watches the history
 * come in, finds a payment of theirs in the transactions, refunds it, and the refund is on the
 * Stripe side. Another Paydesk, a sandbox with a few weeks of payments, plays Stripe
 * (STRIPE_API_BASE points the store at it), and its official SDK reads the refund back.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { onE2eTime } from "./clock.ts";
import { expect, test } from "./fixtures.ts";
import { logInTo, type OwnStore, startOwnStore } from "./own-store.ts";
import { seriousViolations } from "./support.ts";

const STRIPE_SIDE = { login: "stripe-owner", password: "e2e-stripe-side-password" };
const MERCHANT = { login: "merchant", password: "e2e-stripe-store-password" };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

let stripeSide: OwnStore;
let store: OwnStore;
let secretKey: string;

/** A secret key of the Stripe side's account, as `npm run keys -- create` prints it. */
function createKey(on: OwnStore): string {
	const made = spawnSync(
		path.join(root, "node_modules/.bin/tsx"),
		[path.join(root, "apps/server/src/cli/keys.ts"), "create", "paydesk-journey"],
		{ env: { ...process.env, DATA_DIR: on.dataDir }, encoding: "utf8" },
	);
	if (made.status !== 0) throw new Error(`npm run keys failed: ${made.stderr}`);
	const key = made.stdout.trim().split("\n").at(-1) ?? "";
	if (!/^sk_(test|live)_/.test(key)) throw new Error(`no key printed: ${made.stdout}`);
	return key;
}

function sdk(): Stripe {
	const { hostname, port } = new URL(stripeSide.url);
	return new Stripe(secretKey, {
		host: hostname,
		port: Number(port),
		protocol: "http",
		maxNetworkRetries: 0,
	});
}

test.beforeAll(async () => {
	// Two stores are seeded and started, on a machine that may run other suites beside the journeys.
	test.setTimeout(180_000);
	stripeSide = await startOwnStore({
		port: 8190,
		name: "stripe-side",
		seedArgs: ["--transactions", "60", "--state", "sandbox"],
		admin: STRIPE_SIDE,
	});
	secretKey = createKey(stripeSide);
	store = await startOwnStore({
		port: 8191,
		name: "stripe-store",
		seedArgs: ["--state", "unconnected"],
		admin: MERCHANT,
		env: { STRIPE_API_BASE: stripeSide.url },
	});
});

test.afterAll(async () => {
	await store?.stop();
	await stripeSide?.stop();
});

async function signedIn(page: Page) {
	await onE2eTime(page.context());
	await logInTo(page, store, MERCHANT);
}

test("a merchant connects their Stripe account, watches the import, and refunds one of its payments", async ({
	page,
}) => {
	test.setTimeout(180_000);
	await signedIn(page);
	await page.goto(`${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/connect`);
	await page.getByRole("button", { name: "Use my Stripe account" }).click();
	await expect(page.getByText(/A restricted key \(rk_…\) is recommended/)).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	await page.getByRole("textbox", { name: "Secret key" }).fill(secretKey);
	await page.getByRole("button", { name: "Connect" }).click();
	await expect(page.getByText(/Connected to the Stripe account acct_/)).toBeVisible({ timeout: 30_000 });
	await expect(page.getByText("Your Stripe history is imported, and kept up to date.")).toBeVisible({
		timeout: 60_000,
	});
	await expect(page.getByText(/^Charges: [1-9][\d,]* \(done\)$/)).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	// The Stripe side's newest payment that can be refunded, as the store's transactions list it.
	const stripe = sdk();
	const charges = await stripe.charges.list({ limit: 100 });
	const refundable = charges.data.find(
		(charge) => charge.captured && !charge.refunded && !charge.disputed && charge.status === "succeeded",
	);
	if (!refundable) throw new Error("the Stripe side has no refundable payment");
	const intent = refundable.payment_intent as string;

	await page.getByRole("link", { name: "Go to Payments" }).click();
	await expect(page).toHaveURL(/path=%2Fpayments%2Foverview|path=\/payments\/overview/);
	// What Stripe's API does not offer is said to be Stripe's, not shown empty.
	await page.goto(`${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/loans`);
	await expect(page.getByText(/Capital Loans is managed in your Stripe Dashboard/)).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
	await page.goto(`${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/transactions`);
	await expect(page.getByRole("table").first()).toBeVisible();
	await page.goto(
		`${store.url}/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=${intent}`,
	);
	const summary = page.locator(".paydesk-payment-summary");
	await expect(summary.locator(".paydesk-payment-summary__amount")).toContainText("Paid");
	await summary.getByRole("button", { name: "Refund in full" }).click();
	const dialog = page.getByRole("dialog", { name: "Refund transaction" });
	await dialog.getByRole("button", { name: "Refund transaction" }).click();
	await expect(summary.locator(".paydesk-payment-summary__amount")).toContainText("Refunded");

	const refunds = await stripe.refunds.list({ charge: refundable.id });
	expect(refunds.data.map((refund) => refund.amount)).toEqual([
		refundable.amount - refundable.amount_refunded,
	]);
	expect((await stripe.charges.retrieve(refundable.id)).refunded).toBe(true);
});
