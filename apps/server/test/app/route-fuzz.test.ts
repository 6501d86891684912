/**
 * Hostile input never breaks the API: every route of the OpenAPI document, driven
 * by a shop manager with generated parameters, queries and bodies (fast-check, seeded and
 * bounded), answers without a 5xx, refuses in the WordPress REST error shape, and leaves the
 * store exactly as it was after a refused write.
 */
import { ALL_ROUTES } from "@paydesk/contract/all-routes";
import type { RouteContract } from "@paydesk/contract/route";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStore } from "../../src/seed/store.ts";
import {
	type Actor,
	createTestApp,
	injectOnce,
	TEST_ACCOUNT,
	type TestApp,
} from "../../src/testing/test-app.ts";
import { expectRestError, onPostgres, stateFingerprint } from "../support/invariants.ts";
import { type GeneratedRequest, requestsFor } from "./fuzz-arbitraries.ts";

/** Runs per route: about 1,500 requests in all on SQLite, fewer on the slower PostgreSQL pass. */
const RUNS_PER_ROUTE = onPostgres() ? 10 : 18;
const SEED = 20261115;

let t: TestApp;
let manager: Actor;
let knownIds: string[];
let state: Record<string, string>;

beforeAll(async () => {
	t = await createTestApp({
		seed: async (db, now) =>
			void (await seedStore(db, { accountId: TEST_ACCOUNT, transactions: 250, seed: 9, now })),
	});
	manager = await t.actor("shop_manager");
	const db = t.db.kysely;
	const ids = await Promise.all([
		db.selectFrom("charges").select("id").limit(3).execute(),
		db.selectFrom("charges").select("payment_intent_id as id").limit(3).execute(),
		db.selectFrom("disputes").select("id").limit(3).execute(),
		db.selectFrom("payouts").select("id").limit(3).execute(),
		db.selectFrom("documents").select("id").limit(2).execute(),
		db.selectFrom("orders").select("id").limit(3).execute(),
		db.selectFrom("inbox_notes").select("id").limit(3).execute(),
		db.selectFrom("balance_transactions").select("id").limit(3).execute(),
	]);
	knownIds = ids.flat().map((row) => String(row.id));
	state = await stateFingerprint(db);
});
afterAll(async () => t.close());

async function send(route: RouteContract, request: GeneratedRequest) {
	const key = request.idempotencyKey === undefined ? {} : { "idempotency-key": request.idempotencyKey };
	return injectOnce(t.app, {
		method: route.method,
		url: request.url,
		headers: { ...manager.headers, "content-type": request.contentType, accept: "application/json", ...key },
		payload: request.payload,
	});
}

describe("every route survives generated hostile requests", () => {
	it("has the whole OpenAPI document to drive", () => {
		expect(ALL_ROUTES.length).toBeGreaterThan(60);
	});

	it.each(ALL_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
		"%s: no 5xx, refusals in the REST shape, refused writes change nothing",
		async (name, route) => {
			await fc.assert(
				fc.asyncProperty(requestsFor(route, knownIds), async (request) => {
					const response = await send(route, request);
					const where = `${name} ← ${request.url} ${String(request.payload).slice(0, 200)}`;
					expect(response.statusCode, `${where}\n${response.body.slice(0, 400)}`).toBeLessThan(500);
					if (response.statusCode >= 400) expectRestError(response, where);
					if (route.method === "GET") {
						// A CSV download records its export in the audit log: the store as it is now.
						if (route.produces && response.statusCode < 400) state = await stateFingerprint(t.db.kysely);
						return;
					}
					const after = await stateFingerprint(t.db.kysely);
					if (response.statusCode >= 400)
						expect(after, `refused write changed the store: ${where}`).toEqual(state);
					state = after;
				}),
				{ seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
			);
		},
	);
});
