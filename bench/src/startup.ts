/**
 * Seed time for a big demo store, then server start to the first 200 on that existing
 * database, with the peak memory of both (issue: walking skeleton).
 *   npx tsx bench/src/startup.ts --transactions 1000000
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { machine, peakRssMb, ROOT, runTs, writeReadmeSection } from "./measure.ts";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
	args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const transactions = Number(args.get("transactions") ?? 1_000_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-"));
const env = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: "bench-password", LOG_LEVEL: "silent" };

const seed = await runTs(
	"apps/server/src/cli/seed.ts",
	["--transactions", String(transactions), "--seed", "7", "--now", "2026-11-01"],
	env,
);
if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
console.log(`seed: ${(seed.ms / 1000).toFixed(1)} s, peak ${seed.peakMb.toFixed(0)} MB`);

async function startServer(): Promise<{ firstOkMs: number; peakMb: number }> {
	const port = 18000 + Math.floor(Math.random() * 1000);
	const started = performance.now();
	const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
		cwd: ROOT,
		env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
		stdio: "ignore",
	});
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
	}
}

const runs = [await startServer(), await startServer(), await startServer()];
const best = runs.map((run) => run.firstOkMs).sort((a, b) => a - b);
const start = { medianMs: best[1] ?? 0, peakMb: Math.max(...runs.map((run) => run.peakMb)) };
console.log(`start to first 200: median ${start.medianMs.toFixed(0)} ms, peak ${start.peakMb.toFixed(0)} MB`);
rmSync(dataDir, { recursive: true, force: true });

writeReadmeSection(
	"startup",
	`## Seed and start (SQLite)

\`npx tsx bench/src/startup.ts --transactions ${transactions}\` — ${machine()}, measured ${new Date().toISOString().slice(0, 10)}.

| step | time | peak RSS |
|---|---|---|
| seed ${transactions.toLocaleString("en-US")} transactions (\`npm run seed\`) | ${(seed.ms / 1000).toFixed(1)} s | ${seed.peakMb.toFixed(0)} MB |
| server start to first 200 on that database (median of 3) | ${start.medianMs.toFixed(0)} ms | ${start.peakMb.toFixed(0)} MB |

The start includes Node and tsx loading the TypeScript sources, the migration check and the
database open; it never scans the store's rows.`,
);
