/**
 * The Developers area, as a store's developer uses it: they create a secret key and pay with it
 * through Stripe's official SDK; add an endpoint pointing at their webhook handler (a receiver in
 * this test), see a delivery and what their handler answered; break the handler, see the failure,
 * mend it and press Resend; then find their request in the request log and the payment's events.
 * Every new screen is checked with axe.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { expect, test } from "./fixtures.ts";
import { seriousViolations } from "./support.ts";

/** The store's webhook handler: records each event it verifies, and answers 200 or (broken) 500. */
interface Handler {
	url: string;
	broken: boolean;
	/** Event ids verified with the endpoint's signing secret. */
	verified: string[];
	secret: string;
	server: Server;
}

async function startHandler(): Promise<Handler> {
	const verifier = new Stripe("sk_test_unused");
	const handler: Handler = { url: "", broken: false, verified: [], secret: "", server: createServer() };
	handler.server.on("request", (request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			const body = Buffer.concat(chunks).toString("utf8");
			if (handler.broken) {
				response.writeHead(500, { "content-type": "text/plain" }).end("order sync crashed");
				return;
			}
			try {
				const event = verifier.webhooks.constructEvent(
					body,
					String(request.headers["stripe-signature"]),
					handler.secret,
					// The server's clock runs on the journeys' timeline, not this machine's.
					Number.MAX_SAFE_INTEGER,
				);
				handler.verified.push(event.id);
				response.writeHead(200, { "content-type": "application/json" }).end('{"synced":true}');
			} catch {
				response.writeHead(400, { "content-type": "text/plain" }).end("bad signature");
			}
		});
	});
	await new Promise<void>((resolve) => handler.server.listen(0, "127.0.0.1", resolve));
	handler.url = `http://127.0.0.1:${(handler.server.address() as AddressInfo).port}/stripe/webhooks`;
	return handler;
}

function sdk(secret: string, baseURL: string): Stripe {
	const { hostname, port, protocol } = new URL(baseURL);
	return new Stripe(secret, {
		host: hostname,
		port: Number(port),
		protocol: protocol === "https:" ? "https" : "http",
		maxNetworkRetries: 0,
	});
}

async function expectNoViolations(page: Page, where: string) {
	expect(await seriousViolations(page), where).toEqual([]);
}

/** Reads the page again until `check` holds: lists are refreshed on reading, not under the reader. */
async function reloadUntil(page: Page, check: () => Promise<boolean>, timeout = 20_000) {
	await expect
		.poll(
			async () => {
				if (await check()) return true;
				await page.reload();
				return check();
			},
			{ timeout, intervals: [500, 1000, 1000, 2000] },
		)
		.toBe(true);
}

let handler: Handler;
test.beforeAll(async () => {
	handler = await startHandler();
});
test.afterAll(async () => {
	handler.server.closeAllConnections();
	await new Promise((resolve) => handler.server.close(resolve));
});

test("a developer makes a key, pays with it, receives the webhooks, resends a failed one and finds the request", async ({
	page,
	baseURL,
}) => {
	test.setTimeout(180_000);
	const keyName = `Checkout ${Date.now().toString(36)}`;

	const secret = await test.step("create a secret key, shown once", async () => {
		await page.goto("/wp-admin/admin.php?page=wc-admin&path=/payments/overview");
		await page
			.getByRole("navigation", { name: "Main menu" })
			.getByRole("link", { name: "Developers", exact: true })
			.click();
		await expect(page).toHaveURL(/path=\/payments\/developers/);
		await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
		await expectNoViolations(page, "API keys");
		await page.getByRole("button", { name: "Create secret key" }).first().click();
		const dialog = page.getByRole("dialog");
		await dialog.getByLabel("Name").fill(keyName);
		await dialog.getByRole("button", { name: "Create key" }).click();
		await expect(dialog.getByText("it will not be shown again")).toBeVisible();
		const made = await dialog.getByLabel("Secret key", { exact: true }).inputValue();
		expect(made).toMatch(/^sk_(test|live)_/);
		await dialog.getByRole("button", { name: "Done" }).click();
		await expect(page.getByRole("dialog")).toHaveCount(0);
		await expect(page.getByRole("row", { name: new RegExp(keyName) }).first()).toBeVisible();
		await expect(page.getByText(made)).toHaveCount(0);
		return made;
	});
	const stripe = sdk(secret, String(baseURL));

	await test.step("pay with the key through Stripe's SDK", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 4321,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		expect(intent.status).toBe("succeeded");
	});

	await test.step("add an endpoint pointing at the store's handler; its secret is shown once", async () => {
		await page
			.getByRole("navigation", { name: "Developers" })
			.getByRole("link", { name: "Webhooks" })
			.click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/webhooks/);
		await expectNoViolations(page, "Webhooks");
		await page.getByRole("button", { name: "Add endpoint" }).first().click();
		const dialog = page.getByRole("dialog");
		await dialog.getByLabel("URL").fill(handler.url);
		await dialog.getByLabel("All events").check();
		await dialog.getByRole("button", { name: "Add endpoint" }).click();
		const shown = page.getByRole("dialog").getByRole("textbox");
		await expect(shown.first()).toHaveValue(/^whsec_/);
		handler.secret = await shown.first().inputValue();
		await page
			.getByRole("dialog")
			.getByRole("button", { name: /Done|Close/ })
			.first()
			.click();
		await expect(page.getByRole("dialog")).toHaveCount(0);
		await page.getByRole("link", { name: handler.url }).click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/webhooks\/details/);
	});

	const delivered = await test.step("a payment's events reach the handler, signed", async () => {
		const intent = await stripe.paymentIntents.create({
			amount: 1250,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		await expect.poll(() => handler.verified.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
		const rows = page.getByRole("table").getByRole("row");
		await reloadUntil(page, async () => (await rows.count()) >= 4);
		await expectNoViolations(page, "endpoint");
		return intent;
	});

	await test.step("a delivery shows the request sent and the handler's answer", async () => {
		// A delivery's row links to it by its time.
		await page
			.getByRole("row", { name: /charge\.succeeded/ })
			.first()
			.getByRole("link")
			.first()
			.click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/webhooks\/delivery/);
		await expect(page.getByText(/"synced": ?true/)).toBeVisible();
		await expect(page.getByText("stripe-signature")).toBeVisible();
		await expect(page.getByText(delivered.id).first()).toBeVisible();
		await expectNoViolations(page, "delivery");
	});

	await test.step("the handler breaks: the failure shows; mended, Resend delivers", async () => {
		handler.broken = true;
		const failing = await stripe.paymentIntents.create({
			amount: 990,
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: true,
		});
		await page.goBack();
		await expect(page).toHaveURL(/path=\/payments\/developers\/webhooks\/details/);
		await page.getByLabel("Status").selectOption("pending");
		const rows = page.getByRole("table").getByRole("row");
		await reloadUntil(
			page,
			async () => (await rows.count()) >= 2 && (await page.getByText("500").count()) > 0,
		);
		await page
			.getByRole("row", { name: /charge\.succeeded/ })
			.first()
			.getByRole("link")
			.first()
			.click();
		await expect(page.getByText("order sync crashed")).toBeVisible();
		const before = handler.verified.length;
		handler.broken = false;
		await page.getByRole("button", { name: "Resend" }).click();
		await expect(page.getByText(/"synced": ?true/).first()).toBeVisible();
		expect(handler.verified.length).toBe(before + 1);
		await expect(page.getByText(failing.id).first()).toBeVisible();
	});

	await test.step("the request is in the request log, with its parameters", async () => {
		await page
			.getByRole("navigation", { name: "Developers" })
			.getByRole("link", { name: "Request logs" })
			.click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/logs/);
		await page.getByLabel("API key").selectOption(keyName);
		await page.getByRole("button", { name: "Filter", exact: true }).click();
		const request = page.getByRole("row", { name: /POST.*\/v1\/payment_intents/ }).first();
		await expect(request).toBeVisible();
		await expectNoViolations(page, "request logs");
		await request.getByRole("link").first().click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/logs\/details/);
		await expect(page.getByText("pm_card_visa").first()).toBeVisible();
		await expect(page.getByText(keyName).first()).toBeVisible();
		await expectNoViolations(page, "request details");
	});

	await test.step("the payment's events are listed, and one shows its JSON", async () => {
		await page.getByRole("navigation", { name: "Developers" }).getByRole("link", { name: "Events" }).click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/events/);
		await expectNoViolations(page, "events");
		await page.getByRole("table").getByRole("link").first().click();
		await expect(page).toHaveURL(/path=\/payments\/developers\/events\/details/);
		await expect(page.getByText('"object": "event"')).toBeVisible();
		await expectNoViolations(page, "event");
	});
});
