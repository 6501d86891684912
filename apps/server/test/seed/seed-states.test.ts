/**
 * The demo store's --state values: each account situation the overview tells apart
 * can be seeded, and the overview's rules read it as intended (task table of spec 1 §4.5,
 * hidden areas, go-live task, Safe Mode); every seeded ledger has its rollups, so the balance
 * read from them equals the ledger's.
 */

import { hidesActionAreas } from "@paydesk/domain/account-status";
import { type PoTaskMessage, poTaskState, toSeconds } from "@paydesk/domain/progressive-onboarding";
import { overviewTasks, type TaskContext } from "@paydesk/domain/tasks";
import { englishTranslator } from "@paydesk/domain/translator";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accountStatusOf, loadAccount } from "../../src/accounts/account.ts";
import { buildPageSettings } from "../../src/admin-pages/page-settings.ts";
import type { AuthUser } from "../../src/auth/context.ts";
import { accountBalances } from "../../src/ledger/balances.ts";
import { rollupDrift } from "../../src/ledger/rollups.ts";
import { type AccountStateName, PROGRESSIVE_PLANS } from "../../src/seed/account-states.ts";
import { seedStore } from "../../src/seed/store.ts";
import { createTestDb, type TestDb } from "../../src/testing/test-db.ts";
import { readOption } from "../../src/wp/queries.ts";
import { expectPayoutInvariants } from "../support/invariants.ts";

const NOW = new Date("2026-11-15T15:00:00Z");
const now = NOW.getTime() / 1000;
const ACCOUNT = "acct_states";
const dbs: TestDb[] = [];

async function seeded(state: AccountStateName, transactions = 400): Promise<TestDb> {
	const db = await createTestDb();
	dbs.push(db);
	await seedStore(db, { accountId: ACCOUNT, transactions, seed: 11, now: NOW, state });
	return db;
}
afterAll(async () => {
	for (const db of dbs) await db.destroy();
});

const user: AuthUser = {
	id: 1,
	accountId: ACCOUNT,
	login: "admin",
	email: "admin@example.com",
	role: "administrator",
	firstName: "Alex",
	lastName: "",
	displayName: "Alex",
};
const config = {
	dataDir: "",
	adminDist: "",
	secureCookies: false,
	productName: "Paydesk",
	publicUrl: "http://localhost:8080",
};
const settingsOf = (db: TestDb) => buildPageSettings(db.kysely, config, user, { nonceSecret: "s", now });

async function tasksOf(db: TestDb) {
	const settings = await settingsOf(db);
	const account = settings.accountStatus;
	const context: TaskContext = {
		account,
		isAccountConnected: settings.isAccountConnected,
		testMode: settings.testMode,
		goLiveEnabled: settings.featureFlags.goLive,
		reconnectUrl: settings.reconnectUrl,
		connectUrl: settings.connectUrl,
		enabledPaymentMethods: settings.enabledPaymentMethods ?? [],
		disputes: [],
		now,
		format: { money: (a) => String(a), date: () => "date", time: () => "time" },
		translator: englishTranslator,
	};
	return overviewTasks(context);
}

const EXPECTED_MESSAGE: Record<string, PoTaskMessage> = {
	"po-no-payment": "after_payment",
	"po-no-payment-14-days": "no_payment_14_days",
	"po-no-payment-30-days": "no_payment_30_days",
	"po-first-payment": "after_payment",
	"po-balance-rising": "balance_rising",
	"po-near-threshold": "near_threshold",
	"po-threshold-reached": "threshold_reached",
};

describe("progressive onboarding states: past each threshold of spec 1 §4.5", () => {
	it.each(Object.keys(PROGRESSIVE_PLANS) as AccountStateName[])("%s", async (state) => {
		const db = await seeded(state);
		const row = await loadAccount(db.kysely, ACCOUNT);
		if (!row) throw new Error("no account");
		const account = accountStatusOf(row);
		const po = account.progressiveOnboarding;
		expect(po).toMatchObject({ isEnabled: true, isComplete: false });
		expect(account.detailsSubmitted).toBe(true);
		const plan = PROGRESSIVE_PLANS[state];
		expect(po.firstTransactionDate === null).toBe(plan?.firstPaymentDaysAgo === null);
		const task = poTaskState(
			{
				tpv: po.tpv,
				firstTransactionDate: toSeconds(po.firstTransactionDate),
				created: toSeconds(account.created) ?? 0,
			},
			now,
		);
		expect(task.message).toBe(EXPECTED_MESSAGE[state]);
		expect(account.paymentsEnabled).toBe(!task.paymentsPaused);
		// The volume the partner reports is the store's own sales, and nothing is paid out yet.
		const sales = await db.kysely
			.selectFrom("balance_transactions")
			.select(sql<number>`coalesce(sum(amount), 0)`.as("sum"))
			.where("account_id", "=", ACCOUNT)
			.where("type", "in", ["charge", "payment"])
			.executeTakeFirstOrThrow();
		expect(po.tpv).toBe(Number(sales.sum));
		const payouts = await db.kysely
			.selectFrom("payouts")
			.select("id")
			.where("account_id", "=", ACCOUNT)
			.execute();
		expect(payouts).toEqual([]);
		expect(await rollupDrift(db.kysely, ACCOUNT)).toEqual([]);
		const keys = (await tasksOf(db)).map((t) => t.key);
		expect(keys).toContain("verify-bank-details");
		expect(keys).not.toContain("update-business-details");
	});
});

describe("full-history states", () => {
	it("connected: rollups built, balance from rollups equals the ledger, lifetime TPV and fees cached", async () => {
		const db = await seeded("connected", 1500);
		expect(await rollupDrift(db.kysely, ACCOUNT)).toEqual([]);
		await expectPayoutInvariants(db.kysely, ACCOUNT);
		const balances = await accountBalances(db.kysely, ACCOUNT, now);
		const ledger = await db.kysely
			.selectFrom("balance_transactions")
			.select(["currency", sql<number>`sum(net)`.as("net")])
			.where("account_id", "=", ACCOUNT)
			.groupBy("currency")
			.execute();
		const paid = await db.kysely
			.selectFrom("payouts")
			.select(["currency", sql<number>`sum(amount + fee)`.as("debited")])
			.where("account_id", "=", ACCOUNT)
			.where("status", "not in", ["failed", "canceled"])
			.groupBy("currency")
			.execute();
		for (const row of ledger) {
			const debited = Number(paid.find((p) => p.currency === row.currency)?.debited ?? 0);
			expect(balances.find((b) => b.currency === row.currency)?.total).toBe(Number(row.net) - debited);
		}
		expect(await readOption(db.kysely, ACCOUNT, "wcpay_lifetime_tpv", z.number(), 0)).toBeGreaterThan(0);
		const settings = await settingsOf(db);
		expect(settings.lifetimeTPV).toBeGreaterThan(0);
		// The spec's names (spec 1 §3, spec 2 §3): the account's currency, its loans by state, its campaigns.
		expect(settings.accountDefaultCurrency).toBe("usd");
		expect(settings.accountLoans.loans.map((loan) => loan.state).sort()).toEqual(["active", "paid_off"]);
		expect(settings.accountLoans.has_active_loan).toBe(true);
		expect(settings.accountStatus?.campaigns).toEqual({ wporg_review_2025: true });
		expect(settings.accountFees?.card?.discount[0]?.discount).toBe(0.25);
		expect(Object.keys(settings.accountFees ?? {}).sort()).toEqual(["card", "link"]);
	});

	it("restricted: requirement errors, past due, payments disabled", async () => {
		const db = await seeded("restricted");
		const settings = await settingsOf(db);
		expect(settings.accountStatus).toMatchObject({
			status: "restricted",
			pastDue: true,
			paymentsEnabled: false,
		});
		expect(settings.accountStatus?.requirements.errors.map((e) => e.code)).toContain(
			"invalid_street_address",
		);
		const task = (await tasksOf(db)).find((t) => t.key === "update-business-details");
		expect(task?.content).toBe(
			"Payments and payouts are disabled for this account until missing business information is updated.",
		);
		expect(task?.additionalInfo).toHaveLength(2);
	});

	it("under review and rejected hide the notifications banner, tasks and inbox", async () => {
		for (const state of ["under-review", "rejected"] as const) {
			const settings = await settingsOf(await seeded(state));
			expect(hidesActionAreas(settings.accountStatus?.status ?? "")).toBe(true);
		}
	});

	it("sandbox: test mode with the go-live task; safe mode: the account says so", async () => {
		const sandbox = await seeded("sandbox");
		await expectPayoutInvariants(sandbox.kysely, ACCOUNT);
		const settings = await settingsOf(sandbox);
		expect(settings).toMatchObject({ testMode: true, testModeOnboarding: true });
		// A test account is not asked to review the product.
		expect(settings.accountStatus?.campaigns).toEqual({ wporg_review_2025: false });
		expect((await tasksOf(sandbox)).map((t) => t.key)).toContain("go-live-payments");
		const safe = await settingsOf(await seeded("safe-mode"));
		expect(safe.accountStatus?.safeMode).toBe(true);
	});
});
