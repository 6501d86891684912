/**
 * The test checkout page: only users who manage the store open it; it is a form whose
 * currencies are the ones the account accepts, beside the test cards, carrying the REST nonce its
 * script pays with.
 */
import { TEST_CARDS } from "@paydesk/domain/test-cards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyNonce } from "../../src/auth/nonce.ts";
import { findSession, SESSION_COOKIE } from "../../src/auth/sessions.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { writeOptions } from "../../src/wp/queries.ts";

const PAGE = "/paydesk/test-checkout";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				external_accounts: JSON.stringify([
					{ currency: "gbp", status: "verified", bank_name: "STRIPE TEST BANK", last4: "6789" },
				]),
			});
			await writeOptions(db.kysely, TEST_ACCOUNT, {
				wcpay_multi_currency_enabled_currencies: ["EUR", "JPY"],
			});
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const page = (headers: Record<string, string> = {}, url = PAGE) =>
	t.app.inject({ method: "GET", url, headers });
const cookieOnly = (actor: Actor) => ({ cookie: actor.headers.cookie ?? "" });

describe("who may open the test checkout", () => {
	it("sends a logged-out visitor to the login page, and back here afterwards", async () => {
		const response = await page({}, `${PAGE}?payment_intent=pi_123`);
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toBe(
			`/wp-login.php?redirect_to=${encodeURIComponent(`${PAGE}?payment_intent=pi_123`)}&reauth=1`,
		);
	});

	it("refuses a customer with the WordPress 'not allowed' page", async () => {
		const customer = await t.actor("customer");
		const response = await page(cookieOnly(customer));
		expect(response.statusCode).toBe(403);
		expect(response.body).toContain("Sorry, you are not allowed to access this page.");
	});

	it("opens for a shop manager", async () => {
		const manager = await t.actor("shop_manager");
		expect((await page(cookieOnly(manager))).statusCode).toBe(200);
	});
});

describe("the page an administrator sees", () => {
	it("is a form with the order, customer, addresses, card and capture method, and a Pay button", async () => {
		const response = await page(cookieOnly(admin));
		expect(response.statusCode).toBe(200);
		expect(response.headers["content-type"]).toMatch(/^text\/html/);
		const html = response.body;
		expect(html).toContain('<form id="paydesk-test-checkout"');
		for (const legend of ["Order", "Customer", "Billing address", "Shipping address", "Card", "Capture"])
			expect(html).toContain(`<legend>${legend}</legend>`);
		for (const id of [
			"amount",
			"currency",
			"item_count",
			"name",
			"email",
			"customer_ip",
			"card_number",
			"cvc",
		])
			expect(html).toContain(`<label for="${id}">`);
		expect(html).toContain('value="4242 4242 4242 4242"');
		expect(html).toContain(
			'<button type="submit" class="button button-primary button-hero" data-pay>Pay</button>',
		);
		expect(html).toContain('role="status" aria-live="polite"');
		expect(html).toContain('<script src="/paydesk/test-checkout/test-checkout.js" defer></script>');
		expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
	});

	it("offers the currencies the account accepts: its own, its bank accounts' and its enabled ones", async () => {
		const html = (await page(cookieOnly(admin))).body;
		const currencies = [...html.matchAll(/<option value="([a-z]{3})"[^>]*data-decimals="(\d)"/g)].map(
			([, code, decimals]) => `${code}:${decimals}`,
		);
		expect(currencies).toEqual(["usd:2", "gbp:2", "eur:2", "jpy:0"]);
	});

	it("lists every test card beside the form, by group, each with a button that fills its number", async () => {
		const html = (await page(cookieOnly(admin))).body;
		expect(html).toContain("<caption>Successful payments</caption>");
		expect(html).toContain("<caption>Declined payments</caption>");
		expect(html).toContain("<caption>3-D Secure authentication</caption>");
		const buttons = [...html.matchAll(/data-card-number="([\d ]+)"/g)].map(([, number]) => number);
		expect(buttons.map((number) => number?.replace(/ /g, ""))).toEqual(TEST_CARDS.map((card) => card.number));
		expect(buttons).toContain("3782 822463 10005");
		expect(html).toContain("Declined: generic decline");
	});

	it("carries a REST nonce of the visitor's session for its script", async () => {
		const html = (await page(cookieOnly(admin))).body;
		const nonce = /data-nonce="([0-9a-f]{10})"/.exec(html)?.[1];
		expect(nonce).toBeDefined();
		const token = (admin.headers.cookie ?? "").slice(`${SESSION_COOKIE}=`.length);
		const session = await findSession(t.db.kysely, token, t.clock.seconds());
		expect(verifyNonce(session?.nonceSecret ?? "", "wp_rest", nonce ?? "", t.clock.seconds())).toBe(true);
	});
});

describe("the page's assets", () => {
	it("serves the script as JavaScript and the styles as CSS", async () => {
		const script = await t.app.inject({ method: "GET", url: "/paydesk/test-checkout/test-checkout.js" });
		expect(script.statusCode).toBe(200);
		expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
		expect(script.body).toContain("/payment_intents");
		const style = await t.app.inject({ method: "GET", url: "/paydesk/test-checkout/test-checkout.css" });
		expect(style.statusCode).toBe(200);
		expect(style.headers["content-type"]).toBe("text/css; charset=utf-8");
	});
});
