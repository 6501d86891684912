import { createHash } from "node:crypto";
import { transactionQueries } from "@paydesk/contract/transactions";
import { DISPUTE_STATUSES } from "@paydesk/domain/disputes/statuses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectPayoutInvariants } from "../../test/support/invariants.ts";
import { accountBalances } from "../ledger/balances.ts";
import { listTransactions } from "../payments/transactions/queries.ts";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import { readOption } from "../wp/queries.ts";
import { DISPUTE_REASONS } from "./catalog-payments.ts";
import { clearStoreData, type SeedSummary, seedStore } from "./store.ts";

const ACCOUNT = "acct_seed_test";
const NOW = new Date("2026-03-15T13:45:00Z");
const NOW_SECONDS = NOW.getTime() / 1000;
const DAY = 86400;
const TRANSACTION_TYPES = [
	"charge",
	"payment",
	"payment_failure_refund",
	"payment_refund",
	"refund",
	"refund_failure",
	"dispute",
	"dispute_reversal",
	"card_reader_fee",
	"financing_payout",
	"financing_paydown",
];

async function tableHash(
	db: TestDb,
	table: "charges" | "balance_transactions" | "payouts" | "disputes" | "orders",
): Promise<string> {
	const rows = await db.kysely
		.selectFrom(table)
		.selectAll()
		.where("account_id", "=", ACCOUNT)
		.orderBy("id")
		.execute();
	return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

describe("demo store generator", () => {
	let db: TestDb;
	let summary: SeedSummary;

	beforeAll(async () => {
		db = await createTestDb();
		summary = await seedStore(db, { accountId: ACCOUNT, transactions: 4000, seed: 7, now: NOW });
	}, 60_000);

	afterAll(async () => {
		await db.destroy();
	});

	it("leaves the customer search index complete: a search finds what a scan finds", async () => {
		const named = await db.kysely
			.selectFrom("balance_transactions")
			.select("customer_name")
			.where("account_id", "=", ACCOUNT)
			.where("customer_name", "is not", null)
			.orderBy("created", "desc")
			.executeTakeFirstOrThrow();
		const term = (named.customer_name ?? "").split(" ")[0]?.toUpperCase() ?? "";
		const query = transactionQueries.paged.parse({ search: term });
		const found = await listTransactions(db, ACCOUNT, query, "UTC");
		const scanned = await db.kysely
			.selectFrom("balance_transactions")
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.where("account_id", "=", ACCOUNT)
			.where((eb) =>
				eb.or([
					eb(eb.fn("lower", ["customer_name"]), "like", `%${term.toLowerCase()}%`),
					eb(eb.fn("lower", ["customer_email"]), "like", `%${term.toLowerCase()}%`),
				]),
			)
			.executeTakeFirstOrThrow();
		expect(term.length).toBeGreaterThanOrEqual(3);
		expect(found.total_count).toBeGreaterThan(0);
		expect(found.total_count).toBe(Number(scanned.count));
	});

	it("generates about the requested number of transactions and reports what it wrote", async () => {
		expect(summary.transactions).toBeGreaterThan(3600);
		expect(summary.transactions).toBeLessThan(4400);
		const counted = await db.kysely
			.selectFrom("balance_transactions")
			.select((eb) => eb.fn.countAll<number>().as("count"))
			.where("account_id", "=", ACCOUNT)
			.executeTakeFirstOrThrow();
		expect(Number(counted.count)).toBe(summary.transactions);
		expect(summary.charges).toBeGreaterThan(3000);
		expect(summary.payouts).toBeGreaterThan(100);
		expect(summary.disputes).toBeGreaterThanOrEqual(41);
	});

	it("gives the same rows, ids included, for the same seed and now", async () => {
		const again = await createTestDb();
		try {
			await seedStore(again, { accountId: ACCOUNT, transactions: 4000, seed: 7, now: NOW });
			for (const table of ["charges", "balance_transactions", "payouts", "disputes", "orders"] as const) {
				expect(await tableHash(again, table), table).toBe(await tableHash(db, table));
			}
			await clearStoreData(again, ACCOUNT);
			await seedStore(again, { accountId: ACCOUNT, transactions: 4000, seed: 8, now: NOW });
			expect(await tableHash(again, "charges")).not.toBe(await tableHash(db, "charges"));
		} finally {
			await again.destroy();
		}
	}, 60_000);

	it("covers every transaction type of spec 2", async () => {
		const rows = await db.kysely
			.selectFrom("balance_transactions")
			.select("type")
			.distinct()
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(rows.map((r) => r.type).sort()).toEqual([...TRANSACTION_TYPES].sort());
	});

	it("covers every dispute status of spec 3 §4.1 and every reason of §3.4", async () => {
		const disputes = await db.kysely
			.selectFrom("disputes")
			.select(["status", "reason"])
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(new Set(disputes.map((d) => d.status))).toEqual(new Set(DISPUTE_STATUSES));
		expect(new Set(disputes.map((d) => d.reason))).toEqual(
			new Set(DISPUTE_REASONS.map(([reason]) => reason)),
		);
		const charges = await db.kysely
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", ACCOUNT)
			.where("disputed", "=", 1)
			.execute();
		expect(charges).toHaveLength(disputes.length);
	});

	it("has disputes awaiting a response due in the past, within a day, three days, seven days and later", async () => {
		const open = await db.kysely
			.selectFrom("disputes")
			.select("due_by")
			.where("account_id", "=", ACCOUNT)
			.where("status", "in", ["needs_response", "warning_needs_response"])
			.execute();
		const dueIn = open.map((d) => d.due_by - NOW_SECONDS);
		expect(dueIn.filter((s) => s < 0).length).toBeGreaterThanOrEqual(2);
		expect(dueIn.some((s) => s > 0 && s <= DAY)).toBe(true);
		expect(dueIn.some((s) => s > DAY && s <= 3 * DAY)).toBe(true);
		expect(dueIn.some((s) => s > 3 * DAY && s <= 7 * DAY)).toBe(true);
		expect(dueIn.some((s) => s > 7 * DAY)).toBe(true);
	});

	it("pays out each payout's transactions: amount plus fee is the sum of their net, and a failed or canceled payout holds none", async () => {
		await expectPayoutInvariants(db.kysely, ACCOUNT);
		const payouts = await db.kysely
			.selectFrom("payouts")
			.selectAll()
			.where("account_id", "=", ACCOUNT)
			.execute();
		const statuses = new Set(payouts.map((p) => p.status));
		for (const status of ["paid", "pending", "in_transit", "failed", "canceled"])
			expect(statuses).toContain(status);
		expect(
			payouts.some((p) => p.method === "instant" && p.fee === Math.round((p.amount + p.fee) * 0.015)),
		).toBe(true);
		expect(payouts.some((p) => p.type === "withdrawal" && p.amount < 0)).toBe(true);
	});

	it("the first payout the processor makes holds exactly its own transactions (no money is left on failed payouts)", async () => {
		const available = await db.kysely
			.selectFrom("balance_transactions")
			.select((eb) => eb.fn.sum<number>("net").as("net"))
			.where("account_id", "=", ACCOUNT)
			.where("currency", "=", "usd")
			.where("deposit_id", "is", null)
			.where("available_on", "<=", NOW_SECONDS)
			.executeTakeFirstOrThrow();
		const balance = (await accountBalances(db.kysely, ACCOUNT, NOW_SECONDS)).find(
			(one) => one.currency === "usd",
		);
		// What no payout holds yet is what the balance says is available to pay out.
		expect(balance?.available).toBe(Number(available.net ?? 0));
	});

	it("leaves money pending and available: recent transactions are not paid out yet", async () => {
		const unpaid = await db.kysely
			.selectFrom("balance_transactions")
			.select(["available_on", "net"])
			.where("account_id", "=", ACCOUNT)
			.where("deposit_id", "is", null)
			.execute();
		expect(unpaid.some((t) => t.available_on > NOW_SECONDS)).toBe(true);
		expect(unpaid.some((t) => t.available_on <= NOW_SECONDS)).toBe(true);
		expect(unpaid.every((t) => t.available_on > NOW_SECONDS - 2 * DAY)).toBe(true);
	});

	it("has about 20 uncaptured authorizations inside the 7-day capture window, some near its end, an expired one, and one past its window not marked expired yet", async () => {
		const authorizations = await db.kysely
			.selectFrom("charges")
			.select(["created", "intent_status", "fraud_meta_box_type"])
			.where("account_id", "=", ACCOUNT)
			.where("captured", "=", 0)
			.where("paid", "=", 1)
			.execute();
		const open = authorizations.filter(
			(a) => a.intent_status === "requires_capture" && a.fraud_meta_box_type === null,
		);
		const inWindow = open.filter((a) => NOW_SECONDS - a.created < 7 * DAY);
		expect(inWindow.length).toBeGreaterThanOrEqual(18);
		expect(inWindow.filter((a) => NOW_SECONDS - a.created > 6 * DAY).length).toBeGreaterThanOrEqual(2);
		// The processor marks it expired at the next capture or cancel (the capture error journey).
		expect(open.filter((a) => NOW_SECONDS - a.created > 7 * DAY)).toHaveLength(1);
		const expired = authorizations.filter(
			(a) => a.intent_status === "canceled" && a.fraud_meta_box_type === null,
		);
		expect(expired.some((a) => NOW_SECONDS - a.created > 7 * DAY)).toBe(true);
	});

	it("has fraud outcomes: blocked, held for review, and allowed after review", async () => {
		const rows = await db.kysely
			.selectFrom("charges")
			.select(["fraud_outcome", "fraud_meta_box_type", "status", "intent_status"])
			.where("account_id", "=", ACCOUNT)
			.where("fraud_outcome", "is not", null)
			.execute();
		const blocked = rows.filter((r) => r.fraud_meta_box_type === "block");
		expect(blocked.length).toBeGreaterThanOrEqual(24);
		expect(blocked.every((r) => r.status === "failed" && r.fraud_outcome === "block")).toBe(true);
		const review = rows.filter((r) => r.fraud_meta_box_type === "review");
		expect(review.length).toBeGreaterThanOrEqual(24);
		expect(review.every((r) => r.intent_status === "requires_capture" && r.fraud_outcome === "review")).toBe(
			true,
		);
		expect(rows.some((r) => r.fraud_meta_box_type === "review_allowed" && r.fraud_outcome === "allow")).toBe(
			true,
		);
	});

	it("gives an online card payment's transactions its brand as source, and other methods their type", async () => {
		const rows = await db.kysely
			.selectFrom("balance_transactions as bt")
			.innerJoin("charges as c", (join) =>
				join.onRef("c.account_id", "=", "bt.account_id").onRef("c.id", "=", "bt.charge_id"),
			)
			.select(["bt.source", "c.payment_method_type"])
			.where("bt.account_id", "=", ACCOUNT)
			// A card reader's fee has no payment method.
			.where("bt.source", "is not", null)
			.groupBy(["bt.source", "c.payment_method_type"])
			.execute();
		const cards = rows.filter((row) => row.payment_method_type === "card").map((row) => row.source);
		expect(cards).toEqual(
			expect.arrayContaining(["visa", "mastercard", "amex", "discover", "jcb", "diners", "unionpay"]),
		);
		expect(cards).not.toContain("card");
		const others = rows.filter((row) => row.payment_method_type !== "card");
		expect(others.length).toBeGreaterThan(0);
		for (const row of others) expect(row.source).toBe(row.payment_method_type);
	});

	it("links every charge's order, numbers orders from 1 and raises the order sequence", async () => {
		const orders = await db.kysely
			.selectFrom("orders")
			.select(["id", "number", "charge_id"])
			.where("account_id", "=", ACCOUNT)
			.orderBy("id")
			.execute();
		expect(orders[0]?.id).toBe(1);
		expect(
			orders.every((o, index) => o.id === index + 1 && o.number === String(o.id) && o.charge_id !== null),
		).toBe(true);
		const sequence = await db.kysely
			.selectFrom("sequences")
			.select("value")
			.where("account_id", "=", ACCOUNT)
			.where("name", "=", "orders")
			.executeTakeFirstOrThrow();
		expect(sequence.value).toBe(orders.length);
	});

	it("has one active and one paid-off loan, repaid by financing_paydown transactions", async () => {
		const loans = await db.kysely
			.selectFrom("loans")
			.selectAll()
			.where("account_id", "=", ACCOUNT)
			.orderBy("paid_out_at")
			.execute();
		expect(loans.map((l) => l.status)).toEqual(["paid_off", "active"]);
		const [paidOff, active] = loans;
		expect(paidOff?.paid_amount).toBe((paidOff?.amount ?? 0) + (paidOff?.fee_amount ?? 0));
		expect(active?.fully_paid_at).toBeNull();
		expect(active?.paid_amount).toBeLessThan((active?.amount ?? 0) + (active?.fee_amount ?? 0));
		const paydowns = await db.kysely
			.selectFrom("loan_paydowns")
			.selectAll()
			.where("account_id", "=", ACCOUNT)
			.execute();
		const repaid = paydowns.filter((p) => p.loan_id === active?.id).reduce((sum, p) => sum + p.amount, 0);
		expect(repaid).toBe(active?.paid_amount);
	});

	it("opts the store in to WooCommerce usage tracking, so the feedback prompt's No asks what to improve", async () => {
		expect(await readOption(db.kysely, ACCOUNT, "woocommerce_allow_tracking", z.string(), "no")).toBe("yes");
	});

	it("clears a store's data but keeps its users", async () => {
		const other = await createTestDb();
		try {
			await seedStore(other, { accountId: ACCOUNT, transactions: 500, seed: 1, now: NOW });
			await other.kysely
				.insertInto("users")
				.values({
					account_id: ACCOUNT,
					id: 1,
					login: "admin",
					email: "a@example.com",
					display_name: "Admin",
					first_name: "",
					last_name: "",
					role: "administrator",
					password_hash: "x",
					created: 0,
				})
				.execute();
			await clearStoreData(other, ACCOUNT);
			for (const table of [
				"accounts",
				"charges",
				"balance_transactions",
				"payouts",
				"timeline_events",
				"sequences",
			] as const) {
				const rows = await other.kysely.selectFrom(table).selectAll().execute();
				expect(rows, table).toHaveLength(0);
			}
			expect(await other.kysely.selectFrom("users").selectAll().execute()).toHaveLength(1);
		} finally {
			await other.destroy();
		}
	}, 60_000);
});

describe("unconnected demo store", () => {
	it("has only the account row, not connected", async () => {
		const db = await createTestDb();
		try {
			const summary = await seedStore(db, {
				accountId: ACCOUNT,
				transactions: 5000,
				seed: 1,
				now: NOW,
				state: "unconnected",
			});
			expect(summary.transactions).toBe(0);
			const account = await db.kysely.selectFrom("accounts").selectAll().executeTakeFirstOrThrow();
			expect(account).toMatchObject({ connected: 0, details_submitted: 0, payments_enabled: 0 });
			for (const table of [
				"orders",
				"charges",
				"balance_transactions",
				"payouts",
				"disputes",
				"documents",
				"inbox_notes",
				"card_readers",
				"loans",
				"sequences",
			] as const) {
				const rows = await db.kysely.selectFrom(table).selectAll().execute();
				expect(rows, table).toHaveLength(0);
			}
		} finally {
			await db.destroy();
		}
	});
});
