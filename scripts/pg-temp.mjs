// A throw-away PostgreSQL cluster on its own port for the server suite (never the machine's
// own cluster): initdb into a temporary folder, start, and stop with the folder removed.
import { execFileSync, execSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { postgresBin } from "./system-deps.mjs";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function run(command) {
	if (isRoot) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { stdio: "pipe" });
	else execSync(command, { stdio: "pipe", shell: "/bin/sh" });
}

/**
 * `durable`: fsync and synchronous commits on, as a real database runs (benchmarks of writes);
 * off by default, as a throw-away test cluster needs no durability.
 */
export function startTempPostgres(port = 54329, { durable = false } = {}) {
	const bin = postgresBin();
	if (!bin) throw new Error("PostgreSQL is not installed");
	const dir = mkdtempSync(path.join(tmpdir(), "paydesk-pg-"));
	chmodSync(dir, 0o755);
	if (isRoot) execFileSync("chown", ["postgres:postgres", dir]);
	run(
		`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 > ${dir}/initdb.log 2>&1`,
	);
	// A loaded machine may take a while to start a cluster: wait up to 2 minutes, and say why it
	// did not start with the server's own log.
	const start = () => {
		try {
			run(
				`${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${durable ? "" : "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "}-c max_connections=200" -l ${dir}/log -w -t 120 start`,
			);
		} catch (error) {
			const log = existsSync(`${dir}/log`) ? readFileSync(`${dir}/log`, "utf8").slice(-2000) : "(no log)";
			throw new Error(`PostgreSQL did not start on port ${port}: ${error.message}\n${log}`);
		}
	};
	start();
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		/**
		 * Stops the server, ending every connection, but keeps its data (fast, not immediate:
		 * with synchronous_commit off an immediate stop may lose the last commits).
		 */
		pause() {
			run(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
		},
		/** Starts the paused server again on the same port and data. */
		resume() {
			start();
		},
		stop() {
			try {
				run(`${bin}/pg_ctl -D ${dir}/data -m immediate stop`);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	};
}
