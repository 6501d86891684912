/**
 * One database, two stores (DESIGN §4: every table carries account_id): a user of store B walks
 * every GET route of the OpenAPI document — lists with their filters, and every detail route
 * with ids of store A — and never sees a byte of store A's data; A's files, documents and
 * exports stay A's.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import { buildPath } from "@paydesk/contract/route";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFile } from "../../src/payments/files/queries.ts";
import { seedStore } from "../../src/seed/store.ts";
import { type Actor, createTestApp, injectOnce, type TestApp } from "../../src/testing/test-app.ts";
import { BASE, expectRestError } from "../support/invariants.ts";

const STORE_A = "acct_storeaaaa";
const STORE_B = "acct_storebbbb";
let t: TestApp;
let ownerA: Actor;
let managerB: Actor;
/** Strings that exist only in store A: its account id and the ids of its records. */
let markersA: string[];
/** Ids of store A of every kind a detail route takes. */
let idsA: string[];

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, now) => {
			await seedStore(db, { accountId: STORE_A, transactions: 200, seed: 41, now });
			await seedStore(db, { accountId: STORE_B, transactions: 60, seed: 42, now });
		},
	});
	ownerA = await t.actor("administrator", STORE_A);
	managerB = await t.actor("shop_manager", STORE_B);
	const db = t.db.kysely;
	const content = Buffer.from("%PDF-1.4 store A only");
	const file = await insertFile(db, {
		accountId: STORE_A,
		purpose: "dispute_evidence",
		filename: "store-a-receipt.pdf",
		mimeType: "application/pdf",
		content,
		now: t.clock.seconds(),
	});
	const exportJob = await t.app.inject({
		method: "POST",
		url: `${BASE}/transactions/download`,
		headers: { ...ownerA.headers, "content-type": "application/json" },
		payload: {},
	});
	const of = <T extends { id: string | number }>(rows: T[]) => rows.map((row) => String(row.id));
	const kinds = await Promise.all([
		db.selectFrom("charges").select("id").where("account_id", "=", STORE_A).limit(2).execute().then(of),
		db
			.selectFrom("charges")
			.select("payment_intent_id as id")
			.where("account_id", "=", STORE_A)
			.limit(2)
			.execute()
			.then(of),
		db.selectFrom("disputes").select("id").where("account_id", "=", STORE_A).limit(2).execute().then(of),
		db.selectFrom("payouts").select("id").where("account_id", "=", STORE_A).limit(2).execute().then(of),
		db.selectFrom("documents").select("id").where("account_id", "=", STORE_A).limit(2).execute().then(of),
		db
			.selectFrom("balance_transactions")
			.select("id")
			.where("account_id", "=", STORE_A)
			.limit(2)
			.execute()
			.then(of),
		db
			.selectFrom("reader_charges")
			.select("reader_id as id")
			.where("account_id", "=", STORE_A)
			.limit(1)
			.execute()
			.then(of),
		db.selectFrom("loans").select("id").where("account_id", "=", STORE_A).limit(1).execute().then(of),
	]);
	idsA = [...kinds.flat(), file.id, String(exportJob.json().export_id)];
	const everyId = await Promise.all(
		(
			["charges", "disputes", "payouts", "documents", "balance_transactions", "refunds", "loans"] as const
		).map((table) => db.selectFrom(table).select("id").where("account_id", "=", STORE_A).execute().then(of)),
	);
	markersA = [
		STORE_A,
		...everyId.flat(),
		...idsA,
		"store A only",
		"store-a-receipt",
		content.toString("base64"),
	];
	expect(idsA.length).toBeGreaterThan(10);
});
afterAll(async () => t.close());

const getAs = (actor: Actor, url: string) =>
	injectOnce(t.app, { method: "GET", url, headers: { ...actor.headers, accept: "application/json" } });

/** The first marker of store A found in an answer, or null. */
function leakIn(body: string): string | null {
	return markersA.find((marker) => body.includes(marker)) ?? null;
}

/** URLs of a route: as is, or with every path parameter set to each id of store A. */
function urlsOf(path: string): string[] {
	const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
	if (names.length === 0) return [path];
	return idsA.map((id) => buildPath(path, Object.fromEntries(names.map((name) => [name, id]))));
}

describe("a user of store B never sees store A's data", () => {
	const reads = ALL_ROUTES.filter((route) => route.method === "GET");

	it.each(reads.map((route) => [route.path, route] as const))("GET %s", async (_path, route) => {
		for (const url of urlsOf(route.path)) {
			const response = await getAs(managerB, url);
			expect(response.statusCode, url).toBeLessThan(500);
			expect(leakIn(response.body), `${url} answered ${response.body.slice(0, 300)}`).toBeNull();
			if (response.statusCode >= 400) expectRestError(response, url);
		}
	});

	it("does not find store A's records through search and filters either", async () => {
		const charge = idsA[0] ?? "";
		for (const url of [
			`${BASE}/transactions?search[]=${charge}`,
			`${BASE}/transactions/search?search=${charge}`,
			`${BASE}/transactions/download?search[]=${charge}`,
			`${BASE}/disputes?search[]=${charge}`,
			`${BASE}/transactions?per_page=100&order=asc`,
		]) {
			const response = await getAs(managerB, url);
			expect(leakIn(response.body), url).toBeNull();
		}
	});

	it("cannot act on store A's records", async () => {
		const dispute = await t.db.kysely
			.selectFrom("disputes")
			.select(["id", "status"])
			.where("account_id", "=", STORE_A)
			.executeTakeFirstOrThrow();
		const charge = await t.db.kysely
			.selectFrom("charges")
			.select("id")
			.where("account_id", "=", STORE_A)
			.where("refunded", "=", 0)
			.executeTakeFirstOrThrow();
		const post = (url: string, payload: Record<string, unknown>) =>
			t.app.inject({
				method: "POST",
				url,
				headers: { ...managerB.headers, "content-type": "application/json" },
				payload,
			});
		expect((await post(`${BASE}/disputes/${dispute.id}/close`, {})).statusCode).toBe(404);
		expect((await post(`${BASE}/refund`, { charge_id: charge.id, amount: 100 })).statusCode).toBe(404);
		const after = await t.db.kysely
			.selectFrom("disputes")
			.select("status")
			.where("id", "=", dispute.id)
			.executeTakeFirstOrThrow();
		expect(after.status).toBe(dispute.status);
		const refunds = await t.db.kysely
			.selectFrom("refunds")
			.select("id")
			.where("charge_id", "=", charge.id)
			.execute();
		expect(refunds).toHaveLength(0);
	});

	it("still lets store A's own user see store A (the markers are real)", async () => {
		const response = await getAs(ownerA, `${BASE}/transactions`);
		expect(response.statusCode).toBe(200);
		expect(leakIn(response.body)).not.toBeNull();
	});
});
