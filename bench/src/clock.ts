/**
 * Time moves at scale: a big demo store, made a sandbox account, has its test clock
 * advanced by 30 days in one POST /sandbox/clock — settlement, a month of daily payouts,
 * expiries and dispute deadlines, run step by step before the call answers — while an admin
 * keeps reading the transactions list (page 1, 25 rows) every ~200 ms. Reports the time the
 * advance took, its steps, the payouts it made, and the list latency idle → during the run.
 *   npx tsx bench/src/clock.ts [--transactions 1000000] [--days 30] [--dialect both]
 */
import { performance } from "node:perf_hooks";
import { createApplicationPassword, findUserRow, toAuthUser } from "@paydesk/server/auth/users";
import { type ApiClient, createApiClient } from "@paydesk/server/simulator/client";
import { percentile } from "@paydesk/server/simulator/summary";
import { machine, writeReadmeSection } from "./measure.ts";
import { seededStore, startServer } from "./server-process.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const days = Number(args.get("days") ?? 30);
const dialects =
	(args.get("dialect") ?? "both") === "both" ? ["sqlite", "postgres"] : [args.get("dialect") ?? "sqlite"];
const ACCOUNT = "acct_demo";
const BASE = "/wp-json/wc/v3/payments";
const PROBE_EVERY_MS = 200;

async function probeList(client: ApiClient, running: () => boolean): Promise<number[]> {
	const times: number[] = [];
	while (running()) {
		const started = performance.now();
		await client.get(`${BASE}/transactions?page=1&pagesize=25`).catch(() => null);
		times.push(performance.now() - started);
		const wait = PROBE_EVERY_MS - (performance.now() - started);
		if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	}
	return times;
}

interface Run {
	dialect: string;
	seconds: number;
	steps: number;
	payouts: number;
	paid: number;
	idle: number[];
	during: number[];
}

async function measure(dialect: string): Promise<Run> {
	const store = await seededStore(dialect, transactions, ACCOUNT, "clock");
	const { env, db } = store;
	try {
		await db.kysely.updateTable("accounts").set({ test_mode: 1 }).where("id", "=", ACCOUNT).execute();
		const server = await startServer(env);
		try {
			const admin = await findUserRow(db.kysely, "admin");
			if (!admin) throw new Error("no administrator");
			const { password } = await createApplicationPassword(db.kysely, toAuthUser(admin), "clock bench", 0);
			const client = createApiClient({
				url: server.url,
				user: "admin",
				password,
				retries: 0,
				timeoutMs: 600_000,
			});
			const payoutsBefore = await db.kysely
				.selectFrom("payouts")
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.executeTakeFirstOrThrow();
			// Let the server's own runner settle what was already due, then read idle.
			await client.get(`${BASE}/sandbox/clock`);
			await new Promise((resolve) => setTimeout(resolve, 6000));
			let probing = true;
			const idleRun = probeList(client, () => probing);
			await new Promise((resolve) => setTimeout(resolve, 3000));
			probing = false;
			const idle = await idleRun;
			probing = true;
			const duringRun = probeList(
				createApiClient({ url: server.url, user: "admin", password, retries: 0 }),
				() => probing,
			);
			console.log(`${dialect}: advancing ${days} days…`);
			const started = performance.now();
			const answer = await client.post(
				`${BASE}/sandbox/clock`,
				{ advance: days * 86_400 },
				`bench-${Date.now()}`,
			);
			const seconds = (performance.now() - started) / 1000;
			probing = false;
			const during = await duringRun;
			if (answer.status !== 200)
				throw new Error(`advance failed: ${answer.status} ${JSON.stringify(answer.body)}`);
			const after = await db.kysely
				.selectFrom("payouts")
				.select(["status", (eb) => eb.fn.countAll<number>().as("n")])
				.groupBy("status")
				.execute();
			const total = after.reduce((sum, row) => sum + Number(row.n), 0);
			return {
				dialect,
				seconds,
				steps: Number((answer.body as { steps?: number }).steps ?? 0),
				payouts: total - Number(payoutsBefore.n),
				paid: Number(after.find((row) => row.status === "paid")?.n ?? 0),
				idle,
				during,
			};
		} finally {
			server.child.kill("SIGTERM");
		}
	} finally {
		await store.remove();
	}
}

const runs: Run[] = [];
for (const dialect of dialects) runs.push(await measure(dialect));
const ms = (values: readonly number[]) =>
	`${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} ms`;
const engine = (dialect: string) => (dialect === "postgres" ? "PostgreSQL" : "SQLite");
const rows = runs.map(
	(run) =>
		`| ${engine(run.dialect)} | ${run.seconds.toFixed(2)} s | ${run.steps} | ${run.payouts} | ${ms(run.idle)} → ${ms(run.during)} (${run.during.length} reads) |`,
);
for (const line of rows) console.log(line);
writeReadmeSection(
	"clock",
	`## Time moves: a ${days}-day advance of a ${transactions.toLocaleString("en-US")}-transaction store

\`npx tsx bench/src/clock.ts --transactions ${transactions} --days ${days}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.

The demo store (\`npm run seed\`, seed 7) is made a sandbox account; after its server's own runner
has settled what was already due, one POST /sandbox/clock moves its test clock ${days} days ahead and
answers once every timed rule has run, boundary by boundary (settlement, daily payouts moving
pending → in transit → paid, authorization expiries, dispute deadlines and decisions). Meanwhile an
admin reads the transactions list (page 1, 25 rows) every ~${PROBE_EVERY_MS} ms.

| Database | Advance took | Steps | Payouts made | List p50 / p95 (idle → during) |
|---|---:|---:|---:|---|
${rows.join("\n")}
`,
);
