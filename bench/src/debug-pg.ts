import { migrateToLatest } from "@paydesk/server/db/migrate";
import { bulkInsert } from "@paydesk/server/db/bulk";
import { bulkInsertBalanceTransactions } from "@paydesk/server/processor/rollups";
import { insertTestAccount } from "@paydesk/server/testing/fixtures";
import { transactionExport } from "@paydesk/server/payments/transactions/export";
import { csvChunks } from "@paydesk/server/payments/exports/definition";
import { transactionQueries } from "@paydesk/contract/transactions";
import { openDb } from "@paydesk/server/db/connection";
import { sql } from "kysely";
import pg from "pg";
import { BENCH_ACCOUNT, ledgerBatches, payoutRows } from "./ledger-generator.ts";
const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:54339/postgres" });
await admin.connect();
const fresh = process.argv[3] === "load";
if (fresh) { await admin.query("drop database if exists dbg with (force)"); await admin.query("create database dbg"); }
const base = openDb({ databaseUrl: "postgres://postgres@127.0.0.1:54339/dbg", dataDir: "" });
const durations = new Map<string, number>();
const { Kysely, PostgresDialect } = await import("kysely");
const kysely = new Kysely<any>({ dialect: new PostgresDialect({ pool: base.pool! }), log: (e) => { if (e.level === "query") { const k = e.query.sql.slice(0, 40); durations.set(k, (durations.get(k) ?? 0) + e.queryDurationMillis); } } });
const db = { ...base, kysely };
if (fresh) {
  await migrateToLatest(db);
  await insertTestAccount(db.kysely, BENCH_ACCOUNT, { settings: JSON.stringify({ store_timezone: "America/New_York" }) });
  for (const b of ledgerBatches(Number(process.argv[2] ?? 100000))) { await bulkInsert(db, "orders", b.orders); await bulkInsertBalanceTransactions(db, b.ledger); }
  await bulkInsert(db, "payouts", payoutRows());
  await sql`vacuum analyze`.execute(db.kysely);
}
const query = transactionQueries.sorted.parse({});
let t0 = performance.now(); let n = 0;
for await (const batch of transactionExport.rows(db, BENCH_ACCOUNT, query)) { n += batch.length; }
console.log("rows only", n, (performance.now() - t0).toFixed(0), "ms");
t0 = performance.now(); let bytes = 0;
for await (const chunk of csvChunks(transactionExport.columns({ storeTimeZone: "America/New_York", locale: "en_US" }), transactionExport.rows(db, BENCH_ACCOUNT, query))) { bytes += chunk.length; }
console.log("csv", (performance.now() - t0).toFixed(0), "ms", bytes);
console.log([...durations].map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join("\n"));
const c = await db.pool!.connect();
const plan = await c.query(`explain analyze select * from balance_transactions where account_id = $1 and (created <= $2 and (created < $2 or id > $3)) order by created desc, id asc limit 500`, [BENCH_ACCOUNT, 1750000000, "txn_0"]);
console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
c.release();
await db.close(); await admin.end();
