/**
 * Every timed transition is a compare-and-set on the state it leaves: an expiry that read an
 * authorization before a capture committed changes nothing, so a capture and an expiry racing
 * on one charge end in exactly one of them, with the charge, the order, the ledger and the events
 * agreeing. Forced deterministically on both engines (the expiry given the charge as it was read
 * before the capture), and on PostgreSQL also through the real scheduler and capture route, with
 * the charge's row lock held until both wait on it.
 */
import { captureDeadline } from "@paydesk/domain/capture";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireAuthorization } from "../../../src/processors/sandbox/captures.ts";
import { runDueWork } from "../../../src/processors/sandbox/scheduler.ts";
import { insertTestAccount } from "../../../src/testing/fixtures.ts";
import { createTestApp, TEST_ACCOUNT, TEST_NOW, type TestApp } from "../../../src/testing/test-app.ts";
import { pay, paymentBody } from "../../support/intake-fixtures.ts";
import { BASE, expectMoneyInvariants, onPostgres } from "../../support/invariants.ts";

let t: TestApp;
/** An application password's headers: they stay valid however far the test moves the clock. */
let admin: { headers: Record<string, string> };

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	const actor = await t.actor("administrator");
	admin = { headers: await t.basic(actor.user) };
});
afterAll(async () => t.close());

/** A manual-capture payment made now, its charge as the scheduler would read it, and its order. */
async function authorization() {
	t.clock.set(new Date(TEST_NOW.getTime() + Math.floor(Math.random() * 1000) * 60_000));
	const { intent } = await pay(t, admin.headers, paymentBody(undefined, { capture_method: "manual" }));
	expect(intent.status).toBe("requires_capture");
	const charge = await t.db.kysely
		.selectFrom("charges")
		.selectAll()
		.where("payment_intent_id", "=", intent.id)
		.executeTakeFirstOrThrow();
	const order = await t.db.kysely
		.selectFrom("orders")
		.selectAll()
		.where("id", "=", intent.order.id)
		.executeTakeFirstOrThrow();
	return { intent, charge, order };
}

const captureOf = (orderId: number, intentId: string) =>
	t.app.inject({
		method: "POST",
		url: `${BASE}/orders/${orderId}/capture_authorization`,
		headers: admin.headers,
		payload: { payment_intent_id: intentId },
	});

/** The charge, its order, its ledger rows and its events say the same: captured once, never canceled. */
async function expectCapturedOnly(chargeId: string, intentId: string, orderId: number) {
	const charge = await t.db.kysely
		.selectFrom("charges")
		.selectAll()
		.where("id", "=", chargeId)
		.executeTakeFirstOrThrow();
	expect(charge).toMatchObject({ intent_status: "succeeded", captured: 1, refunded: 0, amount_refunded: 0 });
	const order = await t.db.kysely
		.selectFrom("orders")
		.select("status")
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();
	expect(order.status).toBe("processing");
	const ledger = await t.db.kysely
		.selectFrom("balance_transactions")
		.select(["type", "amount"])
		.where("charge_id", "=", chargeId)
		.execute();
	expect(ledger).toEqual([{ type: "charge", amount: charge.amount }]);
	const events = await t.db.kysely
		.selectFrom("account_events")
		.select("type")
		.where("object_id", "=", intentId)
		.orderBy("seq")
		.execute();
	expect(events.map((event) => event.type)).toEqual(["payment.created", "payment.captured"]);
	await expectMoneyInvariants(t.db.kysely, TEST_ACCOUNT, t.clock.seconds());
}

describe("a capture and an expiry on one authorization", () => {
	it("an expiry holding the charge as read before the capture committed changes nothing", async () => {
		const { intent, charge, order } = await authorization();
		// Within the 7 days the capture is taken …
		t.clock.set(new Date((captureDeadline(charge.created) - 60) * 1000));
		expect((await captureOf(order.id, intent.id)).statusCode).toBe(200);
		// … and an expiry that read the charge before it commits with that stale row.
		const expired = await t.db.kysely.transaction().execute((trx) => expireAuthorization(trx, charge, order));
		expect(expired).toBe(false);
		await expectCapturedOnly(charge.id, intent.id, order.id);
		// The scheduler's own pass past the deadline leaves it so too.
		await runDueWork(t.db, TEST_ACCOUNT, captureDeadline(charge.created) + 86_400, "race-pass", t.clock);
		await expectCapturedOnly(charge.id, intent.id, order.id);
	});

	it.skipIf(!onPostgres())(
		"forced through the scheduler and the route with the charge's row lock held: the capture wins once",
		async () => {
			const { intent, charge, order } = await authorization();
			t.clock.set(new Date((captureDeadline(charge.created) - 60) * 1000));
			const pool = t.db.pool;
			if (!pool) throw new Error("no PostgreSQL pool");
			const holder = await pool.connect();
			try {
				await holder.query("begin");
				await holder.query("select id from charges where account_id = $1 and id = $2 for update", [
					TEST_ACCOUNT,
					charge.id,
				]);
				// The capture queues on the lock first, then the scheduler reads the authorization
				// (still due: the capture has not committed) and queues its expiry behind it.
				const captured = captureOf(order.id, intent.id);
				await new Promise((resolve) => setTimeout(resolve, 300));
				const expiry = runDueWork(
					t.db,
					TEST_ACCOUNT,
					captureDeadline(charge.created) + 86_400,
					"race",
					t.clock,
				);
				await new Promise((resolve) => setTimeout(resolve, 300));
				await holder.query("commit");
				expect((await captured).statusCode).toBe(200);
				await expiry;
			} finally {
				holder.release();
			}
			await expectCapturedOnly(charge.id, intent.id, order.id);
		},
		30_000,
	);
});
