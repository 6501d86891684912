/**
 * POST /tracks (spec 2 §2, §7; contract/tracks): the admin's usage events are recorded only when
 * the store allows usage tracking (woocommerce_allow_tracking is "yes"), with names from the
 * allow-list and bounded properties, kept 90 days in the usage log.
 */
import {
	TRACK_EVENT_NAMES,
	TRACK_EVENTS_MAX,
	type TrackEventName,
	type TrackPropertiesOf,
	USAGE_RETENTION_SECONDS,
} from "@paydesk/contract/tracks";
import { TRACKING_OPTION } from "@paydesk/domain/feedback-prompt";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPageSettings } from "../../../src/admin-pages/page-settings.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import { purgeUsageEvents, recordUsageEvents } from "../../../src/usage/usage-log.ts";
import { writeOptions } from "../../../src/wp/queries.ts";
import { BASE, expectRestError } from "../../support/invariants.ts";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
beforeEach(async () => {
	await t.db.kysely.deleteFrom("usage_events").execute();
	await writeOptions(t.db.kysely, TEST_ACCOUNT, { [TRACKING_OPTION]: "yes" });
});
afterAll(async () => t.close());

const send = (payload: unknown, headers = admin.headers) =>
	t.app.inject({ method: "POST", url: `${BASE}/tracks`, headers, payload: payload as object });

const logged = () =>
	t.db.kysely.selectFrom("usage_events").selectAll().orderBy("account_id").orderBy("id").execute();

const pageView = { name: "wcpay_page_view", properties: { path: "/payments/payouts" } };

/** An event of each name the admin records, with its properties. */
const EXAMPLES: { [Name in TrackEventName]: TrackPropertiesOf<Name> } = {
	wcpay_page_view: { path: "/payments/overview" },
	wcpay_csv_export: { list: "transactions", filtered: false, delivery: "direct" },
	wcpay_feedback_prompt_shown: {},
	wcpay_feedback_prompt_answered: { answer: "no" },
	wcpay_feedback_sent: { text: "Payouts could be faster." },
	wcpay_fraud_protection_link_click: { status: "block", type: "review" },
	wcpay_fraud_protection_card_viewed: { card: "cvc_verification" },
	wcpay_fraud_protection_rules_saved: {
		protection_level: "advanced",
		avs_verification: "block",
		address_mismatch: "review",
		international_ip_address: "off",
		ip_address_mismatch: "off",
		order_items_threshold: "off",
		purchase_price_threshold: "off",
	},
};

async function pageSettingsTracks(): Promise<boolean> {
	const settings = await buildPageSettings(
		t.db.kysely,
		{ dataDir: "", adminDist: "", secureCookies: false, productName: "Paydesk", publicUrl: "" },
		admin.user,
		{ nonceSecret: "secret", now: t.clock.seconds() },
	);
	return settings.tracksEnabled;
}

/** The parameters a 400 names, after checking it is WordPress's rest_invalid_param. */
function refusedParams(response: Awaited<ReturnType<typeof send>>): string[] {
	expect(response.statusCode, response.body).toBe(400);
	expectRestError(response);
	const body = json<{ code: string; data: { params: Record<string, string> } }>(response);
	expect(body.code).toBe("rest_invalid_param");
	return Object.keys(body.data.params);
}

describe("usage tracking follows the store's choice", () => {
	it("records nothing, and the page settings say tracking is off, unless the store allows it", async () => {
		for (const value of ["no", false, ""]) {
			await writeOptions(t.db.kysely, TEST_ACCOUNT, { [TRACKING_OPTION]: value });
			expect(await pageSettingsTracks()).toBe(false);
			const response = await send({ events: [pageView] });
			expect(response.statusCode).toBe(200);
			expect(json(response)).toEqual({ recorded: 0 });
		}
		expect(await logged()).toEqual([]);
	});

	it("records every event of a batch with its user, the time and its properties once the store allows it", async () => {
		expect(await pageSettingsTracks()).toBe(true);
		const events = [
			pageView,
			{ name: "wcpay_csv_export", properties: { list: "deposits", filtered: true, delivery: "email" } },
			{ name: "wcpay_feedback_sent", properties: { text: "More payout currencies, please." } },
			{ name: "wcpay_feedback_prompt_shown", properties: {} },
		];
		const response = await send({ events });
		expect(response.statusCode).toBe(200);
		expect(json(response)).toEqual({ recorded: 4 });
		const rows = await logged();
		expect(rows.map((row) => [row.name, JSON.parse(row.properties)])).toEqual(
			events.map((event) => [event.name, event.properties]),
		);
		for (const row of rows) {
			expect(row).toMatchObject({
				account_id: TEST_ACCOUNT,
				user_id: admin.user.id,
				created: t.clock.seconds(),
				forwarded_at: null,
			});
			expect(row.id).toMatch(/^use_/);
		}
	});

	it("records a shop manager's events as theirs, and refuses a customer", async () => {
		const manager = await t.actor("shop_manager");
		expect(json(await send({ events: [pageView] }, manager.headers))).toEqual({ recorded: 1 });
		expect((await logged())[0]?.user_id).toBe(manager.user.id);
		const customer = await t.actor("customer");
		expect((await send({ events: [pageView] }, customer.headers)).statusCode).toBe(403);
	});
});

describe("what an event may hold", () => {
	it("takes each event of the allow-list with its properties", async () => {
		const events = TRACK_EVENT_NAMES.map((name) => ({ name, properties: EXAMPLES[name] }));
		expect(json(await send({ events }))).toEqual({ recorded: TRACK_EVENT_NAMES.length });
		expect((await logged()).map((row) => row.name)).toEqual([...TRACK_EVENT_NAMES]);
	});

	it("refuses a name outside the allow-list, naming the field, and records none of the batch", async () => {
		const response = await send({ events: [pageView, { name: "wcpay_anything", properties: {} }] });
		expect(refusedParams(response)).toEqual(["events.1.name"]);
		expect(await logged()).toEqual([]);
	});

	it("refuses a feedback text over 2,000 characters and other texts over 100", async () => {
		const long = await send({
			events: [{ name: "wcpay_feedback_sent", properties: { text: "x".repeat(2001) } }],
		});
		expect(refusedParams(long)).toEqual(["events.0.properties.text"]);
		const fine = await send({
			events: [{ name: "wcpay_feedback_sent", properties: { text: "x".repeat(2000) } }],
		});
		expect(json(fine)).toEqual({ recorded: 1 });
		const path = await send({ events: [{ name: "wcpay_page_view", properties: { path: "/".repeat(101) } }] });
		expect(refusedParams(path)).toEqual(["events.0.properties.path"]);
	});

	it("refuses properties the event does not have, nested values and values of the wrong type", async () => {
		const extra = await send({
			events: [{ name: "wcpay_page_view", properties: { path: "/payments/overview", email: "a@b.c" } }],
		});
		expect(refusedParams(extra)).toEqual(["events.0.properties.email"]);
		const nested = await send({
			events: [
				{
					name: "wcpay_csv_export",
					properties: { list: "deposits", filtered: { a: 1 }, delivery: "direct" },
				},
			],
		});
		expect(refusedParams(nested)).toEqual(["events.0.properties.filtered"]);
		const amount = await send({
			events: [
				{
					name: "wcpay_fraud_protection_rules_saved",
					properties: {
						protection_level: "advanced",
						avs_verification: "block",
						address_mismatch: "off",
						international_ip_address: "off",
						ip_address_mismatch: "off",
						order_items_threshold: "off",
						purchase_price_threshold: 5000,
					},
				},
			],
		});
		expect(refusedParams(amount)).toEqual(["events.0.properties.purchase_price_threshold"]);
		expect(await logged()).toEqual([]);
	});

	it("takes 1 to 50 events a request", async () => {
		expect(refusedParams(await send({ events: [] }))).toEqual(["events"]);
		const tooMany = Array.from({ length: TRACK_EVENTS_MAX + 1 }, () => pageView);
		expect(refusedParams(await send({ events: tooMany }))).toEqual(["events"]);
		const most = Array.from({ length: TRACK_EVENTS_MAX }, () => pageView);
		expect(json(await send({ events: most }))).toEqual({ recorded: TRACK_EVENTS_MAX });
	});
});

describe("the usage log's retention", () => {
	it("removes events older than 90 days and keeps the newer ones", async () => {
		const now = t.clock.seconds();
		for (const created of [now - USAGE_RETENTION_SECONDS - 1, now - USAGE_RETENTION_SECONDS + 60, now]) {
			await recordUsageEvents(t.db.kysely, { accountId: TEST_ACCOUNT, userId: admin.user.id, created }, [
				{ name: "wcpay_page_view", properties: { path: "/payments/overview" } },
			]);
		}
		expect(await purgeUsageEvents(t.db.kysely, now)).toBe(1);
		expect((await logged()).map((row) => row.created)).toEqual([now - USAGE_RETENTION_SECONDS + 60, now]);
	});
});
