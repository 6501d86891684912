/**
 * Seed time for a big demo store, then server start to the first 200 on that existing
 * database, with the peak memory of both: the compiled server that
 * `npm start` runs, and the TypeScript sources under tsx for comparison.
 *   npx tsx bench/src/startup.ts --transactions 1000000
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { machine, peakRssMb, ROOT, runTs, writeReadmeSection } from "./measure.ts";

const SERVER_OUTFILE = path.join(ROOT, "apps/server/dist/main.js");
const RUNS = 5;

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-"));
const env = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: "bench-password", LOG_LEVEL: "silent" };

/** The machine's one-minute load average at a few moments: this machine may be shared. */
const seedLoad = [os.loadavg()[0] ?? 0];
const seed = await runTs(
	"apps/server/src/cli/seed.ts",
	["--transactions", String(transactions), "--seed", "7", "--now", "2026-11-01"],
	env,
);
if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
seedLoad.push(os.loadavg()[0] ?? 0);
console.log(`seed: ${(seed.ms / 1000).toFixed(1)} s, peak ${seed.peakMb.toFixed(0)} MB`);

/** How the server is started: compiled (as `npm start` runs it) or from the sources with tsx. */
const STARTS = {
	compiled: {
		label: "compiled, `node apps/server/dist/main.js` as `npm start` runs it",
		args: [SERVER_OUTFILE],
	},
	tsx: {
		label: "TypeScript sources under tsx (development)",
		args: ["--import", "tsx", "apps/server/src/main.ts"],
	},
} as const;
type Start = keyof typeof STARTS;

const build = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, encoding: "utf8" });
if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);

async function startServer(start: Start): Promise<{ firstOkMs: number; peakMb: number }> {
	const port = 18000 + Math.floor(Math.random() * 1000);
	const started = performance.now();
	const child = spawn(process.execPath, STARTS[start].args, {
		cwd: ROOT,
		env: { ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
		stdio: "ignore",
	});
	const exited = new Promise((resolve) => child.once("exit", resolve));
	try {
		for (;;) {
			try {
				const response = await fetch(`http://127.0.0.1:${port}/wp-login.php`);
				if (response.status === 200) break;
			} catch {}
			if (performance.now() - started > 120_000) throw new Error("server did not answer within 120 s");
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const firstOkMs = performance.now() - started;
		// A few API-shaped requests so the peak includes serving, not only booting.
		for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/wp-json/wc/v3/payments/openapi.json`);
		return { firstOkMs, peakMb: peakRssMb(child.pid ?? 0) };
	} finally {
		child.kill("SIGTERM");
		await exited;
	}
}

// Alternated, so that both see the same machine load; the first start of each warms the disk cache.
const startLoad = [os.loadavg()[0] ?? 0];
const runs: Record<Start, { firstOkMs: number; peakMb: number }[]> = { compiled: [], tsx: [] };
await startServer("compiled");
await startServer("tsx");
for (let i = 0; i < RUNS; i++)
	for (const start of ["compiled", "tsx"] as const) runs[start].push(await startServer(start));
startLoad.push(os.loadavg()[0] ?? 0);
rmSync(dataDir, { recursive: true, force: true });

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
const rows = (Object.keys(STARTS) as Start[]).map((start) => {
	const medianMs = median(runs[start].map((run) => run.firstOkMs));
	const peakMb = Math.max(...runs[start].map((run) => run.peakMb));
	console.log(`start to first 200, ${start}: median ${medianMs.toFixed(0)} ms, peak ${peakMb.toFixed(0)} MB`);
	return `| server start to first 200, ${STARTS[start].label}; median of ${RUNS} | ${medianMs.toFixed(0)} ms | ${peakMb.toFixed(0)} MB |`;
});
const range = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;

writeReadmeSection(
	"startup",
	`## Seed and start (SQLite)

\`npx tsx bench/src/startup.ts --transactions ${transactions}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}; machine load average ${range(seedLoad)} during the seed, ${range(startLoad)} during the starts.

| step | time | peak RSS |
|---|---|---|
| seed ${transactions.toLocaleString("en-US")} transactions (\`npm run seed\`) | ${(seed.ms / 1000).toFixed(1)} s | ${seed.peakMb.toFixed(0)} MB |
${rows.join("\n")}

A start is Node loading the server, the migration check and the database open; it never scans
the store's rows. Compiled, Node loads one JavaScript file that esbuild bundled ahead of time
(\`npm run build\`, or \`npm start\` when the sources are newer); with tsx it resolves and
transforms every TypeScript source of the server and the shared packages as it loads them (from
tsx's cache after the first start). The two kinds alternate on the same database, after one
uncounted start of each.`,
);
