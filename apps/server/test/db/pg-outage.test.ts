/**
 * When PostgreSQL goes away the API says so clearly — 503 rest_service_unavailable with
 * Retry-After, in the REST shape, never a hang or a crash — and when it comes back the same
 * server answers again, without a restart. Runs in the PostgreSQL pass only, on a throw-away
 * cluster of its own that it stops and starts.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { fixedClock } from "../../src/clock.ts";
import { type Db, openDb } from "../../src/db/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { signedInActor, TEST_ACCOUNT, TEST_NOW } from "../../src/testing/test-app.ts";
import { BASE, expectRestError, onPostgres } from "../support/invariants.ts";
import { freePort } from "../support/server-process.ts";

interface TempPostgres {
	url: string;
	pause(): void;
	resume(): void;
	stop(): void;
}
interface PgTempModule {
	startTempPostgres(port: number): TempPostgres;
}
interface SystemDepsModule {
	postgresBin(): string | null;
}

const scripts = path.resolve(import.meta.dirname, "../../../../scripts");
const { postgresBin } = (await import(path.join(scripts, "system-deps.mjs"))) as SystemDepsModule;
const runs = onPostgres() && postgresBin() !== null;

let cluster: TempPostgres | undefined;
let db: Db;
let app: FastifyInstance;
let headers: Record<string, string>;

beforeAll(async () => {
	if (!runs) return;
	const { startTempPostgres } = (await import(path.join(scripts, "pg-temp.mjs"))) as PgTempModule;
	// A free port of its own: another cluster on a fixed one (a second run, a benchmark) would refuse it.
	cluster = startTempPostgres(await freePort());
	db = openDb({ databaseUrl: cluster.url, dataDir: "", poolSize: 4 });
	await migrateToLatest(db);
	await insertTestAccount(db.kysely, TEST_ACCOUNT);
	const clock = fixedClock(TEST_NOW);
	({ headers } = await signedInActor(db.kysely, clock.seconds(), {
		accountId: TEST_ACCOUNT,
		login: "merchant",
		role: "shop_manager",
	}));
	app = await buildApp({
		db,
		clock,
		validateResponses: true,
		config: {
			dataDir: "",
			adminDist: "/nonexistent",
			secureCookies: false,
			productName: "Paydesk",
			publicUrl: "http://localhost:8080",
		},
	});
}, 120_000);

afterAll(async () => {
	if (!runs) return;
	await app?.close();
	await db?.close();
	cluster?.stop();
});

const account = () => app.inject({ method: "GET", url: `${BASE}/accounts`, headers });

/** Retries until the call succeeds or `ms` pass; answers the last response. */
async function eventually(ms: number) {
	const deadline = Date.now() + ms;
	for (;;) {
		const response = await account();
		if (response.statusCode === 200 || Date.now() > deadline) return response;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

describe.skipIf(!runs)("PostgreSQL going away and coming back", () => {
	it("answers 503 while it is gone and 200 again once it is back, with no restart", async () => {
		expect((await account()).statusCode).toBe(200);
		// Open several pooled connections, so the outage also kills connections in use.
		await Promise.all(Array.from({ length: 4 }, () => account()));

		cluster?.pause();
		for (let i = 0; i < 3; i++) {
			const started = Date.now();
			const down = await account();
			expect(down.statusCode).toBe(503);
			expectRestError(down);
			expect(down.json()).toMatchObject({ code: "rest_service_unavailable" });
			expect(Number(down.headers["retry-after"])).toBeGreaterThan(0);
			expect(Date.now() - started).toBeLessThan(10_000);
		}
		const write = await app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...headers, "content-type": "application/json", "idempotency-key": "during-outage" },
			payload: { wcpay_next_deposit_notice_dismissed: true },
		});
		expect(write.statusCode).toBe(503);
		expectRestError(write);

		cluster?.resume();
		const back = await eventually(15_000);
		expect(back.statusCode).toBe(200);
		// Writes work again too, and the key tried during the outage is free.
		const retried = await app.inject({
			method: "POST",
			url: "/wp-json/wc-admin/options",
			headers: { ...headers, "content-type": "application/json", "idempotency-key": "during-outage" },
			payload: { wcpay_next_deposit_notice_dismissed: true },
		});
		expect(retried.statusCode).toBe(200);
	}, 60_000);
});
