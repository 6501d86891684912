import type { Charge } from "@paydesk/contract/charges";
import type { TimelineEventBody } from "@paydesk/contract/timeline";
import { timelineEntry } from "@paydesk/domain/timeline/build";
import { lineText, type TimelineContext } from "@paydesk/domain/timeline/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountBalances } from "../../../src/ledger/balances.ts";
import { rollupDrift } from "../../../src/ledger/rollups.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../../src/testing/test-app.ts";
import {
	BILLING,
	INTENTS,
	IP_OF,
	pay,
	paymentBody,
	saveFraudFilters,
} from "../../support/intake-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const now = TEST_NOW.getTime() / 1000;
const TIMELINE_CONTEXT: TimelineContext = { dateFormat: "F j, Y", timeZone: "UTC", now };
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) =>
			void (await insertTestAccount(db.kysely, TEST_ACCOUNT, {
				external_accounts: JSON.stringify([
					{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4: "6789" },
					{ currency: "eur", status: "verified", bank_name: "STRIPE TEST BANK", last4: "1111" },
				]),
				settings: JSON.stringify({ enabled_payment_method_ids: ["card", "sepa_debit", "klarna"] }),
			})),
	});
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());
beforeEach(async () => saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {}));

const get = async <T>(url: string) =>
	json<T>(await t.app.inject({ method: "GET", url, headers: admin.headers }));
const chargeOf = (id: string) => get<Charge>(`${BASE}/charges/${id}`);
const eventsOf = async (intentId: string) =>
	(await get<{ data: TimelineEventBody[] }>(`${BASE}/timeline/${intentId}`)).data;
const orderOf = (id: number) =>
	t.db.kysely.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const ledgerOf = (chargeId: string) =>
	t.db.kysely.selectFrom("balance_transactions").selectAll().where("charge_id", "=", chargeId).execute();

/** Balances equal the ledger: the rollups hold every row, and Σ net − payouts is the balance. */
async function expectBalancesEqualLedger(): Promise<void> {
	expect(await rollupDrift(t.db.kysely, TEST_ACCOUNT)).toEqual([]);
	const ledger = await t.db.kysely
		.selectFrom("balance_transactions")
		.select(["currency", (eb) => eb.fn.sum<number>("net").as("net")])
		.where("account_id", "=", TEST_ACCOUNT)
		.groupBy("currency")
		.execute();
	const balances = await accountBalances(t.db.kysely, TEST_ACCOUNT, now);
	for (const row of ledger) {
		expect(balances.find((balance) => balance.currency === row.currency)?.total).toBe(Number(row.net));
	}
}

describe("a successful card payment has the full effect of a real processor", () => {
	it("4242 captures at once: charge, ledger row with fee and pending period, order, timeline", async () => {
		const answer = await pay(t, admin.headers, paymentBody());
		expect(answer.status).toBe(200);
		const intent = answer.intent;
		expect(intent).toMatchObject({
			object: "payment_intent",
			status: "succeeded",
			amount: 5000,
			currency: "usd",
			capture_method: "automatic",
			last_payment_error: null,
			next_action: null,
			charge: {
				status: "succeeded",
				outcome: { type: "authorized", risk_level: 0, rule: null },
				payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", country: "US" } },
			},
		});
		const chargeId = intent.charge?.id ?? "";
		const charge = await chargeOf(chargeId);
		expect(charge).toMatchObject({
			captured: true,
			paid: true,
			display_status: "paid",
			amount_captured: 5000,
		});
		const [row] = await ledgerOf(chargeId);
		// 2.9 % + 30 ¢ of the standard price.
		expect(row).toMatchObject({
			type: "charge",
			amount: 5000,
			fee: 175,
			net: 4825,
			available_on: now + 2 * 86_400,
		});
		expect((await orderOf(intent.order.id)).status).toBe("processing");
		expect((await eventsOf(intent.id)).map((event) => event.type)).toEqual(["authorized", "captured"]);
		await expectBalancesEqualLedger();
	});

	it("shows at once in the transactions list, its summary and search suggestions", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("5555 5555 5555 4444", { amount: 7777 }));
		const list = await get<{ data: { charge_id: string; order: { number: string } | null }[] }>(
			`${BASE}/transactions?page=1&per_page=25`,
		);
		expect(list.data.map((row) => row.charge_id)).toContain(intent.charge?.id);
		const summary = await get<{ count: number }>(`${BASE}/transactions/summary`);
		expect(summary.count).toBeGreaterThan(0);
		const search = await get<unknown[]>(`${BASE}/transactions/search?search_term=${intent.order.number}`);
		expect(JSON.stringify(search)).toContain(intent.order.number);
	});

	it("manual capture authorizes and holds: the Uncaptured tab lists it until it is captured", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody(undefined, { capture_method: "manual" }));
		expect(intent.status).toBe("requires_capture");
		expect((await orderOf(intent.order.id)).status).toBe("on-hold");
		const uncaptured = await get<{ data: { payment_intent_id: string }[] }>(
			`${BASE}/authorizations?per_page=100`,
		);
		expect(uncaptured.data.map((row) => row.payment_intent_id)).toContain(intent.id);
		const captured = await t.app.inject({
			method: "POST",
			url: `${BASE}/orders/${intent.order.id}/capture_authorization`,
			headers: admin.headers,
			payload: { payment_intent_id: intent.id },
		});
		expect(captured.json()).toEqual({ id: intent.id, status: "succeeded" });
		await expectBalancesEqualLedger();
	});

	it("4000…0077 makes the funds available at once", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("4000000000000077"));
		const [row] = await ledgerOf(intent.charge?.id ?? "");
		expect(row?.available_on).toBe(now);
	});

	it("a card issued abroad pays the international fee; a converted payment settles in the store currency with the FX fee", async () => {
		const abroad = await pay(t, admin.headers, paymentBody("4000008260000000", { amount: 10000 }));
		expect((await ledgerOf(abroad.intent.charge?.id ?? ""))[0]?.fee).toBe(Math.round(10000 * 0.044) + 30);
		const cad = await pay(t, admin.headers, paymentBody(undefined, { amount: 10000, currency: "cad" }));
		expect(cad.status).toBe(400);
		const eur = await pay(t, admin.headers, paymentBody(undefined, { amount: 10000, currency: "eur" }));
		const [row] = await ledgerOf(eur.intent.charge?.id ?? "");
		expect(row).toMatchObject({ currency: "eur", amount: 10000, customer_currency: "eur" });
	});

	it("records the elevated risk of 4000…4954 in the risk column", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("4000000000004954"));
		expect(intent.charge?.outcome.risk_level).toBe(1);
		expect((await ledgerOf(intent.charge?.id ?? ""))[0]?.risk_level).toBe(1);
	});

	it("records which dispute a dispute card asks the processor clock for", async () => {
		for (const [number, dispute] of [
			["4000000000000259", "fraudulent"],
			["4000000000002685", "product_not_received"],
			["4000000000001976", "inquiry"],
		] as const) {
			const { intent } = await pay(t, admin.headers, paymentBody(number));
			expect(intent.status).toBe("succeeded");
			const charge = await t.db.kysely
				.selectFrom("charges")
				.select("sandbox_dispute")
				.where("id", "=", intent.charge?.id ?? "")
				.executeTakeFirstOrThrow();
			expect(charge.sandbox_dispute).toBe(dispute);
		}
	});

	it("an enabled non-card method succeeds, and fails for an e-mail with +fail", async () => {
		const method = (email: string) => ({
			payment_method: { type: "sepa_debit", billing_details: { ...BILLING, email } },
			currency: "eur",
		});
		const ok = await pay(t, admin.headers, paymentBody(undefined, method("jenny@example.com")));
		expect(ok.intent).toMatchObject({
			status: "succeeded",
			charge: { payment_method_details: { type: "sepa_debit" } },
		});
		expect((await ledgerOf(ok.intent.charge?.id ?? ""))[0]?.type).toBe("payment");
		const failed = await pay(t, admin.headers, paymentBody(undefined, method("jenny+fail@example.com")));
		expect(failed.status).toBe(402);
		const disabled = await pay(t, admin.headers, {
			...paymentBody(),
			payment_method: { type: "ideal", billing_details: BILLING },
		});
		expect(disabled.error?.data.params).toHaveProperty(["payment_method.type"]);
	});
});

describe("declined cards answer 402 and the failed attempt is recorded on its order", () => {
	it.each([
		["4000000000000002", "card_declined", "generic_decline", "card_declined"],
		["4000000000009995", "card_declined", "insufficient_funds", "insufficient_funds"],
		["4000000000000069", "expired_card", "expired_card", "expired_card"],
		["4000000000000127", "incorrect_cvc", "incorrect_cvc", "incorrect_cvc"],
		["4100000000000019", "card_declined", "fraudulent", "card_declined"],
	])("%s: %s / %s", async (number, code, declineCode, timelineReason) => {
		const answer = await pay(t, admin.headers, paymentBody(number));
		expect(answer.status).toBe(402);
		expect(answer.error).toMatchObject({ code, data: { status: 402, decline_code: declineCode } });
		expect(answer.intent).toMatchObject({ status: "requires_payment_method", charge: { status: "failed" } });
		expect((await orderOf(answer.intent.order.id)).status).toBe("failed");
		const [event] = await eventsOf(answer.intent.id);
		expect(event).toMatchObject({ type: "failed", failure_reason: timelineReason });
		expect(await ledgerOf(answer.intent.charge?.id ?? "")).toEqual([]);
	});

	it("4100…0019 is blocked as highest risk", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("4100000000000019"));
		expect(intent.charge?.outcome).toMatchObject({
			type: "blocked",
			risk_level: 2,
			reason: "highest_risk_level",
		});
		expect((await chargeOf(intent.charge?.id ?? "")).display_status).toBe("blocked");
	});

	it("a card that is not a test card is refused", async () => {
		const answer = await pay(t, admin.headers, paymentBody("4111111111111111"));
		expect(answer.error?.data.decline_code).toBe("test_mode_live_card");
	});

	it("a retry of a declined payment on the same order is allowed, and a paid order refuses another payment", async () => {
		const declined = await pay(t, admin.headers, paymentBody("4000000000000002"));
		const order = {
			number: declined.intent.order.number,
			items: [{ name: "Tote", quantity: 1, total: 5000 }],
		};
		const retried = await pay(t, admin.headers, paymentBody(undefined, { order }));
		expect(retried.intent).toMatchObject({ status: "succeeded", order: { number: order.number } });
		const again = await pay(t, admin.headers, paymentBody(undefined, { order }));
		expect(again.error?.data.params).toHaveProperty(["order.number"]);
	});
});

describe("malformed input answers 400 rest_invalid_param naming the field", () => {
	it.each([
		["a number that fails the Luhn check", paymentBody("4242424242424241"), "payment_method.card.number"],
		[
			"a past expiry",
			paymentBody(undefined, {
				payment_method: {
					type: "card",
					card: { number: "4242424242424242", exp_month: 1, exp_year: 2025, cvc: "123" },
					billing_details: BILLING,
				},
			}),
			"payment_method.card.exp_year",
		],
		["an unknown currency", paymentBody(undefined, { currency: "xyz" }), "currency"],
		["a currency the account does not accept", paymentBody(undefined, { currency: "jpy" }), "currency"],
		["an amount of 0", paymentBody(undefined, { amount: 0 }), "amount"],
		["a negative amount", paymentBody(undefined, { amount: -5 }), "amount"],
		["an IP that is not one", paymentBody(undefined, { customer_ip: "300.1.1.1" }), "customer_ip"],
		[
			"a PaymentMethod id, which only an account connected to Stripe takes",
			{ ...paymentBody(), payment_method: undefined, payment_method_id: "pm_card_visa" },
			"payment_method_id",
		],
		["no payment method at all", { ...paymentBody(), payment_method: undefined }, "payment_method"],
		[
			"both card details and a PaymentMethod id",
			{ ...paymentBody(), payment_method_id: "pm_card_visa" },
			"payment_method_id",
		],
	])("%s", async (_name, body, field) => {
		const before = await t.db.kysely
			.selectFrom("charges")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		const answer = await pay(t, admin.headers, body);
		expect(answer.status).toBe(400);
		expect(answer.error?.code).toBe("rest_invalid_param");
		expect(answer.error?.data.params).toHaveProperty([field]);
		const after = await t.db.kysely
			.selectFrom("charges")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		expect(Number(after.n)).toBe(Number(before.n));
	});
});

describe("fraud rules act (spec 3 §3.12, §4.5)", () => {
	/** Each rule, a payment that trips it, and what the timeline says it saw (spec 3 §9). */
	const cases = [
		[
			"avs_verification",
			{ avs_verification: {} },
			paymentBody("4000000000000036"),
			"the billing address failed the card issuer's address check (AVS).",
		],
		[
			"international_ip_address",
			{ international_ip_address: {} },
			paymentBody(undefined, { customer_ip: IP_OF.GB }),
			"the customer's IP address is in a country you do not sell to.",
		],
		[
			"ip_address_mismatch",
			{ ip_address_mismatch: {} },
			paymentBody(undefined, { customer_ip: IP_OF.BR }),
			"the country of the customer's IP address differs from the billing country.",
		],
		[
			"address_mismatch",
			{ address_mismatch: {} },
			paymentBody(undefined, {
				order: {
					items: [{ name: "Tote", quantity: 1, total: 5000 }],
					shipping_address: { line1: "1 Rue de Rivoli", city: "Paris", postal_code: "75001", country: "FR" },
				},
			}),
			"the shipping address differs from the billing address.",
		],
		[
			"purchase_price_threshold",
			{ purchase_price_threshold: { min_amount: null, max_amount: 10000 } },
			paymentBody(undefined, { amount: 20000 }),
			"the purchase price is outside the range you accept.",
		],
		[
			"order_items_threshold",
			{ order_items_threshold: { min_items: null, max_items: 3 } },
			paymentBody(undefined, { order: { items: [{ name: "Socks", quantity: 5, total: 5000 }] } }),
			"the number of items in the order is outside the range you accept.",
		],
	] as const;
	/** The timeline's words for an event, as the payment details screen builds them. */
	const said = (event: TimelineEventBody | undefined) =>
		event ? timelineEntry(event, TIMELINE_CONTEXT)?.body.map(lineText) : undefined;
	const filter = (settings: object, block: boolean) => ({ enabled: true, block, ...settings });

	it.each(cases)(
		"%s with block: nothing is captured, the payment is under Blocked, and its timeline says why",
		async (key, filters, body, why) => {
			const [[name, settings]] = Object.entries(filters) as [[string, object]];
			await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, { [name]: filter(settings, true) });
			const { status, intent } = await pay(t, admin.headers, body);
			expect(status).toBe(200);
			expect(intent).toMatchObject({
				status: "canceled",
				charge: { status: "failed", outcome: { type: "blocked", rule: key } },
			});
			expect(await ledgerOf(intent.charge?.id ?? "")).toEqual([]);
			const blocked = await get<{ data: { payment_intent: { id: string }; status: string }[] }>(
				`${BASE}/transactions/fraud-outcomes?status=block&per_page=100`,
			);
			expect(blocked.data.find((row) => row.payment_intent.id === intent.id)?.status).toBe("block");
			const [event] = await eventsOf(intent.id);
			expect(event).toMatchObject({ type: "fraud_outcome_block", ruleset_results: { [key]: "block" } });
			expect(said(event)).toEqual([`Blocked: ${why}`]);
			expect((await chargeOf(intent.charge?.id ?? "")).display_status).toBe("fraud_outcome_block");
		},
	);

	it.each(cases)(
		"%s with review: authorized and held until the merchant decides, and its timeline says why",
		async (key, filters, body, why) => {
			const [[name, settings]] = Object.entries(filters) as [[string, object]];
			await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, { [name]: filter(settings, false) });
			const { intent } = await pay(t, admin.headers, body);
			expect(intent).toMatchObject({
				status: "requires_capture",
				charge: { outcome: { type: "manual_review", rule: key } },
			});
			const review = await get<{ data: { payment_intent: { id: string } }[] }>(
				`${BASE}/transactions/fraud-outcomes?status=review&per_page=100`,
			);
			expect(review.data.map((row) => row.payment_intent.id)).toContain(intent.id);
			const [event] = await eventsOf(intent.id);
			expect(event).toMatchObject({ type: "fraud_outcome_review", ruleset_results: { [key]: "review" } });
			expect(said(event)).toEqual([`Held for review: ${why}`]);
			expect((await chargeOf(intent.charge?.id ?? "")).display_status).toBe("fraud_outcome_review");
		},
	);

	it("approving a held payment captures it; blocking one cancels it", async () => {
		await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {
			ip_address_mismatch: { enabled: true, block: false },
		});
		const held = () => pay(t, admin.headers, paymentBody(undefined, { customer_ip: IP_OF.GB }));
		const approved = (await held()).intent;
		const decide = (intent: typeof approved, action: "capture" | "cancel") =>
			t.app.inject({
				method: "POST",
				url: `${BASE}/orders/${intent.order.id}/${action}_authorization`,
				headers: admin.headers,
				payload: { payment_intent_id: intent.id },
			});
		expect((await decide(approved, "capture")).json()).toMatchObject({ status: "succeeded" });
		expect((await eventsOf(approved.id)).map((event) => event.type)).toEqual([
			"fraud_outcome_review",
			"fraud_outcome_manual_approve",
			"captured",
		]);
		expect(await ledgerOf(approved.charge?.id ?? "")).toHaveLength(1);
		const blocked = (await held()).intent;
		expect((await decide(blocked, "cancel")).json()).toMatchObject({ status: "canceled" });
		expect((await chargeOf(blocked.charge?.id ?? "")).fraud_meta_box_type).toBe("review_blocked");
		expect((await orderOf(blocked.order.id)).status).toBe("cancelled");
		await expectBalancesEqualLedger();
	});

	it("the CVC check blocks 4000…0101 while the account declines on CVC failure, and not otherwise", async () => {
		const blocked = await pay(t, admin.headers, paymentBody("4000000000000101"));
		expect(blocked.intent).toMatchObject({
			status: "canceled",
			charge: { outcome: { rule: "cvc_verification" } },
		});
		expect(said((await eventsOf(blocked.intent.id))[0])).toEqual([
			"Blocked: the card's security code (CVC) check failed.",
		]);
		await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {}, { declineOnCVCFailure: false });
		const passed = await pay(t, admin.headers, paymentBody("4000000000000101"));
		expect(passed.intent.status).toBe("succeeded");
		expect(passed.intent.charge?.payment_method_details.card?.checks.cvc_check).toBe("fail");
	});

	it("a basic protection level applies no saved rule", async () => {
		await saveFraudFilters(t.db.kysely, TEST_ACCOUNT, {
			ip_address_mismatch: { enabled: true, block: true },
		});
		await t.db.kysely
			.updateTable("accounts")
			.set({
				settings: JSON.stringify({ enabled_payment_method_ids: ["card"], current_protection_level: "basic" }),
			})
			.where("id", "=", TEST_ACCOUNT)
			.execute();
		const { intent } = await pay(t, admin.headers, paymentBody(undefined, { customer_ip: IP_OF.GB }));
		expect(intent.status).toBe("succeeded");
	});
});

describe("3-D Secure", () => {
	const authenticate = async (redirectUrl: string, result: "complete" | "fail") => {
		const url = new URL(redirectUrl);
		const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
		expect(page.statusCode).toBe(200);
		expect(page.body).toContain("Complete");
		expect(page.body).toContain("Fail");
		return t.app.inject({
			method: "POST",
			url: url.pathname,
			payload: {
				account: url.searchParams.get("account") ?? "",
				client_secret: url.searchParams.get("client_secret") ?? "",
				result,
			},
		});
	};
	const confirm = (id: string, body: object = {}) =>
		t.app.inject({ method: "POST", url: `${INTENTS}/${id}/confirm`, headers: admin.headers, payload: body });

	it("answers requires_action with the authentication page; Complete then confirm captures the payment", async () => {
		const { intent } = await pay(
			t,
			admin.headers,
			paymentBody("4000002760003184", { return_url: "http://shop.test/return" }),
		);
		expect(intent).toMatchObject({
			status: "requires_action",
			charge: null,
			next_action: { type: "redirect_to_url" },
		});
		expect((await orderOf(intent.order.id)).status).toBe("pending");
		const early = await confirm(intent.id);
		expect(early.statusCode).toBe(409);
		const back = await authenticate(intent.next_action?.redirect_url ?? "", "complete");
		expect(back.statusCode).toBe(303);
		expect(back.headers.location).toBe(`http://shop.test/return?payment_intent=${intent.id}`);
		const done = await confirm(intent.id);
		expect(done.json()).toMatchObject({
			id: intent.id,
			status: "succeeded",
			charge: { status: "succeeded" },
		});
		// Confirming again answers the same payment: money never moves twice.
		expect((await confirm(intent.id)).json()).toMatchObject({ status: "succeeded" });
		expect(await ledgerOf((done.json() as { charge: { id: string } }).charge.id)).toHaveLength(1);
	});

	it("Fail declines the payment with authentication_required", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("4000002760003184"));
		const page = await authenticate(intent.next_action?.redirect_url ?? "", "fail");
		expect(page.body).toContain("Authentication failed");
		const done = await confirm(intent.id);
		expect(done.statusCode).toBe(402);
		expect(done.json()).toMatchObject({ data: { decline_code: "authentication_required" } });
	});

	it("a script may give the customer's answer in the confirm body; a wrong secret opens nothing", async () => {
		const { intent } = await pay(t, admin.headers, paymentBody("4000002760003184"));
		const wrong = await t.app.inject({
			method: "GET",
			url: `/sandbox-partner/authenticate?account=${TEST_ACCOUNT}&client_secret=${intent.id}_secret_nope`,
		});
		expect(wrong.statusCode).toBe(404);
		expect((await confirm(intent.id, { authentication: "complete" })).json()).toMatchObject({
			status: "succeeded",
		});
	});
});

describe("money never moves twice", () => {
	const count = async () =>
		Number(
			(
				await t.db.kysely
					.selectFrom("payment_intents")
					.select((eb) => eb.fn.countAll<number>().as("n"))
					.executeTakeFirstOrThrow()
			).n,
		);

	it("50 identical requests with one Idempotency-Key make one payment, and all answer it", async () => {
		const before = await count();
		const body = paymentBody(undefined, { amount: 4321 });
		const answers = await Promise.all(
			Array.from({ length: 50 }, () => pay(t, admin.headers, body, { "idempotency-key": "checkout-4321" })),
		);
		expect(await count()).toBe(before + 1);
		expect(new Set(answers.map((answer) => answer.intent.id)).size).toBe(1);
		expect(answers.every((answer) => answer.status === 200)).toBe(true);
		await expectBalancesEqualLedger();
	});

	it("a retried decline with the same key answers the same decline without a second attempt", async () => {
		const before = await count();
		const body = paymentBody("4000000000000002");
		const first = await pay(t, admin.headers, body, { "idempotency-key": "declined-once" });
		const second = await pay(t, admin.headers, body, { "idempotency-key": "declined-once" });
		expect(second.status).toBe(402);
		expect(second.intent.id).toBe(first.intent.id);
		expect(await count()).toBe(before + 1);
	});

	it("50 requests without a key make 50 payments", async () => {
		const before = await count();
		const answers = await Promise.all(Array.from({ length: 50 }, () => pay(t, admin.headers, paymentBody())));
		expect(answers.every((answer) => answer.status === 200)).toBe(true);
		expect(await count()).toBe(before + 50);
		const numbers = new Set(answers.map((answer) => answer.intent.order.number));
		expect(numbers.size).toBe(50);
		await expectBalancesEqualLedger();
	});
});

describe("card data", () => {
	it("the full card number and the CVC are stored nowhere in the database", async () => {
		await pay(
			t,
			admin.headers,
			paymentBody("3782 822463 10005", {
				payment_method: {
					type: "card",
					card: { number: "378282246310005", exp_month: 12, exp_year: 2030, cvc: "9876" },
					billing_details: BILLING,
				},
			}),
		);
		await pay(t, admin.headers, paymentBody("4000002760003184"));
		const tables = [
			"payment_intents",
			"charges",
			"orders",
			"timeline_events",
			"balance_transactions",
			"idempotency_keys",
			"options",
		] as const;
		for (const table of tables) {
			const rows = await t.db.kysely.selectFrom(table).selectAll().execute();
			const dump = JSON.stringify(rows);
			expect(dump).not.toContain("378282246310005");
			expect(dump).not.toContain("4000002760003184");
			expect(dump).not.toContain("4242424242424242");
			expect(dump).not.toContain('"9876"');
		}
	});
});
