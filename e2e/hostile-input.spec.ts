/**
 * A stored script never runs in the admin: payloads with <script>, onerror= and
 * javascript: are saved through the API's public write routes — dispute evidence text, an
 * evidence file's name — and the screens that show them are opened in Chromium. No dialog
 * opens, no injected element exists, nothing sets the payloads' flag, and the text is shown as
 * the merchant typed it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const FLAG = "__paydeskXss";
const IMG = `<img src=x onerror="window.${FLAG}=1;alert(1)">`;
const SCRIPT = `</textarea><script>window.${FLAG}=2;alert(2)</script>`;
const SVG = `<svg onload="window.${FLAG}=3"><a href="javascript:alert(3)">x</a></svg>`;
const FILE_NAME = `<img src=x onerror=alert(4)>.pdf`;

interface DisputeRow {
	dispute_id: string;
	status: string;
}

/** The REST nonce the admin page was served with. */
async function restNonce(page: Page): Promise<string> {
	await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
	const island = await page.locator("#paydesk-page-settings").textContent();
	return (JSON.parse(island ?? "{}") as { restNonce: string }).restNonce;
}

/** Fails the test on any dialog, and records a CSP refusal of an inline script. */
function watch(page: Page): { dialogs: string[]; blocked: string[] } {
	const seen = { dialogs: [] as string[], blocked: [] as string[] };
	page.on("dialog", async (dialog) => {
		seen.dialogs.push(dialog.message());
		await dialog.dismiss();
	});
	page.on("console", (message) => {
		if (/Content Security Policy/i.test(message.text())) seen.blocked.push(message.text());
	});
	return seen;
}

async function expectNothingInjected(page: Page): Promise<void> {
	expect(
		await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], FLAG),
	).toBeUndefined();
	await expect(
		page.locator("[onerror], [onload], script:not([src]):not([type='application/json'])"),
	).toHaveCount(0);
	await expect(page.locator('img[src="x"], a[href^="javascript:"]')).toHaveCount(0);
}

test("payloads stored in dispute evidence and a file name are shown as text, never run", async ({ page }) => {
	const seen = watch(page);
	const nonce = await restNonce(page);
	const headers = { "x-wp-nonce": nonce };

	// A dispute that still needs a response (the last one, so other journeys keep theirs).
	const list = await page.request.get(`${BASE}/disputes?filter=awaiting_response&pagesize=100`, { headers });
	expect(list.ok()).toBe(true);
	const rows = ((await list.json()) as { data: DisputeRow[] }).data.filter(
		(row) => row.status === "needs_response",
	);
	const disputeId = rows.at(-1)?.dispute_id ?? "";
	expect(disputeId).not.toBe("");

	const uploaded = await page.request.post(`${BASE}/file`, {
		headers,
		multipart: {
			purpose: "dispute_evidence",
			file: { name: FILE_NAME, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
		},
	});
	expect(uploaded.ok()).toBe(true);
	const file = (await uploaded.json()) as { id: string; filename: string };

	const saved = await page.request.post(`${BASE}/disputes/${disputeId}`, {
		headers,
		data: {
			evidence: {
				customer_name: IMG,
				product_description: SCRIPT,
				uncategorized_text: SVG,
				receipt: file.id,
			},
			metadata: { __product_type: "physical_product", receipt: file.filename },
			submit: false,
		},
	});
	expect(saved.ok(), await saved.text()).toBe(true);

	// The challenge page shows every stored value, as text.
	await page.goto(`/wp-admin/admin.php?page=wc-admin&path=/payments/disputes/challenge&id=${disputeId}`);
	await expect(page.getByLabel("Customer's name")).toHaveValue(IMG);
	await expect(page.getByLabel("Product description")).toHaveValue(SCRIPT);
	await expect(page.getByRole("button", { name: file.filename })).toBeVisible();
	await expectNothingInjected(page);

	// The dispute's payment and the disputes list show the dispute too.
	const dispute = (await (await page.request.get(`${BASE}/disputes/${disputeId}`, { headers })).json()) as {
		charge: { payment_intent: string };
	};
	const intent = dispute.charge.payment_intent;
	await page.goto(`/wp-admin/admin.php?page=wc-admin&path=/payments/transactions/details&id=${intent}`);
	await expect(page.locator("#paydesk-root")).not.toBeEmpty();
	await expectNothingInjected(page);
	await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/disputes&filter=awaiting_response");
	await expect(page.getByRole("table", { name: "Disputes" })).toBeVisible();
	await expectNothingInjected(page);

	expect(seen.dialogs).toEqual([]);
	// React rendered the payloads as text, so the policy never even had to refuse an inline script.
	expect(seen.blocked).toEqual([]);
});
