/**
 * A server killed mid-work loses nothing and leaves nothing half-done:
 * SIGKILL in the middle of an export, a seed and an evidence submission, then a new
 * process on the same data finds the database consistent (money invariants, integrity), the
 * export finished (or cleanly failed), and the dispute either submitted whole or not at all.
 * Real processes, on SQLite and — in the suite's second pass — on PostgreSQL.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createApplicationPassword, findUserRow, toAuthUser } from "../../src/auth/users.ts";
import type { Db } from "../../src/db/connection.ts";
import { expectMoneyInvariants } from "../support/invariants.ts";
import {
	ACCOUNT,
	createStore,
	type Running,
	type Store,
	startSeed,
	startServer,
	until,
} from "../support/server-process.ts";

const BASE = "/wp-json/wc/v3/payments";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function track<T extends Running>(process: T): Promise<T> {
	cleanups.push(() => process.kill());
	return process;
}

async function storeOfTest(): Promise<{ store: Store; db: Db }> {
	const store = await createStore();
	cleanups.push(() => store.remove());
	const db = store.open();
	cleanups.push(() => db.close());
	return { store, db };
}

/** HTTP Basic headers of the store's administrator, with a fresh application password. */
async function adminAuth(db: Db): Promise<Record<string, string>> {
	const row = await findUserRow(db.kysely, "crash-admin");
	if (!row) throw new Error("no administrator");
	const { password } = await createApplicationPassword(db.kysely, toAuthUser(row), "crash test", 0);
	return { authorization: `Basic ${Buffer.from(`crash-admin:${password}`).toString("base64")}` };
}

/** The database is sound: SQLite's own check, and the money invariants of the store. */
async function expectConsistent(db: Db): Promise<void> {
	if (db.dialect === "sqlite") {
		const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
		expect(check.rows.map((row) => row.integrity_check)).toEqual(["ok"]);
	}
	await expectMoneyInvariants(db.kysely, ACCOUNT, Math.floor(Date.now() / 1000));
}

describe("SIGKILL in the middle of the work, then a restart on the same data", () => {
	it("an export: the next server takes the job over and finishes the file", async () => {
		const { store, db } = await storeOfTest();
		const first = await track(await startServer(store, 40_000));
		const auth = await adminAuth(db);
		const requested = await fetch(`${first.url}${BASE}/transactions/download`, {
			method: "POST",
			headers: { ...auth, "content-type": "application/json" },
			body: "{}",
		});
		const { export_id: exportId } = (await requested.json()) as { export_id: string };
		const folder = path.join(store.dataDir, "exports", ACCOUNT);
		// Killed while the file is being written.
		await until(
			"the export to be half-written",
			async () => existsSync(folder) && readdirSync(folder).some((name) => name.endsWith(".partial")),
			60_000,
			5,
		);
		await first.kill();
		const job = await db.kysely
			.selectFrom("export_jobs")
			.selectAll()
			.where("id", "=", exportId)
			.executeTakeFirstOrThrow();
		expect(job.status).toBe("running");

		const second = await track(await startServer(store, 40_000));
		const status = await until("the export to end", async () => {
			const response = await fetch(`${second.url}${BASE}/transactions/download/${exportId}`, {
				headers: auth,
			});
			const body = (await response.json()) as { status: string };
			return body.status === "pending" ? null : body.status;
		});
		expect(status).toBe("success");
		const done = await db.kysely
			.selectFrom("export_jobs")
			.selectAll()
			.where("id", "=", exportId)
			.executeTakeFirstOrThrow();
		expect(done.attempts).toBe(2);
		const file = await fetch(`${second.url}${BASE}/transactions/download/${exportId}/file`, {
			headers: auth,
		});
		const lines = (await file.text()).split("\r\n").filter(Boolean);
		expect(lines.length).toBe(done.row_count + 1);
		expect(readdirSync(folder).filter((name) => name.endsWith(".partial"))).toEqual([]);
		await expectConsistent(db);
	}, 180_000);

	it("a seed: the next server finds no half-built store, but a whole one", async () => {
		const { store, db } = await storeOfTest();
		const seeding = await track(startSeed(store, 150_000));
		await until("the seed to be under way", async () => /\b[1-9]0%/.test(seeding.output()), 120_000, 10);
		await seeding.kill();

		const server = await track(await startServer(store, 2_000));
		await expectConsistent(db);
		const auth = await adminAuth(db);
		for (const route of [
			"/accounts",
			"/transactions?per_page=5",
			"/transactions/summary",
			"/deposits/overview-all",
		]) {
			const response = await fetch(`${server.url}${BASE}${route}`, { headers: auth });
			expect(response.status, route).toBe(200);
		}
	}, 180_000);

	it("an evidence submission: the dispute is submitted whole or not at all", async () => {
		const { store, db } = await storeOfTest();
		const first = await track(await startServer(store, 3_000));
		const auth = await adminAuth(db);
		const dispute = await db.kysely
			.selectFrom("disputes")
			.select(["id", "payment_intent_id"])
			.where("account_id", "=", ACCOUNT)
			.where("status", "=", "needs_response")
			// The seed also leaves overdue disputes, which the scheduler loses at any moment: the
			// one due last stays answerable through the whole test.
			.orderBy("due_by", "desc")
			.limit(1)
			.executeTakeFirstOrThrow();
		const body = JSON.stringify({
			evidence: { customer_name: "Killed Midway", product_description: "A mug" },
			metadata: { __product_type: "physical_product" },
			submit: true,
		});
		const submissions = Array.from({ length: 20 }, () =>
			fetch(`${first.url}${BASE}/disputes/${dispute.id}`, {
				method: "POST",
				headers: { ...auth, "content-type": "application/json", "idempotency-key": "killed-submit" },
				body,
			}).catch(() => null),
		);
		await new Promise((resolve) => setTimeout(resolve, 15));
		await first.kill();
		await Promise.all(submissions);

		const second = await track(await startServer(store, 3_000));
		const row = await db.kysely
			.selectFrom("disputes")
			.selectAll()
			.where("id", "=", dispute.id)
			.executeTakeFirstOrThrow();
		const reviews = await db.kysely
			.selectFrom("timeline_events")
			.select("seq")
			.where("payment_intent_id", "=", dispute.payment_intent_id)
			.where("type", "=", "dispute_in_review")
			.execute();
		const submitted = row.status === "under_review";
		expect(reviews).toHaveLength(submitted ? 1 : 0);
		expect(JSON.parse(row.evidence).customer_name === "Killed Midway").toBe(submitted);
		expect(Boolean(JSON.parse(row.metadata).__evidence_submitted_at)).toBe(submitted);
		await expectConsistent(db);
		// The store goes on: the dispute can be read, and a new submission is answered cleanly.
		const again = await fetch(`${second.url}${BASE}/disputes/${dispute.id}`, {
			method: "POST",
			headers: { ...auth, "content-type": "application/json" },
			body,
		});
		expect(again.status).toBe(submitted ? 409 : 200);
	}, 180_000);
});
