/**
 * Option writes by allow-list: the generic option routes save only the options the
 * spec's screens save, each with its own schema, whoever asks and however they sign in; what
 * the server computes (lifetime volume, onboarding and connection state, incentives, the
 * currency lists, the selling countries) is refused and stays as it was.
 */
import {
	DISMISSAL_OPTIONS,
	READABLE_OPTIONS,
	SETTING_FLAG_OPTIONS,
	WRITABLE_OPTIONS,
} from "@paydesk/contract/options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_ACCOUNT, type TestApp } from "../../src/testing/test-app.ts";
import { readOptions, writeOptions } from "../../src/wp/queries.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const OPTIONS = "/wp-json/wc-admin/options";

/** Options the server owns, with the value each holds before every attack. */
const SERVER_STATE: Record<string, unknown> = {
	wcpay_lifetime_tpv: 1234,
	wcpay_onboarding_disabled: false,
	wcpay_jetpack_disconnected: false,
	wcpay_connect_incentive: { id: "incentive_1", type: "connect_page" },
	wcpay_connect_incentive_activated: false,
	wcpay_multi_currency_enabled_currencies: ["USD", "EUR"],
	wcpay_multi_currency_currency_settings: { EUR: { exchange_rate_type: "automatic" } },
	wcpay_multi_currency_enable_auto_currency: "no",
	wcpay_multi_currency_enable_storefront_switcher: "no",
	woocommerce_allowed_countries: "specific",
	woocommerce_specific_allowed_countries: ["US"],
	woocommerce_all_except_countries: [],
	woocommerce_allow_tracking: "no",
	woocommerce_default_country: "US:CA",
	woocommerce_currency: "USD",
};
const ATTACK: Record<string, unknown> = {
	wcpay_lifetime_tpv: 99999999,
	wcpay_onboarding_disabled: true,
	wcpay_jetpack_disconnected: true,
	wcpay_connect_incentive: "free-money",
	wcpay_connect_incentive_activated: true,
	wcpay_multi_currency_enabled_currencies: "BTC",
	wcpay_multi_currency_currency_settings: "{}",
	wcpay_multi_currency_enable_auto_currency: "yes",
	wcpay_multi_currency_enable_storefront_switcher: "yes",
	woocommerce_allowed_countries: "all",
	woocommerce_specific_allowed_countries: "KP",
	woocommerce_all_except_countries: "US",
	woocommerce_allow_tracking: "yes",
	woocommerce_default_country: "KP",
	woocommerce_currency: "XXX",
};
const FORBIDDEN = Object.keys(SERVER_STATE);

let t: TestApp;
let admin: Actor;
let managerBasic: Record<string, string>;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
	managerBasic = await t.basic((await t.actor("shop_manager")).user);
	await writeOptions(t.db.kysely, TEST_ACCOUNT, SERVER_STATE);
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
	t.app.inject({ method: "POST", url, headers, payload: payload as Record<string, unknown> });

const serverState = () => readOptions(t.db.kysely, TEST_ACCOUNT, FORBIDDEN);

describe("the allow-lists", () => {
	it("name exactly the options the spec's screens save and read", () => {
		expect(Object.keys(WRITABLE_OPTIONS).sort()).toEqual([
			"wcpay_next_deposit_notice_dismissed",
			"wcpay_onboarding_eligibility_modal_dismissed",
			"woocommerce_deleted_todo_tasks",
			"woocommerce_dismissed_todo_tasks",
			"woocommerce_remind_me_later_todo_tasks",
		]);
		expect([...SETTING_FLAG_OPTIONS].sort()).toEqual([
			"wcpay_connection_success_modal_dismissed",
			"wcpay_instant_deposit_notice_dismissed",
			"wcpay_multi_currency_setup_completed",
		]);
		expect([...READABLE_OPTIONS].sort()).toEqual(
			[
				...Object.keys(WRITABLE_OPTIONS),
				...SETTING_FLAG_OPTIONS,
				"woocommerce_allow_tracking",
				"woocommerce_allowed_countries",
				"woocommerce_all_except_countries",
				"woocommerce_specific_allowed_countries",
			].sort(),
		);
	});

	it("never name an option the server owns", () => {
		const open = new Set<string>([...Object.keys(WRITABLE_OPTIONS), ...SETTING_FLAG_OPTIONS]);
		for (const name of FORBIDDEN) expect(open.has(name), name).toBe(false);
	});
});

describe.each(FORBIDDEN)("%s cannot be written through a generic route", (name) => {
	it("is refused to a shop manager's application password and an administrator's cookie", async () => {
		for (const headers of [managerBasic, admin.headers]) {
			const response = await post(OPTIONS, { [name]: ATTACK[name] }, headers);
			expect(response.statusCode).toBe(400);
			expectRestError(response);
			expect(json<{ data: { params: Record<string, string> } }>(response).data.params[name]).toBe(
				`${name} is not an option this endpoint manages`,
			);
		}
		expect(await serverState()).toEqual(SERVER_STATE);
	});

	it("is refused through POST /settings/{option}", async () => {
		const response = await post(`${BASE}/settings/${name}`, { value: ATTACK[name] }, admin.headers);
		expect(response.statusCode).toBe(400);
		expectRestError(response);
		expect(await serverState()).toEqual(SERVER_STATE);
	});

	it("is refused even beside an option that may be saved", async () => {
		const response = await post(
			OPTIONS,
			{ [DISMISSAL_OPTIONS.nextPayoutNotice]: true, [name]: ATTACK[name] },
			managerBasic,
		);
		expect(response.statusCode).toBe(400);
		expect(await serverState()).toEqual(SERVER_STATE);
	});
});

describe("reads stay an allow-list", () => {
	it("refuses to read what the server owns and does not show it", async () => {
		for (const name of [
			"wcpay_lifetime_tpv",
			"wcpay_connect_incentive",
			"wcpay_multi_currency_enabled_currencies",
		]) {
			const response = await t.app.inject({
				method: "GET",
				url: `${OPTIONS}?options=${name}`,
				headers: admin.headers,
			});
			expect(response.statusCode).toBe(400);
			expect(response.body).not.toContain(JSON.stringify(SERVER_STATE[name]));
		}
	});

	it("reads the selling countries and usage tracking the screens show", async () => {
		const response = await t.app.inject({
			method: "GET",
			url: `${OPTIONS}?options=woocommerce_allowed_countries,woocommerce_allow_tracking`,
			headers: managerBasic,
		});
		expect(response.statusCode).toBe(200);
		expect(json(response)).toEqual({
			woocommerce_allowed_countries: "specific",
			woocommerce_allow_tracking: "no",
		});
	});
});

describe("each writable option has its own schema", () => {
	it.each([
		[DISMISSAL_OPTIONS.nextPayoutNotice, "yes"],
		[DISMISSAL_OPTIONS.eligibilityModal, 1],
		["woocommerce_dismissed_todo_tasks", { "connect-account": "soon" }],
		["woocommerce_remind_me_later_todo_tasks", { "<script>": 1 }],
		["woocommerce_deleted_todo_tasks", "connect-account"],
	])("%s refuses %j", async (name, value) => {
		const response = await post(OPTIONS, { [name]: value }, admin.headers);
		expect(response.statusCode).toBe(400);
		expect(Object.keys(json<{ data: { params: object } }>(response).data.params)[0]).toContain(name);
	});

	it("saves the spec's choices for both roles and reads them back", async () => {
		const choices = {
			woocommerce_dismissed_todo_tasks: { "connect-account": 1_763_000_000_000 },
			woocommerce_remind_me_later_todo_tasks: { "dispute-resolution-task": 1_764_000_000_000 },
			woocommerce_deleted_todo_tasks: ["po-task"],
			[DISMISSAL_OPTIONS.eligibilityModal]: true,
		};
		expect((await post(OPTIONS, choices, managerBasic)).statusCode).toBe(200);
		expect(
			(await post(OPTIONS, { [DISMISSAL_OPTIONS.nextPayoutNotice]: true }, admin.headers)).statusCode,
		).toBe(200);
		const read = await t.app.inject({
			method: "GET",
			url: `${OPTIONS}?options=${[...Object.keys(choices), DISMISSAL_OPTIONS.nextPayoutNotice].join(",")}`,
			headers: admin.headers,
		});
		expect(json(read)).toEqual({ ...choices, [DISMISSAL_OPTIONS.nextPayoutNotice]: true });
	});

	it("saves the three setting flags through POST /settings/{option}, and only booleans", async () => {
		for (const name of SETTING_FLAG_OPTIONS) {
			expect((await post(`${BASE}/settings/${name}`, { value: true }, managerBasic)).statusCode).toBe(200);
			expect((await post(`${BASE}/settings/${name}`, { value: "1" }, managerBasic)).statusCode).toBe(400);
		}
		expect(await readOptions(t.db.kysely, TEST_ACCOUNT, SETTING_FLAG_OPTIONS)).toEqual(
			Object.fromEntries(SETTING_FLAG_OPTIONS.map((name) => [name, true])),
		);
	});
});
