// `npm test -- deps`: the lock holds everything `npm ci` installs, the installed tree runs on this Node, and `npm audit --omit=dev` finds no
// high or critical advisory that audit-allowlist.json does not accept.
//
// When the registry does not serve advisories (some mirrors and proxies answer 405) or there is
// no network, the audit cannot run: that is reported and, unless AUDIT_REQUIRED=1, does not fail
// the build, because nothing was learned about the tree either way.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
	allowlistProblems,
	auditFindings,
	auditUnavailable,
	engineProblems,
	lockGaps,
} from "./dependencies.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let failed = false;

const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const engines = engineProblems(lock, process.version, (location) => existsSync(path.join(root, location)));
if (engines.length) {
	failed = true;
	console.error(`Packages that do not support Node ${process.version}:`);
	for (const problem of engines)
		console.error(`  ${problem.name}@${problem.version} needs node ${problem.range} (${problem.location})`);
} else console.log(`Every installed package supports Node ${process.version}.`);

const gaps = lockGaps(lock);
if (gaps.length) {
	failed = true;
	console.error(
		"package-lock.json lacks packages that `npm ci` needs (pick versions the registry serves whole):",
	);
	for (const gap of gaps) console.error(`  ${gap.name}@${gap.range}, wanted by ${gap.from}`);
} else console.log("package-lock.json holds every dependency, for every platform.");

const allowlist = JSON.parse(readFileSync(path.join(root, "audit-allowlist.json"), "utf8")).advisories;
const listProblems = allowlistProblems(allowlist);
if (listProblems.length) {
	failed = true;
	console.error("audit-allowlist.json:");
	for (const problem of listProblems) console.error(`  ${problem}`);
}

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
	cwd: root,
	encoding: "utf8",
	timeout: 120_000,
});
let report;
try {
	report = JSON.parse(audit.stdout || "{}");
} catch {
	report = { error: { summary: `npm audit printed no JSON (exit ${audit.status})` } };
}
const unavailable = audit.error ? String(audit.error.message) : auditUnavailable(report);
if (unavailable) {
	console.warn(`The dependency audit could not run: ${unavailable}`);
	if (process.env.AUDIT_REQUIRED === "1") failed = true;
} else {
	const today = new Date().toISOString().slice(0, 10);
	const findings = auditFindings(report, allowlist, today);
	if (findings.length) {
		failed = true;
		console.error("High or critical advisories in the production dependencies:");
		for (const finding of findings)
			console.error(
				`  ${finding.name}: ${finding.id} (${finding.severity}) ${finding.title} — ${finding.problem}`,
			);
	} else {
		const counts = report.metadata?.vulnerabilities ?? {};
		console.log(
			`npm audit --omit=dev: no unaccepted high or critical advisory (${counts.total ?? 0} advisories of any severity).`,
		);
	}
}

process.exit(failed ? 1 : 0);
