// npm start: builds the admin app and the server when either is missing or older than its
// sources, then runs the compiled server with plain node (no TypeScript at run time); the server
// migrates, seeds an empty database and listens.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_OUTFILE, SERVER_SOURCES } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The newest modification time of a file, or of the files in a folder and below. */
function newestSource(file) {
	if (!statSync(file).isDirectory()) return statSync(file).mtimeMs;
	let newest = 0;
	for (const entry of readdirSync(file)) newest = Math.max(newest, newestSource(path.join(file, entry)));
	return newest;
}

function isStale(built, sources) {
	return !existsSync(built) || Math.max(...sources.map(newestSource)) > statSync(built).mtimeMs;
}

function buildWorkspace(what, workspace) {
	console.log(`Building ${what}…`);
	const build = spawnSync("npm", ["run", "build", "--silent", "-w", workspace], {
		cwd: root,
		stdio: "inherit",
	});
	if (build.status !== 0) process.exit(build.status ?? 1);
}

// The languages' catalogues are built into the admin app too, one chunk per language.
const adminSources = ["apps/admin/src", "packages/contract/src", "packages/domain/src", "languages"].map(
	(dir) => path.join(root, dir),
);
if (isStale(path.join(root, "apps/admin/dist/index.html"), adminSources))
	buildWorkspace("the admin app", "@paydesk/admin");
const serverBuild = ["apps/server/package.json", "scripts/build-server.mjs"].map((file) =>
	path.join(root, file),
);
if (isStale(SERVER_OUTFILE, [...SERVER_SOURCES, ...serverBuild]))
	buildWorkspace("the server", "@paydesk/server");

const server = spawn(process.execPath, [SERVER_OUTFILE], {
	cwd: root,
	stdio: "inherit",
	env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
