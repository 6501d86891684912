/**
 * The Activity journey: an administrator refunds a paid payment in full, then finds "Refunded …
 * by admin" in Payments › Activity (narrowed to refunds, with its CSV link) and on the payment's
 * own Activity card. The payment is found through the REST API the admin uses, never by a fixed id.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api, seriousViolations } from "./support.ts";

const OVERVIEW = "/wp-admin/admin.php?page=wc-admin&path=/payments/overview";
const DETAILS = "/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details";
const ACTIVITY = "/wp-admin/admin.php?page=wc-admin&path=/payments/activity";

interface PaymentIntent {
	id: string;
	charge: {
		display_status: string;
		amount: number;
		refundable_amount: number;
		order: { id: number; number: string } | null;
	};
}

/** A paid card payment with an order and nothing refunded yet. */
async function paidPayment(page: Page): Promise<PaymentIntent> {
	await page.goto(OVERVIEW);
	const list = await api<{ data: { payment_intent_id: string | null }[] }>(
		page,
		"/transactions?pagesize=50&type_is=charge&source_is=mastercard",
	);
	for (const row of list.data) {
		if (!row.payment_intent_id) continue;
		const intent = await api<PaymentIntent>(page, `/payment_intents/${row.payment_intent_id}`);
		const charge = intent.charge;
		if (charge.display_status === "paid" && charge.order && charge.refundable_amount === charge.amount) {
			return intent;
		}
	}
	throw new Error("No paid payment to refund was found");
}

test("an administrator refunds a payment and finds who did it on Payments › Activity and on the payment", async ({
	page,
}) => {
	const intent = await paidPayment(page);
	await page.goto(`${DETAILS}&id=${intent.id}`);
	const summary = page.locator(".paydesk-payment-summary");
	await summary.getByRole("button", { name: "Refund in full" }).click();
	const dialog = page.getByRole("dialog", { name: "Refund transaction" });
	await dialog.getByLabel("Reason for refund (optional)").selectOption("requested_by_customer");
	await dialog.getByRole("button", { name: "Refund transaction" }).click();
	await expect(page.locator(".paydesk-snackbars")).toContainText(
		`Refunded payment #${intent.charge.order?.number}.`,
	);

	// The payment's own Activity card.
	const card = page.locator(".paydesk-payment-activity-card");
	await expect(card).toContainText(/Refunded .+ by admin, reason: Requested by customer/);

	// Payments › Activity, narrowed to refunds.
	await page.goto(`${ACTIVITY}&filter=advanced&action_is=refund.created`);
	const table = page.getByRole("table", { name: "Activity" });
	await expect(table).toContainText(/Refunded .+ by admin, reason: Requested by customer/);
	const csv = page.getByRole("link", { name: "Download CSV" });
	await expect(csv).toHaveAttribute("href", /audit-log\/download\?.*action_is=refund\.created/);
	expect(await seriousViolations(page)).toEqual([]);

	await page.goto(`${DETAILS}&id=${intent.id}`);
	await expect(card).toBeVisible();
	expect(await seriousViolations(page)).toEqual([]);
});
