// The rules `npm test` holds the dependency tree to, kept free of I/O so they can be tested:
// every installed package runs on this Node (no EBADENGINE), and no high or critical advisory
// reaches the production tree unless audit-allowlist.json accepts it, with a reason and a date
// by which to look again.
import semver from "semver";

/**
 * Packages of a package-lock.json (v2/v3) whose `engines.node` excludes `nodeVersion`.
 * `installed(path)` says whether the lock entry is on disk: optional packages for other
 * platforms are in the lock but never installed, so their engines do not matter.
 */
export function engineProblems(lock, nodeVersion, installed = () => true) {
	const problems = [];
	for (const [location, entry] of Object.entries(lock.packages ?? {})) {
		const range =
			typeof entry.engines === "object" && entry.engines !== null ? entry.engines.node : undefined;
		if (typeof range !== "string" || !installed(location)) continue;
		if (!semver.satisfies(nodeVersion, range, { includePrerelease: true })) {
			const name = location === "" ? "(root package.json)" : location.replace(/^.*node_modules\//, "");
			problems.push({ name, version: entry.version ?? "", range, location });
		}
	}
	return problems;
}

/**
 * Dependencies the lock does not hold: for every package, each of its `dependencies` and
 * `optionalDependencies` must resolve, the way Node resolves, to an entry of the lock. `npm ci`
 * refuses a lock with such a gap, so a gap found here is a clean install that would fail, such
 * as a platform binary of another system that the registry did not serve when the lock was written.
 */
export function lockGaps(lock) {
	const packages = lock.packages ?? {};
	const resolves = (from, name) => {
		let base = from;
		for (;;) {
			if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
			if (!base) return false;
			const cut = base.lastIndexOf("/node_modules/");
			base = cut >= 0 ? base.slice(0, cut) : base.startsWith("node_modules/") ? "" : parentFolder(base);
		}
	};
	const gaps = [];
	for (const [location, entry] of Object.entries(packages)) {
		if (entry.link) continue;
		const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
		for (const [name, range] of Object.entries(wanted))
			if (!resolves(location, name)) gaps.push({ from: location || "(root)", name, range });
	}
	return gaps;
}

/** The folder above a workspace's folder ("apps/admin" → "apps", "apps" → the root). */
function parentFolder(location) {
	const cut = location.lastIndexOf("/");
	return cut >= 0 ? location.slice(0, cut) : "";
}

const SERIOUS = new Set(["high", "critical"]);

/** The advisories of one `npm audit --json` vulnerability entry (its `via` objects). */
function advisoriesOf(vulnerability) {
	return (vulnerability.via ?? []).filter((via) => typeof via === "object" && via !== null);
}

/** The GitHub advisory id (GHSA-…) of an advisory, from its URL. */
export function advisoryId(advisory) {
	const match = /GHSA-[\w-]+/.exec(advisory.url ?? "");
	return match ? match[0] : String(advisory.source ?? advisory.title ?? "unknown");
}

/**
 * What the audit found that fails the build: high and critical advisories not accepted by the
 * allow-list, plus allow-list entries whose review date has passed (an accepted risk is looked
 * at again, not forgotten). `report` is npm audit's JSON (format 2).
 */
export function auditFindings(report, allowlist, today) {
	const accepted = new Map(allowlist.map((entry) => [entry.id, entry]));
	const findings = [];
	const seen = new Set();
	for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
		for (const advisory of advisoriesOf(vulnerability)) {
			if (!SERIOUS.has(advisory.severity)) continue;
			const id = advisoryId(advisory);
			const key = `${name} ${id}`;
			if (seen.has(key)) continue;
			seen.add(key);
			const entry = accepted.get(id);
			if (!entry) {
				findings.push({
					name,
					id,
					severity: advisory.severity,
					title: advisory.title ?? "",
					problem: "not accepted",
				});
			} else if (entry.review_by < today) {
				findings.push({
					name,
					id,
					severity: advisory.severity,
					title: advisory.title ?? "",
					problem: `accepted until ${entry.review_by}; review it again`,
				});
			}
		}
	}
	return findings;
}

/**
 * Whether npm audit answered at all. A registry that does not serve advisories (a mirror or
 * proxy answers 404/405) or no network gives `{ error }` instead of a report.
 */
export function auditUnavailable(report) {
	if (report && typeof report === "object" && "error" in report && !("vulnerabilities" in report)) {
		const error = report.error ?? {};
		return String(report.message ?? error.summary ?? error.code ?? "npm audit failed");
	}
	return null;
}

/** Allow-list entries must say what they accept, why, and until when. */
export function allowlistProblems(allowlist) {
	const problems = [];
	allowlist.forEach((entry, index) => {
		if (!/^GHSA-[\w-]+$/.test(entry.id ?? "")) problems.push(`entry ${index}: id must be a GHSA advisory id`);
		if (typeof entry.package !== "string" || entry.package === "")
			problems.push(`entry ${index}: package is required`);
		if (typeof entry.reason !== "string" || entry.reason.length < 20)
			problems.push(`entry ${index}: reason must explain why the advisory does not apply`);
		if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.review_by ?? ""))
			problems.push(`entry ${index}: review_by must be a date (YYYY-MM-DD)`);
	});
	return problems;
}
