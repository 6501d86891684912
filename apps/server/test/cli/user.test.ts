/**
 * `npm run user -- create NAME EMAIL ROLE` (apps/server/src/cli/user.ts) makes a user of any role
 * of the store, the payments viewer's among them: run as a real process on a data directory (and
 * a PostgreSQL database of its own in the PostgreSQL pass), the viewer it makes signs in with an
 * application password the command also makes, reads the payments, and is refused a refund.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROLES } from "@paydesk/contract/wp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { fixedClock } from "../../src/clock.ts";
import type { Db } from "../../src/db/connection.ts";
import { insertTestAccount } from "../../src/testing/fixtures.ts";
import { TEST_NOW } from "../../src/testing/test-app.ts";
import { ACCOUNT, createStore, type Store } from "../support/server-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
let store: Store;

/** Runs `npm run user -- …` on the store, as its command line does. */
function user(...args: string[]) {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir, ACCOUNT_ID: ACCOUNT };
	if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
	else delete env.DATABASE_URL;
	const run = spawnSync(
		process.execPath,
		["--import", "tsx", path.join(ROOT, "apps/server/src/cli/user.ts"), ...args],
		{ cwd: ROOT, env, encoding: "utf8", timeout: 60_000 },
	);
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(async () => {
	store = await createStore();
});
afterAll(async () => store.remove());

describe("npm run user -- create … payments_viewer", () => {
	it("names every role, the payments viewer's among them, and refuses one it does not know", () => {
		expect(ROLES).toContain("payments_viewer");
		const unknown = user("create", "ada", "ada@example.com", "accountant");
		expect(unknown.status).not.toBe(0);
		expect(unknown.output).toContain(`Unknown role "accountant". Roles: ${ROLES.join(", ")}`);
	});

	it("creates a payments viewer who reads the payments and is refused a refund", async () => {
		const created = user(
			"create",
			"ada",
			"ada@example.com",
			"payments_viewer",
			"--password",
			"ledger-2026-ok",
		);
		expect(created.status, created.output).toBe(0);
		expect(created.output).toMatch(/^Created payments_viewer "ada" \(id \d+\)\.$/m);

		const password = user("app-password", "ada", "books");
		expect(password.status, password.output).toBe(0);
		const secret = password.output.trim().split("\n").at(-1) ?? "";
		const headers = { authorization: `Basic ${Buffer.from(`ada:${secret}`).toString("base64")}` };

		const db: Db = store.open();
		await insertTestAccount(db.kysely, ACCOUNT);
		const app = await buildApp({
			db,
			clock: fixedClock(TEST_NOW),
			validateResponses: true,
			config: {
				dataDir: store.dataDir,
				adminDist: "/nonexistent",
				secureCookies: false,
				productName: "Paydesk",
				publicUrl: "http://localhost:8080",
			},
		});
		try {
			const me = await app.inject({ method: "GET", url: "/wp-json/wp/v2/users/me", headers });
			expect(me.statusCode).toBe(200);
			expect(me.json()).toMatchObject({ username: "ada", roles: ["payments_viewer"] });

			const list = await app.inject({ method: "GET", url: "/wp-json/wc/v3/payments/transactions", headers });
			expect(list.statusCode).toBe(200);

			const refund = await app.inject({
				method: "POST",
				url: "/wp-json/wc/v3/payments/refund",
				headers: { ...headers, "content-type": "application/json" },
				payload: { charge_id: "ch_anything" },
			});
			expect(refund.statusCode).toBe(403);
			expect(refund.json()).toMatchObject({ code: "rest_forbidden" });
		} finally {
			await app.close();
			await db.close();
		}
	}, 120_000);
});
