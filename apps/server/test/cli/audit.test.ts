/**
 * `npm run audit -- verify` (apps/server/src/cli/audit.ts), run as a real process on a data
 * directory (a PostgreSQL database of its own in the PostgreSQL pass): an intact chain exits 0;
 * a row edited in SQL makes it exit 1 and name that row.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/audit/record.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { TEST_NOW } from "../../src/testing/test-app.ts";
import { ACCOUNT, createStore, type Store } from "../support/server-process.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const now = TEST_NOW.getTime() / 1000;
let store: Store;

function audit(...args: string[]) {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir, ACCOUNT_ID: ACCOUNT };
	if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
	else delete env.DATABASE_URL;
	const run = spawnSync(
		process.execPath,
		["--import", "tsx", path.join(ROOT, "apps/server/src/cli/audit.ts"), ...args],
		{ cwd: ROOT, env, encoding: "utf8", timeout: 60_000 },
	);
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(async () => {
	store = await createStore();
	const db = store.open();
	try {
		await migrateToLatest(db);
		for (let n = 0; n < 4; n++) {
			await db.kysely.transaction().execute((trx) =>
				recordAudit(trx, {
					accountId: ACCOUNT,
					action: "settings.updated",
					actor: { userId: 1, login: "admin", keyName: null, ip: "127.0.0.1", userAgent: null },
					now: now + n,
					details: { before: { n }, after: { n: n + 1 } },
				}),
			);
		}
	} finally {
		await db.close();
	}
});
afterAll(async () => store.remove());

describe("npm run audit -- verify", () => {
	it("reports an intact chain and exits 0", () => {
		const run = audit("verify");
		expect(run.output).toContain(`${ACCOUNT}: 4 rows, chain intact`);
		expect(run.status).toBe(0);
	});

	it("names the first broken row and exits 1 when a row was edited", async () => {
		const db = store.open();
		try {
			await db.kysely
				.updateTable("audit_log")
				.set({ details: '{"before":{"n":9},"after":{"n":3}}' })
				.where("account_id", "=", ACCOUNT)
				.where("seq", "=", 2)
				.execute();
		} finally {
			await db.close();
		}
		const run = audit("verify");
		expect(run.output).toContain(`${ACCOUNT}: broken at row 2`);
		expect(run.status).toBe(1);
	});

	it("refuses a command it does not know", () => {
		expect(audit("mend").status).toBe(2);
	});
});
