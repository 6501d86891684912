/**
 * Load: 50 concurrent clients for 60 s on a mix of list, summary and detail calls
 * (load-mix.ts) against a real server process on a 1,000,000-transaction demo store, on SQLite
 * and on PostgreSQL: errors, p50/p99 latency, throughput, and the server's memory over the run.
 *   npx tsx bench/src/load.ts [--transactions 1000000] [--clients 50] [--seconds 60] [--dialect both]
 * The clients run on the same machine as the server (2 cores here), so they take CPU from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNonce } from "@paydesk/server/auth/nonce";
import { createSession, findSession, SESSION_COOKIE } from "@paydesk/server/auth/sessions";
import { findUserRow, toAuthUser } from "@paydesk/server/auth/users";
import { openDb } from "@paydesk/server/db/connection";
import { sql } from "kysely";
import { type LoadResult, percentile, runClients, type StoreIds } from "./load-mix.ts";
import { machine, runTs, writeReadmeSection } from "./measure.ts";
import { rssMb, startServer, startTempPostgres, type TempPostgres } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const clients = Number(args.get("clients") ?? 50);
const seconds = Number(args.get("seconds") ?? 60);
const dialects =
	(args.get("dialect") ?? "both") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";

interface DialectRun {
	dialect: string;
	seedSeconds: number;
	result: LoadResult;
	memory: { start: number; peak: number; end: number; firstHalf: number; secondHalf: number };
}

async function measure(dialect: string): Promise<DialectRun> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-load-"));
	let cluster: TempPostgres | undefined;
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: dataDir,
		ACCOUNT_ID: ACCOUNT,
		ADMIN_PASSWORD: "bench-password",
	};
	delete env.DATABASE_URL;
	if (dialect === "postgres") {
		cluster = await startTempPostgres();
		env.DATABASE_URL = cluster.url;
	}
	try {
		console.log(`${dialect}: seeding ${transactions.toLocaleString("en-US")} transactions…`);
		const seed = await runTs(
			"apps/server/src/cli/seed.ts",
			["--transactions", String(transactions), "--seed", "7"],
			env,
		);
		if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
		const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
		// What autovacuum gives a live database: planner statistics.
		if (db.dialect === "postgres") await sql`vacuum analyze`.execute(db.kysely);
		const server = await startServer(env);
		const row = await findUserRow(db.kysely, "admin");
		if (!row) throw new Error("no administrator");
		const now = Math.floor(Date.now() / 1000);
		const { token } = await createSession(db.kysely, toAuthUser(row), {
			now,
			ip: "127.0.0.1",
			userAgent: "load",
			remember: true,
		});
		const session = await findSession(db.kysely, token, now);
		const headers = {
			cookie: `${SESSION_COOKIE}=${token}`,
			"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", now),
		};
		const sample = async (query: string) =>
			(await sql<{ id: string }>`${sql.raw(query)}`.execute(db.kysely)).rows.map((r) => String(r.id));
		const ids: StoreIds = {
			intents: await sample(
				`select payment_intent_id as id from charges where account_id = '${ACCOUNT}' order by created desc limit 500`,
			),
			charges: await sample(
				`select id from charges where account_id = '${ACCOUNT}' order by created desc limit 500`,
			),
			payouts: await sample(`select id from payouts where account_id = '${ACCOUNT}' limit 300`),
			disputes: await sample(`select id from disputes where account_id = '${ACCOUNT}' limit 300`),
		};
		await db.close();
		const pid = server.child.pid ?? 0;
		try {
			await runClients(server.url, headers, ids, clients, 5);
			const samples: number[] = [];
			const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
			samples.push(rssMb(pid));
			console.log(`${dialect}: ${clients} clients for ${seconds} s…`);
			const result = await runClients(server.url, headers, ids, clients, seconds);
			clearInterval(sampler);
			samples.push(rssMb(pid));
			const half = Math.floor(samples.length / 2);
			const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
			return {
				dialect,
				seedSeconds: seed.ms / 1000,
				result,
				memory: {
					start: samples[0] ?? 0,
					peak: Math.max(...samples),
					end: samples.at(-1) ?? 0,
					firstHalf: mean(samples.slice(0, half)),
					secondHalf: mean(samples.slice(half)),
				},
			};
		} finally {
			server.child.kill("SIGTERM");
		}
	} finally {
		cluster?.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

const runs: DialectRun[] = [];
for (const dialect of dialects) runs.push(await measure(dialect));

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows = runs.map(({ dialect, result, memory }) => {
	const { latencies } = result;
	return `| ${dialect === "postgres" ? "PostgreSQL" : "SQLite"} | ${result.requests.toLocaleString("en-US")} | ${result.errors} | ${(result.requests / result.seconds).toFixed(0)} req/s | ${ms(percentile(latencies.all, 50))} / ${ms(percentile(latencies.all, 99))} | ${ms(percentile(latencies.list, 50))} / ${ms(percentile(latencies.list, 99))} | ${ms(percentile(latencies.summary, 50))} / ${ms(percentile(latencies.summary, 99))} | ${ms(percentile(latencies.detail, 50))} / ${ms(percentile(latencies.detail, 99))} | ${memory.start.toFixed(0)} → ${memory.peak.toFixed(0)} → ${memory.end.toFixed(0)} MB (halves ${memory.firstHalf.toFixed(0)} / ${memory.secondHalf.toFixed(0)}) |`;
});
const errors = runs.flatMap(({ dialect, result }) =>
	[...result.errorKinds].map(([kind, count]) => `- ${dialect}: ${count} × ${kind}`),
);
for (const line of [...rows, ...errors]) console.log(line);

writeReadmeSection(
	"load",
	`## Load: ${clients} concurrent clients for ${seconds} s

\`npx tsx bench/src/load.ts --transactions ${transactions}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.
A real server process (apps/server/src/main.ts) on a ${transactions.toLocaleString("en-US")}-transaction demo store (\`npm run seed\`,
seed 7); ${clients} clients, each sending its next request when the last is answered, with the admin's
session cookie and nonce: 40 % lists (transactions at random pages, filtered and sorted; payouts;
disputes; search suggestions), 30 % summaries (transactions, payouts, disputes, the overview's
balances) and 30 % details (a payment, its timeline, a charge, a payout, a dispute), after a 5 s
warm-up. The clients share the machine's ${machine().split(", ").at(-1)} with the server. PostgreSQL is a throw-away
cluster (scripts/pg-temp.mjs: fsync off, default shared_buffers) after VACUUM ANALYZE. Memory is the
server's resident set sampled every second: start → peak → end, and the mean of each half of the run.

| Database | Requests | Errors | Throughput | All p50 / p99 | Lists p50 / p99 | Summaries p50 / p99 | Details p50 / p99 | Server RSS |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${rows.join("\n")}
${errors.length > 0 ? `\nErrors:\n${errors.join("\n")}\n` : ""}
Seeding took ${runs.map((run) => `${run.seedSeconds.toFixed(0)} s on ${run.dialect === "postgres" ? "PostgreSQL" : "SQLite"}`).join(" and ")}.`,
);
