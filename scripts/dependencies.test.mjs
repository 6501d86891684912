import { describe, expect, it } from "vitest";
import {
	advisoryId,
	allowlistProblems,
	auditFindings,
	auditUnavailable,
	engineProblems,
	lockGaps,
} from "./dependencies.mjs";

describe("engineProblems (no engine warnings on the supported Node)", () => {
	const lock = {
		packages: {
			"": { name: "paydesk", engines: { node: ">=20.19" } },
			"node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } },
			"node_modules/ok": { version: "1.0.0", engines: { node: "18 || 20 || >=22" } },
			"node_modules/@esbuild/aix-ppc64": { version: "0.28.2", engines: { node: ">=99" } },
			"node_modules/no-engines": { version: "1.0.0" },
		},
	};
	const installed = (location) => !location.includes("@esbuild/aix");

	it("names an installed package whose engines exclude this Node", () => {
		expect(engineProblems(lock, "v20.20.2", installed)).toEqual([
			{ name: "cookie", version: "2.0.2", range: ">=22", location: "node_modules/cookie" },
		]);
	});

	it("checks the root's own engines and ignores packages that are not installed", () => {
		expect(engineProblems(lock, "v22.1.0", installed)).toEqual([]);
		expect(engineProblems(lock, "v20.10.0", installed).map((problem) => problem.name)).toContain(
			"(root package.json)",
		);
	});
});

const report = (via, name = "fastify") => ({ vulnerabilities: { [name]: { name, via } } });
const advisory = (severity, id = "GHSA-aaaa-bbbb-cccc") => ({
	source: 1,
	title: "Something bad",
	url: `https://github.com/advisories/${id}`,
	severity,
});

describe("auditFindings (npm audit at high severity with an allow-list)", () => {
	it("fails on high and critical advisories, not on moderate or low ones", () => {
		expect(auditFindings(report([advisory("moderate"), advisory("low")]), [], "2026-11-24")).toEqual([]);
		const findings = auditFindings(
			report([advisory("high"), advisory("critical", "GHSA-x")]),
			[],
			"2026-11-24",
		);
		expect(findings.map((finding) => [finding.id, finding.severity])).toEqual([
			["GHSA-aaaa-bbbb-cccc", "high"],
			["GHSA-x", "critical"],
		]);
	});

	it("does not count a package that is only vulnerable through another one twice", () => {
		expect(auditFindings(report(["other-package", advisory("high")]), [], "2026-11-24")).toHaveLength(1);
	});

	it("accepts an allow-listed advisory until its review date", () => {
		const allowlist = [
			{
				id: "GHSA-aaaa-bbbb-cccc",
				package: "fastify",
				reason: "the affected option is never used",
				review_by: "2026-12-31",
			},
		];
		expect(auditFindings(report([advisory("high")]), allowlist, "2026-11-24")).toEqual([]);
		const late = auditFindings(report([advisory("high")]), allowlist, "2027-01-01");
		expect(late).toHaveLength(1);
		expect(late[0]?.problem).toContain("review it again");
	});

	it("reads the advisory id from its URL", () => {
		expect(advisoryId(advisory("high", "GHSA-1234-5678-9abc"))).toBe("GHSA-1234-5678-9abc");
	});

	it("tells an unreachable advisory service from a clean report", () => {
		expect(auditUnavailable({ message: "405 Method Not Allowed", error: { summary: "" } })).toBe(
			"405 Method Not Allowed",
		);
		expect(auditUnavailable({ vulnerabilities: {}, metadata: {} })).toBeNull();
	});

	it("refuses allow-list entries without a reason or a review date", () => {
		expect(allowlistProblems([{ id: "GHSA-a", package: "x", reason: "ok", review_by: "soon" }])).toEqual([
			"entry 0: reason must explain why the advisory does not apply",
			"entry 0: review_by must be a date (YYYY-MM-DD)",
		]);
	});
});

describe("lockGaps (a lock that npm ci accepts on a clean machine)", () => {
	const lock = {
		packages: {
			"": { name: "paydesk", workspaces: ["apps/admin"], devDependencies: { knip: "6.42.1" } },
			"apps/admin": { name: "@paydesk/admin", dependencies: { react: "19.2.0", local: "1.0.0" } },
			"apps/admin/node_modules/local": { version: "1.0.0" },
			"node_modules/@paydesk/admin": { resolved: "apps/admin", link: true },
			"node_modules/react": { version: "19.2.0" },
			"node_modules/parser": {
				version: "0.156.0",
				dependencies: { types: "^1.0.0" },
				optionalDependencies: { "binding-linux-x64": "0.156.0", "binding-darwin-arm64": "0.156.0" },
			},
			"node_modules/parser/node_modules/types": { version: "1.0.0" },
			"node_modules/binding-linux-x64": { version: "0.156.0", optional: true },
		},
	};

	it("names an optional platform binary the lock does not hold, and the package that wants it", () => {
		expect(lockGaps(lock)).toEqual([
			{ from: "node_modules/parser", name: "binding-darwin-arm64", range: "0.156.0" },
		]);
	});

	it("resolves nested, hoisted and workspace dependencies as Node does", () => {
		const whole = structuredClone(lock);
		whole.packages["node_modules/binding-darwin-arm64"] = { version: "0.156.0", optional: true };
		expect(lockGaps(whole)).toEqual([]);
		delete whole.packages["apps/admin/node_modules/local"];
		expect(lockGaps(whole)).toEqual([{ from: "apps/admin", name: "local", range: "1.0.0" }]);
	});
});
