/**
 * Migration 0024 on both engines: a copy of a Stripe account that was live before customers and
 * payment intents were kinds of the import goes back to importing, free of any lease, with its
 * cursors kept (the kinds it finished stay finished); a copy importing or in error stays as it is.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up } from "../../../src/db/migrations/0024-stripe-import-payers.ts";
import type { StripeConnectionsTable } from "../../../src/db/schema.ts";
import { createTestDb, type TestDb } from "../../../src/testing/test-db.ts";

let db: TestDb;

const CURSORS = JSON.stringify({ charges: { after: "ch_1", done: true } });

const connection = (accountId: string, status: StripeConnectionsTable["status"]): StripeConnectionsTable => ({
	account_id: accountId,
	stripe_account_id: `acct_stripe_${accountId}`,
	stripe_account_name: null,
	livemode: 0,
	key_kind: "secret",
	key_last4: "4242",
	key_encrypted: "sealed",
	webhook_endpoint_id: null,
	webhook_secret_encrypted: null,
	status,
	connected_at: 1_760_000_000,
	last_error: status === "error" ? "The key was refused." : null,
	last_event_at: null,
	import_cursors: CURSORS,
	import_counts: '{"charges":1}',
	import_started_at: 1_760_000_000,
	import_finished_at: status === "live" ? 1_760_000_100 : null,
	import_runner: "host:1:old",
	import_lease_until: 1_760_000_160,
});

beforeAll(async () => {
	db = await createTestDb();
});
afterAll(async () => db.destroy());

describe("migration 0024: customers and payment intents join the import", () => {
	it("puts a live copy back to importing, lease freed and cursors kept; others stay", async () => {
		await db.kysely
			.insertInto("stripe_connections")
			.values([
				connection("acct_live", "live"),
				connection("acct_importing", "importing"),
				connection("acct_error", "error"),
			])
			.execute();
		await up(db.kysely as unknown as Kysely<unknown>);
		const rows = await db.kysely
			.selectFrom("stripe_connections")
			.select(["account_id", "status", "import_runner", "import_lease_until", "import_cursors"])
			.orderBy("account_id")
			.execute();
		expect(rows).toEqual([
			{
				account_id: "acct_error",
				status: "error",
				import_runner: "host:1:old",
				import_lease_until: 1_760_000_160,
				import_cursors: CURSORS,
			},
			{
				account_id: "acct_importing",
				status: "importing",
				import_runner: "host:1:old",
				import_lease_until: 1_760_000_160,
				import_cursors: CURSORS,
			},
			{
				account_id: "acct_live",
				status: "importing",
				import_runner: null,
				import_lease_until: null,
				import_cursors: CURSORS,
			},
		]);
	});
});
