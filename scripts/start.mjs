// npm start: builds the admin app when it is missing or older than its sources, then runs
// the server (which migrates, seeds an empty database and listens).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/admin/dist/index.html");

function newestSource(dir) {
	let newest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
		else newest = Math.max(newest, statSync(full).mtimeMs);
	}
	return newest;
}

const sources = ["apps/admin/src", "packages/contract/src", "packages/domain/src"].map((dir) =>
	path.join(root, dir),
);
const stale = !existsSync(dist) || Math.max(...sources.map(newestSource)) > statSync(dist).mtimeMs;
if (stale) {
	console.log("Building the admin app…");
	const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/main.ts")], {
	cwd: root,
	stdio: "inherit",
	env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
