// The server the browser journeys run against: a fresh data directory, a seeded demo store,
// a known administrator and a customer (who must be refused the admin).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-e2e-"));
const env = {
	...process.env,
	DATA_DIR: dataDir,
	PORT: process.env.E2E_PORT ?? "8181",
	HOST: "127.0.0.1",
	ADMIN_USER: "admin",
	ADMIN_PASSWORD: "e2e-admin-password",
	SEED_TRANSACTIONS: process.env.E2E_TRANSACTIONS ?? "3000",
	LOG_LEVEL: "warn",
};
// The journeys' timeline (e2e/clock.ts): the store is built, and the server's clock runs, from
// E2E_NOW as the runner placed it in real time.
if (process.env.E2E_NOW && process.env.E2E_CLOCK_STARTED_AT) {
	env.CLOCK_START = process.env.E2E_NOW;
	env.CLOCK_STARTED_AT = process.env.E2E_CLOCK_STARTED_AT;
}
const tsx = path.join(root, "node_modules/.bin/tsx");
const user = spawnSync(
	tsx,
	[
		path.join(root, "apps/server/src/cli/user.ts"),
		"create",
		"shopper",
		"shopper@example.com",
		"customer",
		"--password",
		"e2e-customer-password",
	],
	{ env, stdio: "inherit" },
);
if (user.status !== 0) process.exit(user.status ?? 1);
const server = spawn(tsx, [path.join(root, "apps/server/src/main.ts")], { env, stdio: "inherit" });
const stop = () => {
	server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
	rmSync(dataDir, { recursive: true, force: true });
	process.exit(code ?? 0);
});
