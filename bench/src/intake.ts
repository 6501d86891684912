/**
 * Intake under load: the payment simulator (apps/server/src/simulator) at its highest
 * sustained rate against a real server process on a big demo store, on SQLite and on
 * PostgreSQL, while a merchant's admin keeps reading: every ~200 ms the transactions list
 * (page 1, 25 rows) and its summary, timed. Reports payments/s, errors, the intake latency, and
 * the list and summary latency before (idle) and during the run.
 *   npx tsx bench/src/intake.ts [--transactions 1000000] [--seconds 60] [--concurrency 8] [--dialect both]
 * Without --concurrency a short ramp (2, 4, 8, 16 in flight, 4 s each) picks the fewest in flight
 * within 5 % of the fastest rate (more would only queue).
 * The simulator and the probes share the machine with the server, as a store's checkout would not.
 */
import os from "node:os";
import type { Db } from "@paydesk/server/db/connection";
import { createApiClient } from "@paydesk/server/simulator/client";
import type { StoreProfile } from "@paydesk/server/simulator/mix";
import { runSimulation } from "@paydesk/server/simulator/run";
import { learnStore } from "@paydesk/server/simulator/store-profile";
import { percentile, type SimulationResult } from "@paydesk/server/simulator/summary";
import { sql } from "kysely";
import { type AdminReads, adminCredentials, adminReads, READ_EVERY_MS } from "./admin-reads.ts";
import { machine, writeReadmeSection } from "./measure.ts";
import { rssMb, seededStore, startServer } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const seconds = Number(args.get("seconds") ?? 60);
const fixedConcurrency = args.has("concurrency") ? Number(args.get("concurrency")) : null;
const dialects =
	(args.get("dialect") ?? "both") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";
const RAMP = [2, 4, 8, 16];
const RAMP_SECONDS = 4;
const IDLE_SECONDS = 3;
const WARM_UP_SECONDS = 3;

/** The store's payment intents: what the intake wrote. */
async function intentCount(db: Db): Promise<number> {
	const { rows } = await sql<{ count: string | number }>`
		select count(*) as count from payment_intents where account_id = ${ACCOUNT}`.execute(db.kysely);
	return Number(rows[0]?.count ?? 0);
}

interface DialectRun {
	dialect: string;
	seedSeconds: number;
	concurrency: number;
	ramp: { concurrency: number; rate: number }[];
	result: SimulationResult;
	idle: AdminReads;
	during: AdminReads;
	/** payment_intents rows added, against the payments the simulator counted. */
	rows: { added: number; counted: number };
	peakRssMb: number;
	/** Errors of the warm-up and the ramp (the table counts the run's own). */
	otherErrors: number;
	/** The machine's 1-minute load average when the run started and ended. */
	load: [number, number];
}

async function measure(dialect: string): Promise<DialectRun> {
	const store = await seededStore(dialect, transactions, ACCOUNT, "intake");
	const { env, db } = store;
	try {
		const rowsBefore = await intentCount(db);
		const server = await startServer(env);
		const pid = server.child.pid ?? 0;
		try {
			const { authorization: _, ...credentials } = await adminCredentials(db, server.url, "intake bench");
			const reader = createApiClient({ ...credentials, retries: 0 });
			const profile: StoreProfile = await learnStore(reader, new Date().getUTCFullYear());
			let seedOffset = 1;
			const timedRun = (concurrency: number, runSeconds: number) =>
				runSimulation({
					...credentials,
					payments: Number.POSITIVE_INFINITY,
					overMs: 0,
					concurrency,
					seed: 14_000 + seedOffset++,
					stopAfterMs: runSeconds * 1000,
					profile,
				});
			// A warm-up, so neither the idle reads nor the ramp's first step pay for a cold server.
			const warmUp = await timedRun(4, WARM_UP_SECONDS);
			let counted = warmUp.total;
			let otherErrors = warmUp.errors;
			let probing = true;
			const idleRun = adminReads(reader, () => probing);
			await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
			probing = false;
			const idle = await idleRun;

			const ramp: DialectRun["ramp"] = [];
			if (fixedConcurrency === null) {
				for (const concurrency of RAMP) {
					const step = await timedRun(concurrency, RAMP_SECONDS);
					counted += step.total;
					otherErrors += step.errors;
					ramp.push({ concurrency, rate: step.total / (step.elapsedMs / 1000) });
					console.log(
						`${dialect}: ramp ${concurrency} in flight → ${ramp.at(-1)?.rate.toFixed(1)} payments/s`,
					);
				}
			}
			// The fewest requests in flight within 5 % of the fastest: more would only queue.
			const fastest = Math.max(...ramp.map((step) => step.rate));
			const best = ramp.find((step) => step.rate >= 0.95 * fastest);
			const concurrency = fixedConcurrency ?? best?.concurrency ?? 8;

			console.log(`${dialect}: ${concurrency} in flight for ${seconds} s…`);
			let peakRssMb = rssMb(pid);
			const sampler = setInterval(() => {
				peakRssMb = Math.max(peakRssMb, rssMb(pid));
			}, 1000);
			probing = true;
			const loadBefore = os.loadavg()[0] ?? 0;
			const duringRun = adminReads(reader, () => probing);
			const result = await timedRun(concurrency, seconds);
			probing = false;
			const loadAfter = os.loadavg()[0] ?? 0;
			const during = await duringRun;
			clearInterval(sampler);
			counted += result.total;
			for (const sample of result.errorSamples) console.log(`  ${sample}`);
			return {
				dialect,
				seedSeconds: store.seedSeconds,
				concurrency,
				ramp,
				result,
				idle,
				during,
				rows: { added: (await intentCount(db)) - rowsBefore, counted },
				otherErrors,
				peakRssMb,
				load: [loadBefore, loadAfter],
			};
		} finally {
			server.child.kill("SIGTERM");
		}
	} finally {
		await store.remove();
	}
}

const runs: DialectRun[] = [];
for (const dialect of dialects) runs.push(await measure(dialect));

const ms = (values: readonly number[]) =>
	`${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} ms`;
const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const rows = runs.map(({ dialect, concurrency, result, idle, during, peakRssMb }) => {
	const rate = result.total / (result.elapsedMs / 1000);
	return `| ${engine(dialect)} | ${concurrency} | ${result.total.toLocaleString("en-US")} | ${rate.toFixed(1)} | ${result.errors} | ${ms(result.intakeMs)} | ${ms(idle.list)} → ${ms(during.list)} | ${ms(idle.summary)} → ${ms(during.summary)} | ${idle.errors + during.errors} | ${peakRssMb.toFixed(0)} MB |`;
});
for (const line of rows) console.log(line);

const validation = transactions < 1_000_000;
const notes = runs.map((run) => {
	const ramp = run.ramp.map((step) => `${step.concurrency} → ${step.rate.toFixed(1)}/s`).join(", ");
	return `- ${engine(run.dialect)}: seeded in ${run.seedSeconds.toFixed(0)} s; ${ramp ? `ramp (payments/s by requests in flight): ${ramp}; ` : ""}${run.rows.added.toLocaleString("en-US")} payment_intents rows added for ${run.rows.counted.toLocaleString("en-US")} payments counted (warm-up and ramp included, with ${run.otherErrors} errors)${run.rows.added === run.rows.counted ? "" : " — MISMATCH"}; machine load average ${run.load.map((value) => value.toFixed(1)).join("–")} during the run.`;
});
writeReadmeSection(
	"intake",
	`## Intake: the simulator at full speed while the admin reads

\`npx tsx bench/src/intake.ts --transactions ${transactions} --seconds ${seconds}${fixedConcurrency === null ? "" : ` --concurrency ${fixedConcurrency}`}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.
${validation ? `\n**Validation run on a ${transactions.toLocaleString("en-US")}-transaction store, not the benchmark's figures.**\n` : ""}
A real server process (apps/server/src/main.ts) on a ${transactions.toLocaleString("en-US")}-transaction demo store (\`npm run seed\`,
seed 7) takes payments from the simulator (\`npm run simulate\`'s mix, as fast as it can with the
given number of requests in flight; without \`--concurrency\` a ramp of ${RAMP.join(", ")} in flight, ${RAMP_SECONDS} s each,
picks the fewest in flight within 5 % of the fastest rate, after a ${WARM_UP_SECONDS} s warm-up) for ${seconds} s. Meanwhile an admin reads the transactions list (page 1, 25 rows) and
its summary every ~${READ_EVERY_MS} ms; their latency is shown idle (${IDLE_SECONDS} s before the run) → during the run.
Intake latency is each POST /payment_intents. Simulator, probes and server share the machine's
${machine().split(", ").at(-1)}. PostgreSQL is a throw-away cluster (scripts/pg-temp.mjs: fsync off) after VACUUM ANALYZE.
\`--concurrency K\` fixes the requests in flight instead of the ramp; \`--dialect sqlite\` or \`postgres\` runs one engine.

| Database | In flight | Payments | Payments/s | Errors | Intake p50 / p95 | List p50 / p95 (idle → during) | Summary p50 / p95 (idle → during) | Read errors | Server peak RSS |
|---|---:|---:|---:|---:|---:|---|---|---:|---:|
${rows.join("\n")}

${notes.join("\n")}
${validation ? "\n_The 1,000,000-transaction figures follow: run `npx tsx bench/src/intake.ts` on a quiet machine (about 2 minutes of seeding per engine and 60 s of load)._\n" : ""}`,
);
