/**
 * The payment details journey: a merchant captures an uncaptured payment and sees the capture on its
 * timeline, refunds a paid payment in full with a reason, opens a payment through its order
 * number, sees the processor expire authorizations past their 7-day window, and refunds part of a payment
 * from its order. Payments are found through the REST API the admin uses, never by fixed ids.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { e2eNow } from "./clock.ts";
import { expect, test } from "./fixtures.ts";

const DETAILS = "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details";
const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";

interface Authorization {
	payment_intent_id: string;
	capture_by: string;
	order_id: number | null;
}

interface PaymentIntent {
	id: string;
	charge: {
		display_status: string;
		amount: number;
		refundable_amount: number;
		order: { id: number; number: string } | null;
	};
}

/** A GET of the payments REST API from inside the admin, with its nonce, as the app calls it. */
async function api<T>(page: Page, path: string): Promise<T> {
	if (!page.url().includes("/wp-admin/")) await page.goto(OVERVIEW);
	return page.evaluate(async (url) => {
		const settings = JSON.parse(document.getElementById("paydesk-page-settings")?.textContent ?? "{}") as {
			restNonce: string;
		};
		const response = await fetch(url, { headers: { "X-WP-Nonce": settings.restNonce } });
		if (!response.ok) throw new Error(`${url} answered ${response.status}`);
		return (await response.json()) as T;
	}, `/wp-json/wc/v3/payments${path}`) as Promise<T>;
}

async function authorizations(page: Page, direction: "asc" | "desc"): Promise<Authorization[]> {
	const list = await api<{ data: Authorization[] }>(
		page,
		`/authorizations?pagesize=100&direction=${direction}`,
	);
	return list.data;
}

/** A paid card payment with an order and nothing refunded, newest first, other than `except`. */
async function paidPayment(page: Page, except: string[] = []): Promise<PaymentIntent> {
	const list = await api<{ data: { payment_intent_id: string | null }[] }>(
		page,
		"/transactions?pagesize=50&type_is=charge&source_is=visa",
	);
	for (const row of list.data) {
		if (!row.payment_intent_id || except.includes(row.payment_intent_id)) continue;
		const intent = await api<PaymentIntent>(page, `/payment_intents/${row.payment_intent_id}`);
		const charge = intent.charge;
		if (charge.display_status === "paid" && charge.order && charge.refundable_amount === charge.amount) {
			return intent;
		}
	}
	throw new Error("No paid payment to refund was found");
}

const snackbars = (page: Page) => page.locator(".paydesk-snackbars");
const timeline = (page: Page) => page.getByRole("list", { name: "Payment timeline" });
const captureBanner = (page: Page) => page.getByRole("region", { name: "Capture payment" });

async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map((violation) => `${violation.id}: ${violation.help}`);
}

test("a merchant captures an uncaptured payment and the timeline shows the capture", async ({ page }) => {
	// The newest authorization has most of its 7 days left.
	const [authorization] = await authorizations(page, "desc");
	if (!authorization?.order_id) throw new Error("The store has no uncaptured authorization with an order");
	const intent = await api<PaymentIntent>(page, `/payment_intents/${authorization.payment_intent_id}`);
	const orderNumber = intent.charge.order?.number ?? "";

	await page.goto(`${DETAILS}&id=${authorization.payment_intent_id}`);
	await expect(captureBanner(page)).toContainText(
		"This payment is authorized but not captured yet. Capture it by",
	);
	await expect(timeline(page)).toContainText("was authorized.");
	expect(await seriousViolations(page)).toEqual([]);

	await captureBanner(page).getByRole("button", { name: "Capture" }).click();
	await expect(snackbars(page)).toContainText(`Payment for order #${orderNumber} captured successfully.`);
	await expect(captureBanner(page)).toHaveCount(0);
	// The capture is on the timeline (an active loan's repayment may follow it at the same time).
	await expect(
		timeline(page)
			.locator(".paydesk-timeline__headline")
			.filter({ hasText: /^A payment of .+ was captured\.$/ }),
	).toHaveCount(1);
	await expect(timeline(page)).toContainText("Fee (");
	await expect(page.locator(".paydesk-payment-summary__amount")).toContainText("Paid");
});

test("a merchant refunds a paid payment in full with a reason; it becomes refunded and the refund button goes", async ({
	page,
}) => {
	const intent = await paidPayment(page);
	const orderNumber = intent.charge.order?.number ?? "";
	await page.goto(`${DETAILS}&id=${intent.id}`);
	const summary = page.locator(".paydesk-payment-summary");
	await expect(summary.locator(".paydesk-payment-summary__amount")).toContainText("Paid");

	await summary.getByRole("button", { name: "Refund in full" }).click();
	const dialog = page.getByRole("dialog", { name: "Refund transaction" });
	await expect(dialog).toContainText("This will issue a full refund of");
	await dialog.getByLabel("Reason for refund (optional)").selectOption("requested_by_customer");
	expect(await seriousViolations(page)).toEqual([]);
	await dialog.getByRole("button", { name: "Refund transaction" }).click();

	await expect(snackbars(page)).toContainText(`Refunded payment #${orderNumber}.`);
	await expect(summary.locator(".paydesk-payment-summary__amount")).toContainText("Refunded");
	await expect(summary.getByRole("button", { name: "Refund in full" })).toHaveCount(0);
	await expect(timeline(page)).toContainText("The payment is fully refunded.");
	await expect(timeline(page)).toContainText("Reason: Requested by customer");
});

test("a merchant opens a payment through its order number and lands on the payment-intent URL", async ({
	page,
}) => {
	const intent = await paidPayment(page);
	const orderId = intent.charge.order?.id ?? 0;
	await page.goto(`${DETAILS}&id=${orderId}`);
	await expect(page).toHaveURL(new RegExp(`[?&]id=${intent.id}(&|$)`));
	await expect(page.locator(".paydesk-payment-summary")).toContainText(intent.id);
	// A charge id reached from a filtered list goes the same way and leaves the filters behind.
	const charge = (await api<{ id: string }>(page, `/charges/order/${orderId}`)).id;
	await page.goto(`${DETAILS}&id=${charge}&status_is=block&type_is=review`);
	await expect(page).toHaveURL(new RegExp(`[?&]id=${intent.id}(&|$)`));
	await expect(page).not.toHaveURL(/status_is|type_is/);
});

test("the processor expires an authorization past its 7-day window: it leaves the Uncaptured tab", async ({
	page,
}) => {
	// The demo store holds authorizations older than 7 days; the processor clock expires them
	// within seconds of the server starting, so none is left to capture.
	await expect
		.poll(
			async () => {
				const now = e2eNow().getTime();
				return (await authorizations(page, "asc")).filter(
					(authorization) => Date.parse(authorization.capture_by) <= now,
				).length;
			},
			{ timeout: 20_000 },
		)
		.toBe(0);
	const waiting = await authorizations(page, "asc");
	const oldest = waiting[0];
	if (!oldest) return;
	await page.goto(`${DETAILS}&id=${oldest.payment_intent_id}`);
	await expect(captureBanner(page)).toContainText("Capture");
});

test("a merchant refunds part of a payment from its order", async ({ page }) => {
	const intent = await paidPayment(page);
	const orderNumber = intent.charge.order?.number ?? "";
	await page.goto(`${DETAILS}&id=${intent.id}`);
	await page.locator(".paydesk-payment-summary").getByRole("button", { name: "Partial refund" }).click();
	await expect(page).toHaveURL(
		new RegExp(`/wp-admin/post\\.php\\?post=${intent.charge.order?.id}&action=edit`),
	);
	await expect(page.getByRole("heading", { name: `Order #${orderNumber} details` })).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);

	await page.getByLabel(/^Refund amount/).fill("1");
	await page.getByLabel("Reason for refund (optional)").selectOption("duplicate");
	// The payment's currency names the button: "Refund $1.00", "Refund €1.00" …
	await page.getByRole("button", { name: /^Refund \D*1[.,]00/ }).click();
	await expect(snackbars(page)).toContainText(`Refunded payment #${orderNumber}.`);
	const refunds = page.getByRole("table", { name: "Refunds" });
	await expect(refunds).toContainText("Duplicate order");
	await expect(refunds).toContainText(/-\D*1[.,]00/);

	await page.getByRole("link", { name: "View payment details" }).click();
	await expect(page.locator(".paydesk-payment-summary__amount")).toContainText("Partial refund");
	await expect(page.getByRole("button", { name: "Refund in full" })).toHaveCount(0);
});
