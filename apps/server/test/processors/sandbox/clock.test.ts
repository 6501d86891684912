/**
 * Time moves: each timed rule one second before and one second after its boundary,
 * reached by using Paydesk — payments through the intake API, the sandbox test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountBalances } from "../../../src/ledger/balances.ts";
import { rollupDrift } from "../../../src/ledger/rollups.ts";
import { timelineOf } from "../../../src/payments/timeline/queries.ts";
import { runAllAccounts } from "../../../src/processors/registry.ts";
import { runDueWork } from "../../../src/processors/sandbox/scheduler.ts";
import {
	DISPUTE_ARRIVAL_DELAY,
	DISPUTE_DECISION_DELAY,
	DISPUTE_FEE,
} from "../../../src/processors/sandbox/timed-disputes.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { type Actor, createTestApp, json, TEST_NOW, type TestApp } from "../../../src/testing/test-app.ts";
import { pay, paymentBody } from "../../support/intake-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const DAY = 86_400;
const SANDBOX = "acct_sandbox";
const LIVE = "acct_live";
let t: TestApp;
let sandbox: Actor;
let live: Actor;

const banks = (last4: string) =>
	JSON.stringify([{ currency: "usd", status: "verified", bank_name: "STRIPE TEST BANK", last4 }]);

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db) => {
			await insertTestAccount(db.kysely, SANDBOX, { test_mode: 1 });
			await insertTestAccount(db.kysely, LIVE);
		},
	});
	sandbox = await t.actor("administrator", SANDBOX);
	live = await t.actor("administrator", LIVE);
});
afterAll(async () => t.close());

/** A fresh sandbox account of its own for each test, so boundaries do not mix. */
let accounts = 0;
async function freshSandbox(overrides: Parameters<typeof insertTestAccount>[2] = {}) {
	accounts++;
	const id = `acct_clock${accounts}`;
	await insertTestAccount(t.db.kysely, id, { test_mode: 1, ...overrides });
	return { id, actor: await t.actor("administrator", id) };
}

const clockOf = async (actor: Actor) =>
	json<{ now: number; offset_seconds: number }>(
		await t.app.inject({ method: "GET", url: `${BASE}/sandbox/clock`, headers: actor.headers }),
	);
const advance = (actor: Actor, seconds: number) =>
	t.app.inject({
		method: "POST",
		url: `${BASE}/sandbox/clock`,
		headers: actor.headers,
		payload: { advance: seconds },
	});
/** Moves the account's clock to exactly `target` (account time). */
async function advanceTo(actor: Actor, target: number): Promise<void> {
	const { now } = await clockOf(actor);
	expect(target).toBeGreaterThan(now);
	const response = await advance(actor, target - now);
	expect(response.statusCode).toBe(200);
}
const chargeRow = (id: string) =>
	t.db.kysely.selectFrom("charges").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const disputesOf = (accountId: string) =>
	t.db.kysely.selectFrom("disputes").selectAll().where("account_id", "=", accountId).execute();
const payoutsOf = (accountId: string) =>
	t.db.kysely
		.selectFrom("payouts")
		.selectAll()
		.where("account_id", "=", accountId)
		.orderBy("created")
		.execute();

async function expectBalancesEqualLedger(accountId: string, now: number) {
	expect(await rollupDrift(t.db.kysely, accountId)).toEqual([]);
	const ledger = await t.db.kysely
		.selectFrom("balance_transactions")
		.select((eb) => eb.fn.sum<number>("net").as("net"))
		.where("account_id", "=", accountId)
		.executeTakeFirstOrThrow();
	const paid = await t.db.kysely
		.selectFrom("payouts")
		.select((eb) => eb.fn.sum<number>("amount").as("amount"))
		.where("account_id", "=", accountId)
		.where("status", "not in", ["failed", "canceled"])
		.executeTakeFirstOrThrow();
	const [balance] = await accountBalances(t.db.kysely, accountId, now);
	expect(balance?.total ?? 0).toBe(Number(ledger.net ?? 0) - Number(paid.amount ?? 0));
}

describe("the test clock", () => {
	it("answers a sandbox account's time and moves only forward", async () => {
		const before = await clockOf(sandbox);
		expect(before.now).toBe(TEST_NOW.getTime() / 1000);
		const moved = await advance(sandbox, 3600);
		expect(json<{ now: number; offset_seconds: number }>(moved)).toMatchObject({
			now: before.now + 3600,
			offset_seconds: 3600,
		});
		const back = await advance(sandbox, -10);
		expect(back.statusCode).toBe(400);
		expect(back.json()).toMatchObject({ code: "rest_invalid_param" });
	});

	it("is refused with 409 for an account on real time", async () => {
		for (const method of ["GET", "POST"] as const) {
			const response = await t.app.inject({
				method,
				url: `${BASE}/sandbox/clock`,
				headers: live.headers,
				...(method === "POST" ? { payload: { advance: 60 } } : {}),
			});
			expect(response.statusCode).toBe(409);
			expect(response.json()).toMatchObject({ code: "wcpay_test_clock_unavailable" });
		}
	});

	it("payments taken on a sandbox account carry its time", async () => {
		const { actor } = await freshSandbox();
		await advance(actor, 5 * DAY);
		const { intent } = await pay(t, actor.headers, paymentBody());
		expect(intent.created).toBe((await clockOf(actor)).now);
	});
});

describe("authorizations expire 7 days after creation", () => {
	it("one second before, the payment waits for capture; at the boundary it is canceled and leaves the Uncaptured tab", async () => {
		const { id, actor } = await freshSandbox();
		const { intent } = await pay(t, actor.headers, paymentBody(undefined, { capture_method: "manual" }));
		const deadline = intent.created + 7 * DAY;
		await advanceTo(actor, deadline - 1);
		expect((await chargeRow(intent.charge?.id ?? "")).intent_status).toBe("requires_capture");
		const listed = async () =>
			json<{ total_count: number }>(
				await t.app.inject({ method: "GET", url: `${BASE}/authorizations`, headers: actor.headers }),
			).total_count;
		expect(await listed()).toBe(1);
		await advanceTo(actor, deadline + 1);
		expect((await chargeRow(intent.charge?.id ?? "")).intent_status).toBe("canceled");
		expect(await listed()).toBe(0);
		const events = await t.db.kysely
			.selectFrom("timeline_events")
			.selectAll()
			.where("payment_intent_id", "=", intent.id)
			.execute();
		expect(events.find((event) => event.type === "authorization_expired")?.datetime).toBe(deadline);
		const order = await t.db.kysely
			.selectFrom("orders")
			.select("status")
			.where("account_id", "=", id)
			.where("id", "=", intent.order.id)
			.executeTakeFirstOrThrow();
		expect(order.status).toBe("cancelled");
	});
});

describe("settlement and scheduled payouts", () => {
	it("funds move from pending to available at available_on", async () => {
		const { id, actor } = await freshSandbox({ deposits_schedule: JSON.stringify({ interval: "manual" }) });
		const { intent } = await pay(t, actor.headers, paymentBody());
		const availableOn = intent.created + 2 * DAY;
		await advanceTo(actor, availableOn - 1);
		expect((await accountBalances(t.db.kysely, id, availableOn - 1))[0]).toMatchObject({
			pending: 4825,
			available: 0,
		});
		const overview = async () =>
			json<{ balance: { available: { amount: number }[] } }>(
				await t.app.inject({ method: "GET", url: `${BASE}/deposits/overview-all`, headers: actor.headers }),
			);
		expect((await overview()).balance.available[0]?.amount).toBe(0);
		await advanceTo(actor, availableOn);
		expect((await overview()).balance.available[0]?.amount).toBe(4825);
		// A manual schedule never pays out by itself.
		await advance(actor, 10 * DAY);
		expect(await payoutsOf(id)).toEqual([]);
	});

	it("a daily payout gathers the available transactions, then goes pending → in transit → paid", async () => {
		const { id, actor } = await freshSandbox();
		const { intent } = await pay(t, actor.headers, paymentBody());
		// Available two days later at 15:00; the next daily payout is at 00:00 after that.
		const payoutAt = Math.floor((intent.created + 2 * DAY) / DAY) * DAY + DAY;
		await advanceTo(actor, payoutAt - 1);
		expect(await payoutsOf(id)).toEqual([]);
		await advanceTo(actor, payoutAt);
		const [payout] = await payoutsOf(id);
		expect(payout).toMatchObject({
			status: "pending",
			amount: 4825,
			currency: "usd",
			automatic: 1,
			created: payoutAt,
		});
		const gathered = await t.db.kysely
			.selectFrom("balance_transactions")
			.select("deposit_id")
			.where("account_id", "=", id)
			.execute();
		expect(gathered.map((row) => row.deposit_id)).toEqual([payout?.id]);
		await advanceTo(actor, payoutAt + 3600 - 1);
		expect((await payoutsOf(id))[0]?.status).toBe("pending");
		await advanceTo(actor, payoutAt + 3600);
		expect((await payoutsOf(id))[0]?.status).toBe("in_transit");
		await advanceTo(actor, (payout?.date ?? 0) - 1);
		expect((await payoutsOf(id))[0]?.status).toBe("in_transit");
		await advanceTo(actor, payout?.date ?? 0);
		expect((await payoutsOf(id))[0]?.status).toBe("paid");
		const details = json<{ data: { transaction_id: string }[] }>(
			await t.app.inject({
				method: "GET",
				url: `${BASE}/transactions?deposit_id=${payout?.id}`,
				headers: actor.headers,
			}),
		);
		expect(details.data).toHaveLength(1);
		await expectBalancesEqualLedger(id, (await clockOf(actor)).now);
	});

	it("a payout to the failing test bank account fails, returns its money and pauses payouts", async () => {
		const { id, actor } = await freshSandbox({ external_accounts: banks("1116") });
		await pay(t, actor.headers, paymentBody());
		await advance(actor, 6 * DAY);
		const [payout] = await payoutsOf(id);
		expect(payout).toMatchObject({ status: "failed", failure_code: "account_closed" });
		const account = await t.db.kysely
			.selectFrom("accounts")
			.select("external_accounts")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		expect(JSON.parse(account.external_accounts)[0].status).toBe("errored");
		const free = await t.db.kysely
			.selectFrom("balance_transactions")
			.select("deposit_id")
			.where("account_id", "=", id)
			.execute();
		expect(free.every((row) => row.deposit_id === null)).toBe(true);
		const [balance] = await accountBalances(t.db.kysely, id, (await clockOf(actor)).now);
		expect(balance?.available).toBe(4825);
		await advance(actor, 3 * DAY);
		expect(await payoutsOf(id)).toHaveLength(1);
	});

	it("catches up in order: three missed payout days make three payouts, each of its own day", async () => {
		const { id, actor } = await freshSandbox();
		const start = (await clockOf(actor)).now;
		// Payments on three days while nothing runs the timed work (a server that was off).
		for (let day = 0; day < 3; day++) {
			await t.db.kysely
				.updateTable("account_clocks")
				.set({ offset_seconds: day * DAY })
				.where("account_id", "=", id)
				.execute();
			await pay(t, actor.headers, paymentBody(undefined, { amount: 10000 * (day + 1) }));
		}
		await t.db.kysely
			.updateTable("account_clocks")
			.set({ offset_seconds: 6 * DAY })
			.where("account_id", "=", id)
			.execute();
		await runDueWork(t.db, id, start + 6 * DAY, "catch-up", t.clock);
		const payouts = await payoutsOf(id);
		expect(payouts.map((payout) => payout.amount)).toEqual([9680, 19390, 29100]);
		expect(payouts.map((payout) => payout.created)).toEqual(
			[...payouts.map((payout) => payout.created)].sort(),
		);
	});

	it("two runners at once make each payout exactly once", async () => {
		const { id, actor } = await freshSandbox();
		await clockOf(actor);
		for (let i = 0; i < 5; i++) await pay(t, actor.headers, paymentBody());
		await t.db.kysely
			.updateTable("account_clocks")
			.set({ offset_seconds: 9 * DAY })
			.where("account_id", "=", id)
			.execute();
		const until = (await clockOf(actor)).now;
		await Promise.all([
			runDueWork(t.db, id, until, "one", t.clock),
			runDueWork(t.db, id, until, "two", t.clock),
		]);
		await runDueWork(t.db, id, until, "one", t.clock);
		const payouts = await payoutsOf(id);
		expect(payouts).toHaveLength(1);
		const held = await t.db.kysely
			.selectFrom("balance_transactions")
			.select(["deposit_id"])
			.where("account_id", "=", id)
			.execute();
		expect(held.every((row) => row.deposit_id === payouts[0]?.id)).toBe(true);
		await expectBalancesEqualLedger(id, until);
	});

	it("an account on real time runs its timed work as real time passes", async () => {
		const { intent } = await pay(t, live.headers, paymentBody(undefined, { capture_method: "manual" }));
		t.clock.advance(7 * DAY);
		await runAllAccounts({ db: t.db, clock: t.clock, publicUrl: "http://localhost" }, "runner");
		expect((await chargeRow(intent.charge?.id ?? "")).intent_status).toBe("canceled");
		t.clock.advance(-7 * DAY);
	});
});

describe("the dispute lifecycle", () => {
	it("a dispute card's payment is disputed after the delay, with its withdrawal, e-mail and inbox note", async () => {
		const { id, actor } = await freshSandbox();
		const { intent } = await pay(t, actor.headers, paymentBody("4000000000000259"));
		const arrival = intent.created + DISPUTE_ARRIVAL_DELAY;
		await advanceTo(actor, arrival - 1);
		expect(await disputesOf(id)).toEqual([]);
		await advanceTo(actor, arrival);
		const [dispute] = await disputesOf(id);
		expect(dispute).toMatchObject({
			status: "needs_response",
			reason: "fraudulent",
			created: arrival,
			amount: 5000,
		});
		const debit = await t.db.kysely
			.selectFrom("balance_transactions")
			.selectAll()
			.where("account_id", "=", id)
			.where("type", "=", "dispute")
			.executeTakeFirstOrThrow();
		expect(debit).toMatchObject({ amount: -5000, fee: DISPUTE_FEE, net: -5000 - DISPUTE_FEE });
		expect((await chargeRow(intent.charge?.id ?? "")).disputed).toBe(1);
		const notes = await t.db.kysely
			.selectFrom("inbox_notes")
			.select("title")
			.where("account_id", "=", id)
			.execute();
		expect(notes.map((note) => note.title)).toContain("A $50.00 payment was disputed");
		const mail = await t.db.kysely
			.selectFrom("email_outbox")
			.select("subject")
			.where("account_id", "=", id)
			.execute();
		expect(mail.map((row) => row.subject)).toContain("A $50.00 payment was disputed");

		// No answer: lost once due_by passes.
		await advanceTo(actor, (dispute?.due_by ?? 0) - 1);
		expect((await disputesOf(id))[0]?.status).toBe("needs_response");
		await advanceTo(actor, dispute?.due_by ?? 0);
		expect((await disputesOf(id))[0]?.status).toBe("lost");
		const events = (await timelineOf(t.db.kysely, id, intent.id)) ?? [];
		expect(events.map((event) => event.type)).toEqual([
			"authorized",
			"captured",
			"dispute_needs_response",
			"dispute_lost",
		]);
		await expectBalancesEqualLedger(id, (await clockOf(actor)).now);
	});

	it("submitted evidence is under review, then won with winning_evidence, reinstating the funds", async () => {
		const { id, actor } = await freshSandbox();
		await pay(t, actor.headers, paymentBody("4000000000002685"));
		await advance(actor, DISPUTE_ARRIVAL_DELAY);
		const [dispute] = await disputesOf(id);
		expect(dispute?.reason).toBe("product_not_received");
		const submitted = await t.app.inject({
			method: "POST",
			url: `${BASE}/disputes/${dispute?.id}`,
			headers: actor.headers,
			payload: {
				evidence: { uncategorized_text: "Tracking shows delivery. winning_evidence" },
				metadata: { __product_type: "physical_product" },
				submit: true,
			},
		});
		expect(submitted.statusCode).toBe(200);
		const submittedAt = (await clockOf(actor)).now;
		expect((await disputesOf(id))[0]?.status).toBe("under_review");
		await advanceTo(actor, submittedAt + DISPUTE_DECISION_DELAY - 1);
		expect((await disputesOf(id))[0]?.status).toBe("under_review");
		await advanceTo(actor, submittedAt + DISPUTE_DECISION_DELAY);
		expect((await disputesOf(id))[0]?.status).toBe("won");
		const reversal = await t.db.kysely
			.selectFrom("balance_transactions")
			.selectAll()
			.where("account_id", "=", id)
			.where("type", "=", "dispute_reversal")
			.executeTakeFirstOrThrow();
		expect(reversal).toMatchObject({ amount: 5000, fee: -DISPUTE_FEE, net: 5000 + DISPUTE_FEE });
		await expectBalancesEqualLedger(id, (await clockOf(actor)).now);
	});

	it("an inquiry moves no money and closes as warning_closed when unanswered", async () => {
		const { id, actor } = await freshSandbox();
		await pay(t, actor.headers, paymentBody("4000000000001976"));
		await advance(actor, DISPUTE_ARRIVAL_DELAY);
		const [inquiry] = await disputesOf(id);
		expect(inquiry).toMatchObject({ status: "warning_needs_response", balance_transaction_id: null });
		await advanceTo(actor, inquiry?.due_by ?? 0);
		expect((await disputesOf(id))[0]?.status).toBe("warning_closed");
	});
});

describe("account deadlines", () => {
	it("when a restricted_soon deadline passes, the account is restricted and payouts pause", async () => {
		const deadline = TEST_NOW.getTime() / 1000 + DAY;
		const { id, actor } = await freshSandbox({ status: "restricted_soon", current_deadline: deadline });
		await pay(t, actor.headers, paymentBody());
		await advanceTo(actor, deadline - 1);
		const status = async () =>
			await t.db.kysely
				.selectFrom("accounts")
				.select(["status", "payments_enabled"])
				.where("id", "=", id)
				.executeTakeFirstOrThrow();
		expect((await status()).status).toBe("restricted_soon");
		await advanceTo(actor, deadline + 1);
		expect(await status()).toMatchObject({ status: "restricted", payments_enabled: 0 });
		await advance(actor, 5 * DAY);
		expect(await payoutsOf(id)).toEqual([]);
	});
});

describe("progressive onboarding moves with real sales", () => {
	it("at $5,000 of sales payments pause until the bank details are verified, and the intake refuses more", async () => {
		const { id, actor } = await freshSandbox({
			status: "enabled",
			progressive_onboarding: JSON.stringify({
				isEnabled: true,
				isComplete: false,
				tpv: 0,
				firstTransactionDate: null,
			}),
		});
		await clockOf(actor);
		const first = await pay(t, actor.headers, paymentBody(undefined, { amount: 300_000 }));
		expect(first.status).toBe(200);
		await advance(actor, 3600);
		const account = async () =>
			t.db.kysely.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		expect((await account()).status).toBe("enabled");
		expect(JSON.parse((await account()).progressive_onboarding)).toMatchObject({ tpv: 300_000 });
		await pay(t, actor.headers, paymentBody(undefined, { amount: 200_000 }));
		await advance(actor, 3600);
		expect(await account()).toMatchObject({ status: "restricted", payments_enabled: 0 });
		const refused = await pay(t, actor.headers, paymentBody());
		expect(refused.status).toBe(409);
		expect(refused.error?.code).toBe("wcpay_payments_disabled");
	});
});
