/**
 * The product's tooltips (spec 1 §9): shown 700 ms after the pointer reaches the anchor, and kept
 * 600 ms after it leaves, so that the pointer can move onto a long help text and read it there.
 * The payment methods wizard's "Requires currency" tooltip shows while multi-currency is off.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api } from "./support.ts";

const WIZARD = "/wp-admin/admin.php?page=wc-admin&path=/payments/additional-payment-methods";

const multiCurrency = (page: Page, enabled: boolean) =>
	api(page, "/settings", { method: "POST", body: { is_multi_currency_enabled: enabled } });

test("a long tooltip stays while the pointer moves onto it, and hides after the pointer leaves", async ({
	page,
}) => {
	await page.goto(WIZARD);
	await multiCurrency(page, false);
	try {
		await page.reload();
		const anchor = page.getByRole("button", { name: "Requires currency" }).first();
		await anchor.hover();
		const tip = page.getByRole("tooltip");
		await expect(tip).toContainText("requires the");
		// From the anchor onto the text, across the gap between them: it stays.
		const box = await tip.boundingBox();
		if (!box) throw new Error("the tooltip has no box");
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
		await page.waitForTimeout(1_200);
		await expect(tip).toBeVisible();
		// Off it, it goes.
		await page.mouse.move(5, 5);
		await expect(tip).toBeHidden({ timeout: 3_000 });
	} finally {
		await multiCurrency(page, true);
	}
});
