/**
 * The audit log: money actions are recorded with who, from where and on what, in the change's
 * own transaction; the chain of hashes shows an edited row; retention cuts the front without
 * breaking it; only administrators read it.
 */
import type { AuditEntry } from "@paydesk/contract/audit-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/audit/record.ts";
import { purgeAuditLog } from "../../src/audit/retention.ts";
import { verifyAuditChain } from "../../src/audit/verify.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import {
	type Actor,
	createTestApp,
	json,
	TEST_ACCOUNT,
	TEST_NOW,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { insertAuthorization, insertPayment } from "../support/charge-fixtures.ts";

const BASE = "/wp-json/wc/v3/payments";
const now = TEST_NOW.getTime() / 1000;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
	t = await createTestApp({ seed: async (db) => void (await insertTestAccount(db.kysely, TEST_ACCOUNT)) });
	admin = await t.actor("administrator");
});
afterAll(async () => t.close());

const auditLog = async (query = "") => {
	const response = await t.app.inject({
		method: "GET",
		url: `${BASE}/audit-log${query}`,
		headers: admin.headers,
	});
	expect(response.statusCode).toBe(200);
	return json<{ data: AuditEntry[]; total_count: number }>(response);
};

const someone = { userId: 1, login: "alex", keyName: null, ip: "192.0.2.1", userAgent: "test" };

describe("money actions are recorded", () => {
	it("a refund records refund.created with the administrator, address, user agent, charge and amount", async () => {
		const payment = await insertPayment(t.db.kysely);
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/refund/`,
			headers: { ...admin.headers, "user-agent": "Firefox/140" },
			payload: { charge_id: payment.chargeId, amount: 2000, reason: "requested_by_customer" },
		});
		expect(response.statusCode).toBe(200);
		const { data } = await auditLog(`?object_id=${payment.chargeId}`);
		expect(data).toHaveLength(1);
		expect(data[0]).toMatchObject({
			action: "refund.created",
			actor: {
				user_id: admin.user.id,
				login: admin.user.login,
				api_key: null,
				ip: "127.0.0.1",
				user_agent: "Firefox/140",
			},
			object_type: "charge",
			object_id: payment.chargeId,
			details: { amount: 2000, currency: "usd", reason: "requested_by_customer" },
		});
		// The payment's details find it by its payment intent too.
		expect((await auditLog(`?object_id=${payment.intentId}`)).data.map((e) => e.id)).toEqual([data[0]?.id]);
	});

	it("a capture and a cancellation record payment.captured and payment.canceled", async () => {
		for (const action of ["capture", "cancel"] as const) {
			const payment = await insertAuthorization(t.db.kysely, now, 2);
			const response = await t.app.inject({
				method: "POST",
				url: `${BASE}/orders/${payment.orderId}/${action}_authorization`,
				headers: admin.headers,
				payload: { payment_intent_id: payment.intentId },
			});
			expect(response.statusCode).toBe(200);
			const { data } = await auditLog(`?object_id=${payment.chargeId}`);
			expect(data.map((entry) => entry.action)).toEqual([
				action === "capture" ? "payment.captured" : "payment.canceled",
			]);
			expect(data[0]?.actor.login).toBe(admin.user.login);
		}
	});

	it("a refused refund leaves no entry", async () => {
		const payment = await insertPayment(t.db.kysely);
		const response = await t.app.inject({
			method: "POST",
			url: `${BASE}/refund/`,
			headers: admin.headers,
			payload: { charge_id: payment.chargeId, amount: 999_999 },
		});
		expect(response.statusCode).toBe(400);
		expect((await auditLog(`?object_id=${payment.chargeId}`)).total_count).toBe(0);
	});
});

describe("an entry is written in the transaction of its change", () => {
	it("a rolled-back change leaves no entry, and the chain goes on from the last committed row", async () => {
		const before = await verifyAuditChain(t.db.kysely, TEST_ACCOUNT);
		await expect(
			t.db.kysely.transaction().execute(async (trx) => {
				await recordAudit(trx, { accountId: TEST_ACCOUNT, action: "settings.updated", actor: someone, now });
				throw new Error("the change failed");
			}),
		).rejects.toThrow("the change failed");
		const after = await verifyAuditChain(t.db.kysely, TEST_ACCOUNT);
		expect(after).toEqual(before);
		expect((await auditLog("?action_is=settings.updated")).total_count).toBe(0);
	});

	it("concurrent writers take turns: every seq once, and the chain holds", async () => {
		const accountId = "acct_concurrent";
		await Promise.all(
			Array.from({ length: 12 }, (_, n) =>
				t.db.kysely.transaction().execute((trx) =>
					recordAudit(trx, {
						accountId,
						action: "export.requested",
						actor: someone,
						now: now + n,
						details: { n },
					}),
				),
			),
		);
		const seqs = await t.db.kysely
			.selectFrom("audit_log")
			.select("seq")
			.where("account_id", "=", accountId)
			.orderBy("seq")
			.execute();
		expect(seqs.map((row) => Number(row.seq))).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
		expect(await verifyAuditChain(t.db.kysely, accountId)).toEqual({ accountId, rows: 12, broken: null });
	});
});

describe("secrets never reach the log", () => {
	it("passwords and codes are replaced, a key keeps its last four characters", async () => {
		const accountId = "acct_redaction";
		await t.db.kysely.transaction().execute((trx) =>
			recordAudit(trx, {
				accountId,
				action: "api_key.created",
				actor: someone,
				now,
				details: {
					name: "shop",
					secret_key: "sk_test_abcdefghijklmnop1234",
					after: { password: "hunter22", authcode: "123456", key_name: "shop" },
				},
			}),
		);
		const row = await t.db.kysely
			.selectFrom("audit_log")
			.select("details")
			.where("account_id", "=", accountId)
			.executeTakeFirstOrThrow();
		expect(row.details).not.toMatch(/abcdefghijklmnop|hunter22|123456/);
		expect(JSON.parse(row.details)).toEqual({
			name: "shop",
			secret_key: "…1234",
			after: { password: "[redacted]", authcode: "[redacted]", key_name: "shop" },
		});
	});
});

describe("the chain shows tampering", () => {
	const accountId = "acct_tamper";
	beforeAll(async () => {
		for (let n = 0; n < 5; n++) {
			await t.db.kysely
				.transaction()
				.execute((trx) =>
					recordAudit(trx, { accountId, action: "login.succeeded", actor: someone, now: now + n }),
				);
		}
	});

	it("an intact chain verifies", async () => {
		expect(await verifyAuditChain(t.db.kysely, accountId)).toEqual({ accountId, rows: 5, broken: null });
	});

	it("editing a row in SQL breaks the chain at that row", async () => {
		await t.db.kysely
			.updateTable("audit_log")
			.set({ actor_login: "mallory" })
			.where("account_id", "=", accountId)
			.where("seq", "=", 3)
			.execute();
		const report = await verifyAuditChain(t.db.kysely, accountId);
		expect(report.broken?.seq).toBe(3);
		expect(report.rows).toBe(2);
	});

	it("removing a row from the middle names the missing row", async () => {
		const other = "acct_tamper_delete";
		for (let n = 0; n < 4; n++) {
			await t.db.kysely
				.transaction()
				.execute((trx) =>
					recordAudit(trx, { accountId: other, action: "login.failed", actor: someone, now: now + n }),
				);
		}
		await t.db.kysely.deleteFrom("audit_log").where("account_id", "=", other).where("seq", "=", 2).execute();
		expect((await verifyAuditChain(t.db.kysely, other)).broken?.seq).toBe(2);
	});
});

describe("retention", () => {
	const accountId = "acct_retention";
	const day = 86_400;

	it("removes the expired front of the chain, and the chain still verifies from its first kept row", async () => {
		for (const age of [900, 800, 700, 10]) {
			await t.db.kysely
				.transaction()
				.execute((trx) =>
					recordAudit(trx, { accountId, action: "settings.updated", actor: someone, now: now - age * day }),
				);
		}
		await purgeAuditLog(t.db.kysely, now, 730);
		const kept = await t.db.kysely
			.selectFrom("audit_log")
			.select("seq")
			.where("account_id", "=", accountId)
			.orderBy("seq")
			.execute();
		expect(kept.map((row) => Number(row.seq))).toEqual([3, 4]);
		expect(await verifyAuditChain(t.db.kysely, accountId)).toEqual({ accountId, rows: 2, broken: null });
		// The next entry follows on.
		await t.db.kysely
			.transaction()
			.execute((trx) => recordAudit(trx, { accountId, action: "settings.updated", actor: someone, now }));
		expect(await verifyAuditChain(t.db.kysely, accountId)).toEqual({ accountId, rows: 3, broken: null });
	});

	it("a first kept row that does not point at the cut breaks the chain", async () => {
		await t.db.kysely
			.updateTable("audit_heads")
			.set({ cut_hash: "0".repeat(64) })
			.where("account_id", "=", accountId)
			.execute();
		expect((await verifyAuditChain(t.db.kysely, accountId)).broken?.seq).toBe(3);
	});
});

describe("who reads it", () => {
	it("administrators only: a shop manager and a payments viewer get 403", async () => {
		for (const role of ["shop_manager", "payments_viewer"] as const) {
			const actor = await t.actor(role);
			for (const url of [`${BASE}/audit-log`, `${BASE}/audit-log/download`]) {
				const response = await t.app.inject({ method: "GET", url, headers: actor.headers });
				expect(response.statusCode).toBe(403);
			}
		}
	});

	it("filters by person and action, and downloads the filtered list as CSV", async () => {
		await t.db.kysely.transaction().execute((trx) =>
			recordAudit(trx, {
				accountId: TEST_ACCOUNT,
				action: "fraud_rules.updated",
				actor: { ...someone, login: "robin" },
				now,
				details: { before: { avs: false }, after: { avs: true } },
			}),
		);
		const byRobin = await auditLog("?actor_is=robin");
		expect(byRobin.data.map((entry) => entry.action)).toEqual(["fraud_rules.updated"]);
		expect((await auditLog("?actor_is=robin&action_is=refund.created")).total_count).toBe(0);
		const csv = await t.app.inject({
			method: "GET",
			url: `${BASE}/audit-log/download?actor_is=robin`,
			headers: admin.headers,
		});
		expect(csv.statusCode).toBe(200);
		expect(csv.headers["content-type"]).toContain("text/csv");
		const lines = csv.body.trim().split("\r\n");
		expect(lines).toHaveLength(2);
		expect(lines[1]).toContain("fraud_rules.updated");
		expect(lines[1]).toContain("robin");
	});
});
