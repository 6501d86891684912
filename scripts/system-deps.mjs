// What `npm test` needs from the system: Debian's chromium (browser tests) and postgresql
// (the server suite runs again on PostgreSQL). Installs them when missing and allowed.
import { execSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

export function postgresBin() {
	const root = "/usr/lib/postgresql";
	if (!existsSync(root)) return null;
	const versions = readdirSync(root)
		.filter((name) => existsSync(`${root}/${name}/bin/initdb`))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? `${root}/${versions[0]}/bin` : null;
}

export function ensureSystemPackages() {
	const missing = [];
	if (!existsSync(CHROMIUM)) missing.push("chromium");
	if (!postgresBin()) missing.push("postgresql");
	if (missing.length === 0) return;
	const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
	if (typeof process.getuid === "function" && process.getuid() !== 0) {
		console.error(
			`Paydesk's tests need ${missing.join(" and ")}. Install them as root, then run npm test again:\n  sudo sh -c '${command}'`,
		);
		process.exit(1);
	}
	console.log(`Installing ${missing.join(", ")} from Debian (needed by the test suite)…`);
	execSync(command, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}
