// npm test: the dependency tree's engines and audit, lint (with unused files, exports and dependencies), typecheck, unit and
// server tests on SQLite beside the server suite again on a throw-away PostgreSQL, then the browser journeys in Chromium
// against real servers.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTempPostgres } from "./pg-temp.mjs";
import { ensureSystemPackages } from "./system-deps.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, env = {}) {
	const started = Date.now();
	console.log(`\n▶ ${name}`);
	const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	if (result.status !== 0) {
		failures.push(name);
		console.log(`✖ ${name} failed (${seconds} s)`);
	} else console.log(`✔ ${name} (${seconds} s)`);
	return result.status === 0;
}

/**
 * A stage run beside the others: its output goes to a file, printed whole when it ends, so two
 * stages never interleave their lines. Resolves to whether it passed.
 */
function stepBeside(name, command, args, env = {}) {
	const started = Date.now();
	const logFile = path.join(reports, `${name.replace(/\W+/g, "-").toLowerCase()}.log`);
	const log = openSync(logFile, "w");
	console.log(`\n▶ ${name} (beside the next stages; its output follows when it ends)`);
	const child = spawn(command, args, {
		cwd: root,
		stdio: ["ignore", log, log],
		env: { ...process.env, ...env },
	});
	return new Promise((resolve) => {
		child.on("close", (status) => {
			closeSync(log);
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			console.log(`\n▶ ${name}: its output`);
			process.stdout.write(readFileSync(logFile, "utf8"));
			if (status !== 0) {
				failures.push(name);
				console.log(`✖ ${name} failed (${seconds} s)`);
			} else console.log(`✔ ${name} (${seconds} s)`);
			resolve(status === 0);
		});
	});
}

function countVitest(file) {
	if (!existsSync(file)) return;
	const report = JSON.parse(readFileSync(file, "utf8"));
	totals.passed += report.numPassedTests ?? 0;
	totals.failed += report.numFailedTests ?? 0;
	totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
	if (!existsSync(file)) return;
	const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
	totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
	totals.failed += stats.unexpected ?? 0;
	totals.skipped += stats.skipped ?? 0;
}

ensureSystemPackages();

if (wanted("deps"))
	step("Dependencies (engines, npm audit)", process.execPath, ["scripts/check-dependencies.mjs"]);
if (wanted("lint")) {
	step("Lint and format (Biome)", bin("biome"), ["check", "."]);
	step("Translation calls can be extracted", process.execPath, ["scripts/i18n-extract.mjs", "--check"]);
	step("No unused files, exports or dependencies (knip)", bin("knip"), ["--no-progress"]);
}
// Each package is its own project with its own host (tsconfig.json): the domain and the contract see neither the
// DOM nor Node, the admin the DOM only, the server Node only. The build's state under .tmp/tsc keeps a rerun short.
if (wanted("typecheck")) step("Typecheck (tsc, each project)", bin("tsc"), ["-b", "tsconfig.json"]);

// The PostgreSQL suite waits on the database more than it computes: it runs two files at a time (each file has a
// database of its own) beside the SQLite stage, which computes. The browser journeys then run alone, one worker per
// shared store (e2e/servers.ts): beside either suite, Chromium's renderers and the tests took each other's cores.
let postgres = Promise.resolve();
if (wanted("postgres")) {
	let pg;
	try {
		pg = startTempPostgres();
		const out = path.join(reports, "vitest-postgres.json");
		const running = pg;
		postgres = stepBeside(
			"Server tests (PostgreSQL)",
			bin("vitest"),
			[
				"run",
				"--project",
				"server",
				"--maxWorkers=2",
				"--reporter=default",
				"--reporter=json",
				`--outputFile.json=${out}`,
			],
			{ DATABASE_URL: pg.url },
		).finally(() => {
			running.stop();
			countVitest(out);
		});
	} catch (error) {
		failures.push("PostgreSQL server");
		console.error(`Could not start a throw-away PostgreSQL: ${error.message}`);
		pg?.stop();
	}
}

if (wanted("unit")) {
	const out = path.join(reports, "vitest-sqlite.json");
	step("Unit, component and server tests (SQLite)", bin("vitest"), [
		"run",
		"--reporter=default",
		"--reporter=json",
		`--outputFile.json=${out}`,
	]);
	countVitest(out);
}

await postgres;

if (wanted("e2e") && step("Build the admin app", "npm", ["run", "build", "--silent"])) {
	const out = path.join(reports, "playwright.json");
	step(
		"Browser journeys (Playwright, Chromium)",
		bin("playwright"),
		["test", "-c", "e2e/playwright.config.ts"],
		{
			PLAYWRIGHT_JSON_OUTPUT_NAME: out,
		},
	);
	countPlaywright(out);
}

console.log(`\n${failures.length ? `Failed stages: ${failures.join(", ")}` : "All stages passed."}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
