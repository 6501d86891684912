/**
 * The connect URL (spec 1 §4.2, §4.3, §7): the sandbox test drive with its JSON answer and
 * polling, reset, activating live payments, and where onboarding sends the merchant.
 */

import { showsConnectPage, showTestAccountBanner } from "@paydesk/domain/connect";
import { reconnectTask, taskContextOf } from "@paydesk/domain/tasks";
import { englishTranslator } from "@paydesk/domain/translator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../../src/admin-pages/page-settings.ts";
import { findSession, SESSION_COOKIE } from "../../../src/auth/sessions.ts";
import { isResettable, SANDBOX_REVIEW_SECONDS } from "../../../src/processors/sandbox/onboarding.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, type TestApp } from "../../../src/testing/test-app.ts";
import { writeOptions } from "../../../src/wp/queries.ts";
import {
	accountRow,
	BASE,
	connectUrlOf,
	insertUnconnectedAccount,
	queryOf,
} from "../../support/onboarding-fixtures.ts";

let t: TestApp;
const CONFIG = {
	dataDir: "",
	adminDist: "",
	secureCookies: false,
	productName: "Paydesk",
	publicUrl: "http://localhost:8080",
};

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			for (const id of ["acct_drive", "acct_live", "acct_redirects", "acct_paused", "acct_platform"]) {
				await insertUnconnectedAccount(db.kysely, id);
			}
			await insertUnconnectedAccount(db.kysely, "acct_testmode", {
				connected: 1,
				test_mode: 1,
				test_mode_onboarding: 1,
				details_submitted: 1,
				status: "complete",
			});
			await insertUnconnectedAccount(db.kysely, "acct_reconnect", {
				connected: 1,
				test_mode: 1,
				details_submitted: 1,
				status: "complete",
			});
			await insertTestAccount(db.kysely, "acct_connected");
			await insertUnconnectedAccount(db.kysely, "acct_partial", { connected: 1, details_submitted: 0 });
		},
	});
});
afterAll(async () => t.close());

async function get(actor: Actor, url: string, accept = "text/html") {
	return t.app.inject({ method: "GET", url, headers: { ...actor.headers, accept } });
}

describe("sandbox test drive: GET the connect URL with test_drive and capabilities (spec 1 §4.2)", () => {
	let admin: Actor;
	beforeAll(async () => {
		admin = await t.actor("administrator", "acct_drive");
	});

	it("answers { success, data.redirect_to } with the connection-success flag and opens a pending sandbox account", async () => {
		const url = await connectUrlOf(t, admin, { test_drive: "true", capabilities: "card_payments,transfers" });
		const response = await get(admin, url, "application/json");
		expect(response.statusCode).toBe(200);
		const body = json<{ success: boolean; data: { redirect_to: string } }>(response);
		expect(body.success).toBe(true);
		expect(body.data.redirect_to).toContain("path=/payments/overview");
		expect(queryOf(body.data.redirect_to)).toMatchObject({ "wcpay-connection-success": "1" });
		const row = await accountRow(t, "acct_drive");
		expect(row).toMatchObject({ connected: 1, test_mode: 1, test_mode_onboarding: 1, status: "pending" });
		expect(JSON.parse(row.onboarding).capabilities).toEqual(["card_payments", "transfers"]);
	});

	it("keeps the status pending until the processor decides, then answers complete to the accounts poll", async () => {
		const poll = async () =>
			json<{ status: string }>(await get(admin, `${BASE}/accounts`, "application/json"));
		expect((await poll()).status).toBe("pending");
		t.clock.advance(SANDBOX_REVIEW_SECONDS);
		const account = await poll();
		expect(account.status).toBe("complete");
		expect(account).toMatchObject({ testMode: true, paymentsEnabled: true, detailsSubmitted: true });
		t.clock.advance(-SANDBOX_REVIEW_SECONDS);
	});

	it("leaves a test-drive account its way to live payments: test onboarding on, the go-live task, the connect page", async () => {
		t.clock.advance(SANDBOX_REVIEW_SECONDS);
		try {
			const settings = await buildPageSettings(t.db.kysely, CONFIG, admin.user, {
				nonceSecret: "s",
				now: t.clock.seconds(),
			});
			expect(settings).toMatchObject({ isAccountConnected: true, testMode: true, testModeOnboarding: true });
			expect(settings.featureFlags.goLive).toBe(true);
			// The connect page stays, with its test-account banner and reset (spec 1 §4.3).
			expect(showsConnectPage(settings)).toBe(true);
			expect(showTestAccountBanner(settings)).toBe(true);
			expect(isResettable(await accountRow(t, "acct_drive"))).toBe(true);
		} finally {
			t.clock.advance(-SANDBOX_REVIEW_SECONDS);
		}
	});

	it("sends the final redirect (wcpay-sandbox-success) to the overview with the sandbox success flag", async () => {
		const url = await connectUrlOf(t, admin, {
			"wcpay-sandbox-success": "true",
			test_drive: "true",
			source: "wcpay-connect-page",
		});
		const response = await get(admin, url);
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toContain("path=/payments/overview");
		expect(queryOf(String(response.headers.location))).toMatchObject({ "wcpay-sandbox-success": "true" });
	});

	it("goes to the settings page instead when redirect_to_settings_page is set", async () => {
		const url = await connectUrlOf(t, admin, {
			"wcpay-sandbox-success": "true",
			redirect_to_settings_page: "true",
		});
		const response = await get(admin, url);
		expect(response.headers.location).toContain("page=wc-settings&tab=checkout&section=woocommerce_payments");
	});

	it("fails back to the connect page with test_drive_error=true when no account was connected", async () => {
		const other = await t.actor("administrator", "acct_redirects");
		const url = await connectUrlOf(t, other, { "wcpay-sandbox-success": "true", test_drive: "true" });
		const response = await get(other, url);
		expect(response.headers.location).toContain("path=/payments/connect");
		expect(queryOf(String(response.headers.location))).toMatchObject({ test_drive_error: "true" });
		const asJson = json<{ success: boolean; data: { message: string } }>(
			await get(other, url, "application/json"),
		);
		expect(asJson).toEqual({
			success: false,
			data: { message: "An error occurred while setting up your sandbox account. Please try again!" },
		});
	});

	it("connects a store that is not connected to the content platform first, and auto-starts the flow on return", async () => {
		await writeOptions(t.db.kysely, "acct_platform", { wcpay_jetpack_disconnected: true });
		const merchant = await t.actor("administrator", "acct_platform");
		const url = await connectUrlOf(t, merchant, {
			test_drive: "true",
			auto_start_test_drive_onboarding: "true",
			source: "wcpay-connect-page",
		});
		const response = await get(merchant, url);
		expect(response.headers.location).toContain("path=/payments/connect");
		expect(queryOf(String(response.headers.location))).toMatchObject({
			auto_start_test_drive_onboarding: "true",
			test_drive: "true",
			source: "wcpay-connect-page",
		});
		expect((await accountRow(t, "acct_platform")).connected).toBe(0);
	});
});

describe("the connect URL's nonce and guard", () => {
	it("refuses a connect URL without a valid nonce", async () => {
		const admin = await t.actor("administrator", "acct_redirects");
		const response = await get(
			admin,
			"/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&_wpnonce=0000000000&test_drive=true",
			"application/json",
		);
		expect(response.statusCode).toBe(403);
		expect((await accountRow(t, "acct_redirects")).connected).toBe(0);
	});

	it("leaves a signed-out visitor to the login page", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: "/wp-admin/admin.php?page=wc-admin&path=/payments/connect&wcpay-connect=1&test_drive=true",
		});
		expect(response.statusCode).toBe(302);
		expect(response.headers.location).toContain("/wp-login.php");
	});
});

describe("where the connect URL sends a merchant", () => {
	it("sends an unconnected store to the onboarding wizard with source, from and capabilities", async () => {
		const admin = await t.actor("administrator", "acct_redirects");
		const url = await connectUrlOf(t, admin, {
			source: "wcadmin-payment-task",
			from: "WCPAY_CONNECT",
			capabilities: "card_payments",
		});
		const location = String((await get(admin, url)).headers.location);
		expect(location).toContain("path=/payments/onboarding");
		expect(queryOf(location)).toMatchObject({
			source: "wcadmin-payment-task",
			from: "WCPAY_CONNECT",
			capabilities: "card_payments",
		});
	});

	it("sends collect_payout_requirements to the continue-verification variant", async () => {
		const admin = await t.actor("administrator", "acct_connected");
		const location = String(
			(await get(admin, await connectUrlOf(t, admin, { collect_payout_requirements: "true" }))).headers
				.location,
		);
		expect(location).toContain("path=/payments/onboarding/kyc");
		expect(queryOf(location)).toMatchObject({ collect_payout_requirements: "true" });
	});

	it("sends a partially onboarded account to finish verification, an onboarded one to the overview", async () => {
		const partial = await t.actor("administrator", "acct_partial");
		expect(String((await get(partial, await connectUrlOf(t, partial))).headers.location)).toContain(
			"path=/payments/onboarding/kyc",
		);
		const done = await t.actor("administrator", "acct_connected");
		expect(String((await get(done, await connectUrlOf(t, done))).headers.location)).toContain(
			"path=/payments/overview",
		);
	});

	it("refuses new accounts while onboarding is paused", async () => {
		await writeOptions(t.db.kysely, "acct_paused", { wcpay_onboarding_disabled: true });
		const admin = await t.actor("administrator", "acct_paused");
		const body = json(
			await get(admin, await connectUrlOf(t, admin, { test_drive: "true" }), "application/json"),
		);
		expect(body).toEqual({
			success: false,
			data: { message: "We've temporarily paused new account creation. We'll notify you when we resume!" },
		});
		expect((await accountRow(t, "acct_paused")).connected).toBe(0);
	});
});

describe("reset and live activation (spec 1 §4.3, spec 3 §4.8)", () => {
	it("resets a test account (wcpay-reset-account=true) back to unconnected, keeping test onboarding", async () => {
		const admin = await t.actor("administrator", "acct_testmode");
		const response = await get(
			admin,
			await connectUrlOf(t, admin, { "wcpay-reset-account": "true", source: "wcpay-connect-page" }),
		);
		expect(response.headers.location).toContain("path=/payments/connect");
		expect(queryOf(String(response.headers.location))).toMatchObject({ source: "wcpay-connect-page" });
		expect(await accountRow(t, "acct_testmode")).toMatchObject({
			connected: 0,
			details_submitted: 0,
			test_mode_onboarding: 1,
		});
	});

	it("refuses to reset a live account whose details are submitted (overview with wcpay-reset-account-error=1)", async () => {
		const admin = await t.actor("administrator", "acct_connected");
		const response = await get(admin, await connectUrlOf(t, admin, { "wcpay-reset-account": "true" }));
		expect(queryOf(String(response.headers.location))).toMatchObject({ "wcpay-reset-account-error": "1" });
		expect((await accountRow(t, "acct_connected")).connected).toBe(1);
	});

	it("activating live payments drops the test account and starts live onboarding", async () => {
		await t.db.kysely
			.updateTable("accounts")
			.set({ connected: 1, test_mode: 1, test_mode_onboarding: 1, details_submitted: 1, status: "complete" })
			.where("id", "=", "acct_live")
			.execute();
		const admin = await t.actor("administrator", "acct_live");
		const response = await get(
			admin,
			await connectUrlOf(t, admin, {
				"wcpay-disable-onboarding-test-mode": "true",
				source: "wcpay-connect-page",
			}),
		);
		expect(response.headers.location).toContain("path=/payments/onboarding");
		expect(await accountRow(t, "acct_live")).toMatchObject({
			connected: 0,
			test_mode: 0,
			test_mode_onboarding: 0,
		});
	});
});

describe("a lost content-platform connection: the reconnect task and its link (spec 1 §4.4)", () => {
	/** The page settings as the actor's own admin page has them (its session's nonces). */
	const settingsOf = async (actor: Actor) => {
		const token = actor.headers.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? "";
		const session = await findSession(t.db.kysely, token, t.clock.seconds());
		return buildPageSettings(t.db.kysely, CONFIG, actor.user, {
			nonceSecret: session?.nonceSecret ?? "",
			now: t.clock.seconds(),
		});
	};

	it("the partner's test tool disconnects a test store; the page settings then carry a reconnect URL, which connects it again", async () => {
		const admin = await t.actor("administrator", "acct_reconnect");
		expect((await settingsOf(admin)).reconnectUrl).toBeNull();
		const page = await get(admin, "/sandbox-partner/account");
		expect(page.statusCode).toBe(200);
		const nonce =
			/action="\/sandbox-partner\/account\/disconnect"[\s\S]*?name="_wpnonce" value="([^"]+)"/.exec(
				page.body,
			)?.[1];
		expect(nonce).toBeTruthy();
		const disconnected = await t.app.inject({
			method: "POST",
			url: "/sandbox-partner/account/disconnect",
			headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" },
			payload: `_wpnonce=${nonce}`,
		});
		expect(disconnected.statusCode).toBe(303);

		const settings = await settingsOf(admin);
		expect(settings.isJetpackConnected).toBe(false);
		expect(settings.reconnectUrl).toContain("wcpay-reconnect-wpcom=true");
		const format = { money: (amount: number) => String(amount), date: () => "date", time: () => "time" };
		const context = { disputes: [], now: t.clock.seconds(), format, translator: englishTranslator };
		const task = reconnectTask(taskContextOf(settings, context));
		expect(task).toMatchObject({
			title: "Reconnect your store",
			action: { kind: "url", url: settings.reconnectUrl },
		});

		const back = await get(admin, settings.reconnectUrl ?? "");
		expect(back.statusCode).toBe(302);
		expect(back.headers.location).toContain("path=/payments/overview");
		expect((await settingsOf(admin)).reconnectUrl).toBeNull();
	});

	it("a live store cannot be disconnected by the test tool", async () => {
		const admin = await t.actor("administrator", "acct_connected");
		const page = await get(admin, "/sandbox-partner/account");
		expect(page.body).not.toContain("/sandbox-partner/account/disconnect");
	});
});

describe("POST /wc-analytics/admin/notes/experimental-activate-promo/{id}", () => {
	it("activates the store's connect incentive", async () => {
		await writeOptions(t.db.kysely, "acct_redirects", {
			wcpay_connect_incentive: {
				id: "promo_2026",
				description: "<p>Zero fees</p>",
				tc_url: "https://example.com/tc",
			},
		});
		const admin = await t.actor("administrator", "acct_redirects");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-analytics/admin/notes/experimental-activate-promo/promo_2026",
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(200);
		expect(json(response)).toEqual({ success: true });
	});

	it("answers 404 wcpay_incentive_not_found for any other id", async () => {
		const admin = await t.actor("administrator", "acct_redirects");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-analytics/admin/notes/experimental-activate-promo/other",
			headers: admin.headers,
		});
		expect(response.statusCode).toBe(404);
		expect(json(response).code).toBe("wcpay_incentive_not_found");
	});

	it("needs the store-management capability", async () => {
		const customer = await t.actor("customer", "acct_redirects");
		const response = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc-analytics/admin/notes/experimental-activate-promo/promo_2026",
			headers: customer.headers,
		});
		expect(response.statusCode).toBe(403);
	});
});
