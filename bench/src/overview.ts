/**
 * The overview at scale: npx tsx bench/src/overview.ts --transactions 1000000
 *   [--iterations 15] [--loads 5] [--no-readme]
 * Seeds a demo store (npm run seed) into a temporary SQLite database, times the overview's API
 * calls through Fastify beside the SQL they ran, then opens the overview in Chromium against a
 * real server process and counts the API calls started before the balance first shows, and the
 * time until it does. Figures go under "Overview" in bench/README.md.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { chromium } from "playwright-core";
import { measureRequest, median, type Result } from "./api-timing.ts";
import { openRecordedDb, type Recorder, runRaw, startBenchApp } from "./bench-app.ts";
import { machine, ROOT, runTs, writeReadmeSection } from "./measure.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? (argv[index + 1] ?? "") : undefined;
};
const TRANSACTIONS = Number(flag("transactions") ?? 1_000_000);
const ITERATIONS = Number(flag("iterations") ?? 15);
const LOADS = Number(flag("loads") ?? 5);
const ACCOUNT = "acct_demo";
const PASSWORD = "bench-overview-password";
const P = "/wp-json/wc/v3/payments";

const dir = mkdtempSync(path.join(tmpdir(), "paydesk-bench-overview-"));
const dist = path.join(dir, "dist");
const now = new Date();
const today = now.toISOString().slice(0, 10);

function report(name: string, start: string): [string, string] {
	// A merchant two hours east of UTC: the period's ends fall inside UTC days, as they usually do.
	const query = `currency=usd&date_start=${start}T00:00:00&date_end=${today}T23:59:59&timezone=%2B02:00`;
	return [name, `${P}/reporting/payment_activity?${query}`];
}

async function seed(): Promise<number> {
	process.stdout.write(`seeding ${TRANSACTIONS.toLocaleString("en-US")} transactions…\n`);
	const run = await runTs(
		"apps/server/src/cli/seed.ts",
		["--transactions", String(TRANSACTIONS), "--seed", "7", "--now", now.toISOString()],
		{ ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" },
	);
	if (run.code !== 0) throw new Error(`seed failed:\n${run.output}`);
	return run.ms / 1000;
}

/** The API calls of the overview, through Fastify, with their SQL replayed on the driver. */
async function measureApi(): Promise<{ results: Result[]; previousScanMs: number }> {
	const recorder: Recorder = { statements: null };
	const db = openRecordedDb({ sqliteFile: path.join(dir, "paydesk.sqlite") }, recorder);
	try {
		const created = await db.kysely
			.selectFrom("accounts")
			.select("created")
			.where("id", "=", ACCOUNT)
			.executeTakeFirstOrThrow();
		const allTimeStart = new Date(Number(created.created) * 1000).toISOString().slice(0, 10);
		const weekStart = new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
		const requests: [string, string][] = [
			report("Payment activity, all time", allTimeStart),
			report("Payment activity, last 7 days", weekStart),
			["Balances (GET /deposits/overview-all)", `${P}/deposits/overview-all`],
			["Disputes awaiting a response (50)", `${P}/disputes?filter=awaiting_response&pagesize=50`],
			["Recent payouts (3)", `${P}/deposits?pagesize=3&sort=date&direction=desc&store_currency_is=usd`],
		];
		const bench = await startBenchApp(db, ACCOUNT);
		const results: Result[] = [];
		for (const [name, url] of requests) {
			const result = await measureRequest(bench, db, recorder, name, url, ITERATIONS);
			process.stdout.write(
				`  ${name}: API ${result.apiMs.toFixed(2)} ms, SQL ${result.sqlMs.toFixed(2)} ms\n`,
			);
			results.push(result);
		}
		await bench.app.close();
		// What the balance cost before it read the rollups: one grouped pass over the whole ledger.
		const scan = db.kysely
			.selectFrom("balance_transactions")
			.select(["currency", sql<number>`sum(net)`.as("net")])
			.where("account_id", "=", ACCOUNT)
			.groupBy("currency")
			.compile();
		const times: number[] = [];
		for (let i = 0; i < 5; i++) {
			const started = performance.now();
			await runRaw(db, [scan]);
			times.push(performance.now() - started);
		}
		return { results, previousScanMs: median(times) };
	} finally {
		await db.close();
	}
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
	execFileSync(
		process.execPath,
		[path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--outDir", dist],
		{
			cwd: path.join(ROOT, "apps/admin"),
			stdio: "ignore",
		},
	);
	const port = 20000 + Math.floor(Math.random() * 1000);
	const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
		cwd: ROOT,
		env: {
			...process.env,
			DATA_DIR: dir,
			PORT: String(port),
			HOST: "127.0.0.1",
			ADMIN_PASSWORD: PASSWORD,
			ADMIN_DIST: dist,
			LOG_LEVEL: "silent",
		},
		stdio: "ignore",
	});
	const base = `http://127.0.0.1:${port}`;
	const started = performance.now();
	for (;;) {
		try {
			if ((await fetch(`${base}/wp-login.php`)).status === 200) break;
		} catch {}
		if (performance.now() - started > 120_000) throw new Error("server did not answer within 120 s");
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	return { child, base };
}

interface FirstRender {
	callsBefore: number;
	balanceMs: number;
	names: string[];
}

/** Opens the overview LOADS times; counts the API calls started before the balance shows. */
async function measureFirstRender(base: string): Promise<FirstRender[]> {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
		args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage"],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
		await page.goto(`${base}/wp-login.php`);
		await page.getByLabel("Username or Email Address").fill("admin");
		await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
		await page.getByRole("button", { name: "Log In" }).click();
		await page.waitForURL(/page=wc-admin/);
		await page.addInitScript(() => {
			const mark = window as unknown as { balanceShownAt?: number };
			new MutationObserver(() => {
				if (mark.balanceShownAt === undefined && document.querySelector('[data-testid="balance-available"]'))
					mark.balanceShownAt = performance.now();
			}).observe(document, { childList: true, subtree: true });
		});
		const loads: FirstRender[] = [];
		for (let i = 0; i < LOADS; i++) {
			await page.goto(`${base}/wp-admin/admin.php?page=wc-admin&path=/payments/overview`);
			await page.getByTestId("balance-available").waitFor();
			loads.push(
				await page.evaluate(() => {
					const shownAt = (window as unknown as { balanceShownAt?: number }).balanceShownAt ?? 0;
					const names = performance
						.getEntriesByType("resource")
						.filter((entry) => entry.name.includes("/wp-json/") && entry.startTime < shownAt)
						.map((entry) => new URL(entry.name).pathname);
					return { callsBefore: names.length, balanceMs: shownAt, names };
				}),
			);
		}
		return loads;
	} finally {
		await browser.close();
	}
}

const format = (ms: number) =>
	ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

try {
	const seedSeconds = await seed();
	// The browser first: the server creates its administrator on a store that has none yet.
	const { child, base } = await startServer();
	let loads: FirstRender[];
	try {
		loads = await measureFirstRender(base);
	} finally {
		child.kill("SIGTERM");
	}
	const { results, previousScanMs } = await measureApi();
	const calls = Math.max(...loads.map((load) => load.callsBefore));
	const balanceMs = median(loads.map((load) => load.balanceMs));
	process.stdout.write(
		`first render: ${calls} API calls before the balance (${loads[0]?.names.join(", ")})\n`,
	);
	process.stdout.write(`balance shown after ${balanceMs.toFixed(0)} ms (median of ${loads.length})\n`);
	const allTime = results[0];
	const markdown = [
		"## Overview",
		"",
		`\`npx tsx bench/src/overview.ts --transactions ${TRANSACTIONS}\` — a demo store of`,
		`${TRANSACTIONS.toLocaleString("en-US")} transactions (\`npm run seed\`, ${seedSeconds.toFixed(0)} s with its rollups) on SQLite;`,
		`median of ${ITERATIONS} runs after 3 warm-ups; ${machine()}, measured ${today}.`,
		'"API" is the whole request through Fastify, "SQL" the statements it ran, replayed on the driver.',
		"Targets: payment activity for all time under 200 ms; at most 4 API calls before the",
		"balance is visible.",
		"",
		"| Measure | API | SQL |",
		"|---|---:|---:|",
		...results.map((result) => `| ${result.name} | ${format(result.apiMs)} | ${format(result.sqlMs)} |`),
		"",
		`- Payment activity for all time (UTC+2): **${format(allTime?.apiMs ?? 0)}** median (${allTime?.note ?? ""}): the 360-, 30- and`,
		"  1-day rollups, and the ledger for the two partial UTC days at the ends",
		"  (apps/server/src/processor/rollup-cover.ts).",
		`- The balance reads Σ net from the rollups; the full ledger scan it replaced takes ${format(previousScanMs)}.`,
		`- First render in Chromium against a server process: **${calls} API calls** before the balance shows`,
		`  (${loads[0]?.names.map((name) => `\`${name.replace("/wp-json", "")}\``).join(", ")}); the balance shows`,
		`  ${format(balanceMs)} after navigation starts (median of ${loads.length} loads, page settings inlined).`,
		"  Every other part of the page waits for the frame after the balance.",
	].join("\n");
	if (!argv.includes("--no-readme")) {
		writeReadmeSection("overview", markdown);
		process.stdout.write("bench/README.md updated (Overview)\n");
	} else process.stdout.write(`${markdown}\n`);
} finally {
	rmSync(dir, { recursive: true, force: true });
}
