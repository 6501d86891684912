import type { PaymentSettings } from "@paydesk/contract/settings";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../../src/seed/settings.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";

const BASE = "/wp-json/wc/v3/payments";
let t: TestApp;
let admin: Actor;

const demoSettings = () => JSON.stringify(defaultSettings());

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, TEST_ACCOUNT, { settings: demoSettings() });
		},
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

beforeEach(async () => {
	await t.db.kysely
		.updateTable("accounts")
		.set({
			settings: demoSettings(),
			deposits_blocked: 0,
			completed_waiting_period: 1,
			deposits_schedule: JSON.stringify({
				interval: "daily",
				delay_days: 2,
				weekly_anchor: null,
				monthly_anchor: null,
			}),
			fraud_protection: JSON.stringify({ declineOnAVSFailure: false, declineOnCVCFailure: true }),
		})
		.where("id", "=", TEST_ACCOUNT)
		.execute();
});

async function getSettings(): Promise<PaymentSettings> {
	const response = await t.app.inject({ method: "GET", url: `${BASE}/settings`, headers: admin.headers });
	expect(response.statusCode).toBe(200);
	return json<PaymentSettings>(response);
}

async function post(body: Record<string, unknown>, url = `${BASE}/settings`) {
	const response = await t.app.inject({ method: "POST", url, headers: admin.headers, payload: body });
	return { status: response.statusCode, body: json<Record<string, unknown>>(response) };
}

describe("GET /settings answers the whole settings entity (spec 2 §3)", () => {
	it("reads the stored settings, the payout schedule from the account, and the spec's defaults", async () => {
		const settings = await getSettings();
		expect(settings.enabled_payment_method_ids).toEqual(["card", "link"]);
		expect(settings.payment_method_statuses.giropay_payments).toEqual({
			status: "inactive",
			requirements: ["company.tax_id"],
		});
		expect(settings.deposit_schedule_interval).toBe("daily");
		expect(settings.deposit_delay_days).toBe(2);
		expect(settings.payment_request_button_border_radius).toBe(4);
		expect(settings.current_protection_level).toBe("basic");
		expect(settings.deposit_restrictions).toBe("deposits_unrestricted");
	});

	it("a store that never saved its settings gets the defaults: delay 7 days, border radius 4, level basic", async () => {
		await t.db.kysely
			.updateTable("accounts")
			.set({ settings: "{}", deposits_schedule: "{}" })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const settings = await getSettings();
		expect(settings.deposit_delay_days).toBe(7);
		expect(settings.payment_request_button_border_radius).toBe(4);
		expect(settings.current_protection_level).toBe("basic");
		expect(settings.enabled_payment_method_ids).toEqual(["card"]);
	});

	it("requires manage_woocommerce", async () => {
		const customer = await t.actor("customer");
		const response = await t.app.inject({
			method: "GET",
			url: `${BASE}/settings`,
			headers: customer.headers,
		});
		expect(response.statusCode).toBe(403);
	});
});

describe("POST /settings validates every field and names the bad one (400 rest_invalid_param)", () => {
	const refused = async (body: Record<string, unknown>, field: string, says: string) => {
		const { status, body: answer } = await post(body);
		expect(status).toBe(400);
		expect(answer.code).toBe("rest_invalid_param");
		const params = (answer.data as { params: Record<string, string> }).params;
		expect(Object.keys(params)).toContain(field);
		expect(params[field]).toContain(says);
	};

	it("support e-mail and phone", async () => {
		await refused(
			{ account_business_support_email: "not-an-email" },
			"account_business_support_email",
			"valid e-mail",
		);
		await refused(
			{ account_business_support_phone: "call me" },
			"account_business_support_phone",
			"phone number",
		);
		await refused(
			{ account_business_support_phone: "+1 23" },
			"account_business_support_phone",
			"7 to 15 digits",
		);
		expect((await post({ account_business_support_phone: "+44 20 7946 0958" })).status).toBe(200);
	});

	it("statement descriptor: 5 to 22 characters, Latin, at least one letter, none of < > \\ ' \" *", async () => {
		await refused({ account_statement_descriptor: "ABC" }, "account_statement_descriptor", "at least 5");
		await refused(
			{ account_statement_descriptor: "A".repeat(23) },
			"account_statement_descriptor",
			"at most 22",
		);
		await refused(
			{ account_statement_descriptor: "BEST*SHOP" },
			"account_statement_descriptor",
			"must not contain",
		);
		await refused({ account_statement_descriptor: "12345" }, "account_statement_descriptor", "one letter");
		await refused({ account_statement_descriptor: "CAFÉ PARIS" }, "account_statement_descriptor", "Latin");
		await refused(
			{ account_statement_descriptor_kana: "abc" },
			"account_statement_descriptor_kana",
			"katakana",
		);
		expect((await post({ account_statement_descriptor: "PAYDESK SHOP" })).status).toBe(200);
	});

	it("kanji descriptor: up to 17 characters, none of < > \\ ' \" * (half- or full-width), no control characters", async () => {
		for (const bad of [
			"ペイデスク<店>",
			'ペイデスク"店"',
			"ペイデスク*店",
			"ペイデスク\\店",
			"ペイデスク'店",
			"ペイデスク＊店",
		]) {
			await refused(
				{ account_statement_descriptor_kanji: bad },
				"account_statement_descriptor_kanji",
				"must not contain",
			);
		}
		await refused(
			{ account_statement_descriptor_kanji: "ペイデスク\n店" },
			"account_statement_descriptor_kanji",
			"control characters",
		);
		await refused(
			{ account_statement_descriptor_kanji: "店".repeat(18) },
			"account_statement_descriptor_kanji",
			"at most 17",
		);
		const saved = await post({ account_statement_descriptor_kanji: "ペイデスク商店 Tokyo" });
		expect(saved.status).toBe(200);
		expect((saved.body.data as PaymentSettings).account_statement_descriptor_kanji).toBe(
			"ペイデスク商店 Tokyo",
		);
		expect((await post({ account_statement_descriptor_kanji: "" })).status).toBe(200);
	});

	it("payout anchors: a weekday, a day of the month 1–31 or null", async () => {
		await refused(
			{ deposit_schedule_weekly_anchor: "sunday" },
			"deposit_schedule_weekly_anchor",
			"Invalid option",
		);
		await refused(
			{ deposit_schedule_monthly_anchor: 32 },
			"deposit_schedule_monthly_anchor",
			"between 1 and 31",
		);
		await refused(
			{ deposit_schedule_monthly_anchor: 0 },
			"deposit_schedule_monthly_anchor",
			"between 1 and 31",
		);
		await refused(
			{ deposit_schedule_interval: "monthly", deposit_schedule_monthly_anchor: null },
			"deposit_schedule_monthly_anchor",
			"required for a monthly schedule",
		);
		await refused({ deposit_schedule_interval: "hourly" }, "deposit_schedule_interval", "Invalid option");
	});

	it("payment request border radius: 0 is accepted, below 0 is refused", async () => {
		await refused(
			{ payment_request_button_border_radius: -1 },
			"payment_request_button_border_radius",
			"0 or more",
		);
		const { status, body } = await post({ payment_request_button_border_radius: 0 });
		expect(status).toBe(200);
		expect((body.data as PaymentSettings).payment_request_button_border_radius).toBe(0);
	});

	it("payment methods: card is required, unknown and inactive methods are refused", async () => {
		await refused(
			{ enabled_payment_method_ids: ["link"] },
			"enabled_payment_method_ids",
			"must include card",
		);
		await refused(
			{ enabled_payment_method_ids: ["card", "bitcoin"] },
			"enabled_payment_method_ids",
			"not available",
		);
		await refused(
			{ enabled_payment_method_ids: ["card", "giropay"] },
			"enabled_payment_method_ids",
			"needs more information",
		);
	});

	it("read-only fields sent along are ignored", async () => {
		const { status, body } = await post({ deposit_status: "blocked", is_card_present_eligible: false });
		expect(status).toBe(200);
		expect((body.data as PaymentSettings).deposit_status).toBe("enabled");
		expect((body.data as PaymentSettings).is_card_present_eligible).toBe(true);
	});
});

describe("saving the settings", () => {
	it("answers { data } with the payment method statuses: an unrequested method is requested from the partner", async () => {
		const { status, body } = await post({ enabled_payment_method_ids: ["card", "link", "alipay", "sofort"] });
		expect(status).toBe(200);
		const data = body.data as PaymentSettings;
		expect(data.enabled_payment_method_ids).toEqual(["card", "link", "alipay", "sofort"]);
		expect(data.payment_method_statuses.alipay_payments?.status).toBe("active");
		expect(data.payment_method_statuses.sofort_payments?.status).toBe("pending");
		expect((await getSettings()).enabled_payment_method_ids).toContain("alipay");
	});

	it("the payout schedule is saved on the account, so GET /accounts shows weekly on Friday", async () => {
		const { status } = await post({
			deposit_schedule_interval: "weekly",
			deposit_schedule_weekly_anchor: "friday",
		});
		expect(status).toBe(200);
		const account = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers });
		expect(json<{ depositsSchedule: unknown }>(account).depositsSchedule).toEqual({
			interval: "weekly",
			delay_days: 2,
			weekly_anchor: "friday",
			monthly_anchor: null,
		});
		const settings = await getSettings();
		expect(settings.deposit_schedule_interval).toBe("weekly");
		expect(settings.deposit_schedule_weekly_anchor).toBe("friday");
	});

	it("a monthly schedule on the 31st means the last day of the month", async () => {
		const { status } = await post({
			deposit_schedule_interval: "monthly",
			deposit_schedule_monthly_anchor: 31,
		});
		expect(status).toBe(200);
		expect((await getSettings()).deposit_schedule_monthly_anchor).toBe(31);
	});

	it("the schedule cannot change while payouts are restricted, but the rest of the settings still save", async () => {
		await t.db.kysely
			.updateTable("accounts")
			.set({ deposits_blocked: 1 })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const refused = await post({
			deposit_schedule_interval: "weekly",
			deposit_schedule_weekly_anchor: "monday",
		});
		expect(refused.status).toBe(400);
		expect(Object.keys((refused.body.data as { params: object }).params)).toEqual([
			"deposit_schedule_interval",
		]);
		const same = await post({ deposit_schedule_interval: "daily", is_debug_log_enabled: true });
		expect(same.status).toBe(200);
	});

	it("test mode is the account's test mode", async () => {
		await post({ is_test_mode_enabled: true });
		const account = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers });
		expect(json<{ testMode: boolean }>(account).testMode).toBe(true);
		await post({ is_test_mode_enabled: false });
	});
});

describe("what the settings entity does not hold", () => {
	it("survives a save: the account's fee schedule and time zone stay in the stored settings", async () => {
		const stored = {
			...defaultSettings(),
			account_fees: { card: { base: { percentage_rate: 0.029 } } },
			store_timezone: "Europe/Paris",
		};
		await t.db.kysely
			.updateTable("accounts")
			.set({ settings: JSON.stringify(stored) })
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const saved = await t.app.inject({
			method: "POST",
			url: `${BASE}/settings`,
			headers: admin.headers,
			payload: { account_business_support_phone: "+15555550123" },
		});
		expect(saved.statusCode).toBe(200);
		const row = await t.db.kysely
			.selectFrom("accounts")
			.select("settings")
			.where("id", "=", TEST_ACCOUNT)
			.executeTakeFirstOrThrow();
		const after = JSON.parse(row.settings) as Record<string, unknown>;
		expect(after.account_fees).toEqual(stored.account_fees);
		expect(after.store_timezone).toBe("Europe/Paris");
		expect(after.account_business_support_phone).toBe("+15555550123");
	});
});

describe("advanced fraud protection rules (spec 3 §3.12, the saved rules' grammar)", () => {
	const priceRange = {
		key: "purchase_price_threshold",
		outcome: "review",
		check: {
			operator: "or",
			checks: [
				{ key: "order_total", operator: "less_than", value: "1000|usd" },
				{ key: "order_total", operator: "greater_than", value: "50000|usd" },
			],
		},
	};
	const avs = {
		key: "avs_verification",
		outcome: "block",
		check: { key: "avs_mismatch", operator: "equals", value: true },
	};

	it("saves rules that follow the grammar, and reads them back with the saved outcome", async () => {
		const { status } = await post({
			current_protection_level: "advanced",
			advanced_fraud_protection_settings: [avs, priceRange],
		});
		expect(status).toBe(200);
		const settings = await getSettings();
		expect(settings.current_protection_level).toBe("advanced");
		expect(settings.advanced_fraud_protection_settings).toEqual([avs, priceRange]);
	});

	it("after a save the account declines on AVS failure exactly when an AVS rule exists", async () => {
		await post({ current_protection_level: "advanced", advanced_fraud_protection_settings: [avs] });
		const withAvs = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers });
		expect(
			json<{ fraudProtection: { declineOnAVSFailure: boolean } }>(withAvs).fraudProtection
				.declineOnAVSFailure,
		).toBe(true);
		await post({ current_protection_level: "advanced", advanced_fraud_protection_settings: [priceRange] });
		const without = await t.app.inject({ method: "GET", url: `${BASE}/accounts`, headers: admin.headers });
		expect(
			json<{ fraudProtection: { declineOnAVSFailure: boolean } }>(without).fraudProtection
				.declineOnAVSFailure,
		).toBe(false);
	});

	it("refuses rules that break the grammar, naming where", async () => {
		const cases: [unknown, string][] = [
			[[{ ...avs, key: "velocity" }], "advanced_fraud_protection_settings.0.key"],
			[[{ ...avs, outcome: "hold" }], "advanced_fraud_protection_settings.0.outcome"],
			[
				[{ ...avs, check: { key: "avs_mismatch", operator: "equals", value: false } }],
				"advanced_fraud_protection_settings.0.check.value",
			],
			[
				[{ ...avs, check: { key: "avs_mismatch", operator: "like", value: true } }],
				"advanced_fraud_protection_settings.0.check.operator",
			],
			[
				[
					{
						...priceRange,
						check: {
							...priceRange.check,
							checks: [...priceRange.check.checks]
								.reverse()
								.map((c) => ({ ...c, operator: c.operator === "less_than" ? "greater_than" : "less_than" })),
						},
					},
				],
				"advanced_fraud_protection_settings.0.check",
			],
			[[avs, avs], "advanced_fraud_protection_settings.1.key"],
		];
		for (const [rules, field] of cases) {
			const { status, body } = await post({ advanced_fraud_protection_settings: rules });
			expect(status, field).toBe(400);
			expect(Object.keys((body.data as { params: object }).params), field).toContain(field);
		}
	});

	it("refuses the advanced level without a rule", async () => {
		const { status } = await post({
			current_protection_level: "advanced",
			advanced_fraud_protection_settings: [],
		});
		expect(status).toBe(400);
		expect(
			(await post({ current_protection_level: "basic", advanced_fraud_protection_settings: [] })).status,
		).toBe(200);
	});
});

describe("POST /settings/{option} and the Stripe Billing migration", () => {
	it("saves one option, readable through /wc-admin/options", async () => {
		const saved = await post({ value: true }, `${BASE}/settings/wcpay_multi_currency_setup_completed`);
		expect(saved).toEqual({ status: 200, body: { success: true } });
		const read = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc-admin/options?options=wcpay_multi_currency_setup_completed",
			headers: admin.headers,
		});
		expect(json(read)).toEqual({ wcpay_multi_currency_setup_completed: true });
		expect((await post({ value: true }, `${BASE}/settings/siteurl`)).status).toBe(400);
	});

	it("migrates Stripe Billing subscriptions, and refuses when none are left", async () => {
		const url = `${BASE}/settings/schedule-stripe-billing-migration`;
		expect((await post({}, url)).body.code).toBe("wcpay_stripe_billing_nothing_to_migrate");
		await t.db.kysely
			.updateTable("accounts")
			.set({
				settings: JSON.stringify({
					...defaultSettings(),
					is_stripe_billing_enabled: true,
					stripe_billing_subscription_count: 3,
				}),
			})
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		expect(await post({}, url)).toEqual({
			status: 200,
			body: { success: true, stripe_billing_subscription_count: 3, stripe_billing_migrated_count: 3 },
		});
		const settings = await getSettings();
		expect(settings.is_stripe_billing_enabled).toBe(false);
		expect(settings.stripe_billing_migrated_count).toBe(3);
	});
});

describe("test mode belongs to the account", () => {
	it("a sandbox account's stored settings cannot turn it live, and saving another field keeps it in test mode", async () => {
		await insertTestAccount(t.db.kysely, "acct_sandbox_settings", {
			test_mode: 1,
			settings: JSON.stringify({ is_test_mode_enabled: false }),
		});
		const sandbox = await t.actor("administrator", "acct_sandbox_settings");
		const read = await t.app.inject({
			method: "GET",
			url: "/wp-json/wc/v3/payments/settings",
			headers: sandbox.headers,
		});
		expect(read.json()).toMatchObject({ is_test_mode_enabled: true });
		const saved = await t.app.inject({
			method: "POST",
			url: "/wp-json/wc/v3/payments/settings",
			headers: sandbox.headers,
			payload: { is_manual_capture_enabled: true },
		});
		expect(saved.statusCode).toBe(200);
		const row = await t.db.kysely
			.selectFrom("accounts")
			.select("test_mode")
			.where("id", "=", "acct_sandbox_settings")
			.executeTakeFirstOrThrow();
		expect(row.test_mode).toBe(1);
	});
});
