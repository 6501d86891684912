// What `npm test` needs from the system: Debian's chromium (browser tests), postgresql (the
// server suite runs again on PostgreSQL) and poppler-utils (pdftotext and pdffonts read the
// PDFs the server writes, as a reader would). Installs them when missing and allowed.
import { execSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
export const PDFTOTEXT = "/usr/bin/pdftotext";

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
	if (!existsSync(PDFTOTEXT)) missing.push("poppler-utils");
	if (missing.length === 0) return;
	const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
	if (typeof process.getuid === "function" && process.getuid() !== 0) {
		console.error(
			`Paydesk's tests need ${missing.join(", ")}. Install them as root, then run npm test again:\n  sudo sh -c '${command}'`,
		);
		process.exit(1);
	}
	console.log(`Installing ${missing.join(", ")} from Debian (needed by the test suite)…`);
	execSync(command, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}
