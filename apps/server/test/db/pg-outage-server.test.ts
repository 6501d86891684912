/**
 * A PostgreSQL outage under load never ends the server: a real server process takes keyed
 * payments and unkeyed reads while its database is stopped for 20 seconds. Every answer in
 * that time is a 503 with Retry-After (the request lost its connection), the process stays up,
 * and once the database is back it serves again without a restart: each payment retried with its
 * Idempotency-Key is made exactly once. Runs in the PostgreSQL pass only, on a throw-away cluster
 * of its own that it stops and starts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplicationPassword, findUserRow, toAuthUser } from "../../src/auth/users.ts";
import { openDb } from "../../src/db/connection.ts";
import { paymentBody } from "../support/intake-fixtures.ts";
import { onPostgres } from "../support/invariants.ts";
import { freePort, type Server, type Store, startServer, until } from "../support/server-process.ts";

interface TempPostgres {
	url: string;
	pause(): void;
	resume(): void;
	stop(): void;
}
const scripts = path.resolve(import.meta.dirname, "../../../../scripts");
const { postgresBin } = (await import(path.join(scripts, "system-deps.mjs"))) as {
	postgresBin(): string | null;
};
const runs = onPostgres() && postgresBin() !== null;
const OUTAGE_MS = 20_000;
const BASE = "/wp-json/wc/v3/payments";

let cluster: TempPostgres | undefined;
let store: Store;
let server: Server | undefined;

beforeAll(async () => {
	if (!runs) return;
	const { startTempPostgres } = (await import(path.join(scripts, "pg-temp.mjs"))) as {
		startTempPostgres(port: number): TempPostgres;
	};
	// A free port of its own: another cluster on a fixed one (a second run, a benchmark) would refuse it.
	cluster = startTempPostgres(await freePort());
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-outage-"));
	const databaseUrl = cluster.url;
	store = {
		dataDir,
		databaseUrl,
		open: () => openDb({ databaseUrl, dataDir, poolSize: 2 }),
		remove: async () => rmSync(dataDir, { recursive: true, force: true }),
	};
	// The load below is faster than a checkout's: the per-user payment rate is lifted for it.
	server = await startServer(store, 0, { RATE_LIMIT_PAYMENTS_PER_MINUTE: "100000" });
}, 180_000);

afterAll(async () => {
	if (!runs) return;
	await server?.kill();
	await store?.remove();
	cluster?.stop();
});

describe.skipIf(!runs)("a PostgreSQL outage under keyed and unkeyed writes", () => {
	it("the process lives through 20 s without its database, answers 503, recovers, and makes each payment once", async () => {
		if (!server || !cluster) throw new Error("not started");
		const url = server.url;
		const db = store.open();
		const row = await findUserRow(db.kysely, "crash-admin");
		if (!row) throw new Error("no administrator");
		const { password } = await createApplicationPassword(db.kysely, toAuthUser(row), "outage", 0);
		const auth = { authorization: `Basic ${Buffer.from(`crash-admin:${password}`).toString("base64")}` };

		const keys: string[] = [];
		const made = new Map<string, string>();
		const statuses: number[] = [];
		const pay = async (key: string) => {
			const response = await fetch(`${url}${BASE}/payment_intents`, {
				method: "POST",
				headers: { ...auth, "content-type": "application/json", "idempotency-key": key },
				body: JSON.stringify(paymentBody(undefined, { amount: 1000 + keys.indexOf(key) })),
			});
			statuses.push(response.status);
			if (response.status === 503) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
			if (response.ok) made.set(key, ((await response.json()) as { id: string }).id);
			else await response.body?.cancel();
			return response.status;
		};
		const read = async () => {
			const response = await fetch(`${url}${BASE}/accounts`, { headers: auth });
			statuses.push(response.status);
			await response.body?.cancel();
		};

		// Load: six checkouts, each retrying its payment with the same key until it is answered
		// 200 (so some key's claim is always held open when the database stops), and a reader.
		let load = true;
		const workers = [0, 1, 2, 3, 4, 5, 6].map(async (worker) => {
			for (let index = 0; load; index++) {
				if (worker === 6) {
					await read();
				} else {
					const key = `outage-${worker}-${index}`;
					keys.push(key);
					while ((await pay(key)) !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
				}
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		});
		await until(
			"payments before the outage",
			async () => {
				if (statuses.some((status) => status !== 200))
					throw new Error(`answers before the outage: ${statuses.join(" ")}\n${server?.output()}`);
				return made.size >= 10;
			},
			30_000,
			50,
		);

		cluster.pause();
		const outageStarted = Date.now();
		const during: number[] = [];
		while (Date.now() - outageStarted < OUTAGE_MS) {
			const before = statuses.length;
			await new Promise((resolve) => setTimeout(resolve, 500));
			during.push(...statuses.slice(before));
			expect(server.child.exitCode, server.output()).toBeNull();
		}
		// Answered all through, each with 503 once its connection was gone.
		expect(during.length).toBeGreaterThan(20);
		expect(during.filter((status) => status === 503).length).toBeGreaterThan(during.length / 2);
		expect(
			during.filter((status) => status !== 200 && status !== 503),
			`answers during the outage: ${[...new Set(during)].join(", ")}\n${server
				.output()
				.split("\n")
				.filter((line) => line.includes("request failed"))
				.slice(0, 3)
				.join("\n")}`,
		).toEqual([]);

		cluster.resume();
		await until(
			"the server to serve again",
			async () => (await fetch(`${url}${BASE}/accounts`, { headers: auth })).status === 200,
			30_000,
			200,
		);
		load = false;
		await Promise.all(workers);
		expect(server.child.exitCode, server.output()).toBeNull();

		// Every payment was retried with its own key until it was answered: each is made once.
		expect([...made.keys()].sort()).toEqual([...keys].sort());
		const intents = await db.kysely.selectFrom("payment_intents").select("id").execute();
		expect(new Set(made.values()).size).toBe(keys.length);
		expect(intents.length).toBe(keys.length);
		await db.close();
	}, 150_000);
});
