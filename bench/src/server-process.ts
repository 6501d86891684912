/**
 * Real server processes for the benchmarks that measure over HTTP: a free port, a server
 * (apps/server/src/main.ts) started on it and waited for, its resident memory, and a throw-away
 * PostgreSQL cluster (scripts/pg-temp.mjs) for the PostgreSQL pass.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Db, openDb } from "@paydesk/server/db/connection";
import { sql } from "kysely";
import { ROOT, runTs } from "./measure.ts";

export interface TempPostgres {
	url: string;
	stop(): void;
}

export async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const probe = net.createServer().listen(0, "127.0.0.1", () => {
			const { port } = probe.address() as net.AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

/** Resident memory of a process in MB (VmRSS), 0 when it cannot be read. */
export function rssMb(pid: number): number {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
		return match ? Number(match[1]) / 1024 : 0;
	} catch {
		return 0;
	}
}

/**
 * The per-user limits of the expensive routes (README, Configuration) lifted: a benchmark's one
 * user sends more than any merchant would, and measures the server, not the limit.
 */
const UNLIMITED = {
	RATE_LIMIT_EXPORTS_PER_MINUTE: "1000000",
	RATE_LIMIT_SUGGESTIONS_PER_MINUTE: "1000000",
	RATE_LIMIT_PAYMENTS_PER_MINUTE: "1000000",
};

/** A server process on a free port, once it answers; stop it with child.kill("SIGTERM"). */
export async function startServer(
	env: NodeJS.ProcessEnv,
	nodeArgs: readonly string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
	const port = await freePort();
	const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
		cwd: ROOT,
		env: { ...UNLIMITED, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
		stdio: ["ignore", "ignore", "inherit"],
	});
	const url = `http://127.0.0.1:${port}`;
	for (const started = Date.now(); Date.now() - started < 120_000; ) {
		if (
			await fetch(`${url}/wp-login.php`).then(
				(r) => r.ok,
				() => false,
			)
		)
			return { url, child };
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	child.kill("SIGKILL");
	throw new Error("the server did not answer within 120 s");
}

/**
 * A throw-away PostgreSQL cluster on a free port; stop() removes it. fsync is off unless
 * `durable` (a benchmark of writes measures what users run: fsync and synchronous commits on).
 */
export async function startTempPostgres(options: { durable?: boolean } = {}): Promise<TempPostgres> {
	const { startTempPostgres: start } = (await import(path.join(ROOT, "scripts", "pg-temp.mjs"))) as {
		startTempPostgres(port: number, options?: { durable?: boolean }): TempPostgres;
	};
	return start(await freePort(), options);
}

/** A seeded demo store on a data folder of its own (and a throw-away cluster on PostgreSQL). */
export interface SeededStore {
	/** The environment a server process of this store starts with. */
	env: NodeJS.ProcessEnv;
	db: Db;
	seedSeconds: number;
	remove(): Promise<void>;
}

/**
 * Seeds a store of `transactions` (seed 7) for a benchmark and opens it; on PostgreSQL the
 * planner gets its statistics first (VACUUM ANALYZE, as autovacuum gives a live database).
 */
export async function seededStore(
	dialect: string,
	transactions: number,
	account: string,
	name: string,
	options: { durable?: boolean } = {},
): Promise<SeededStore> {
	const dataDir = mkdtempSync(path.join(tmpdir(), `paydesk-${name}-`));
	let cluster: TempPostgres | undefined;
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: dataDir,
		ACCOUNT_ID: account,
		ADMIN_PASSWORD: "bench-password",
	};
	delete env.DATABASE_URL;
	const remove = async (db?: Db) => {
		await db?.close();
		cluster?.stop();
		rmSync(dataDir, { recursive: true, force: true });
	};
	try {
		if (dialect === "postgres") {
			cluster = await startTempPostgres(options);
			env.DATABASE_URL = cluster.url;
		}
		console.log(`${dialect}: seeding ${transactions.toLocaleString("en-US")} transactions…`);
		const seed = await runTs(
			"apps/server/src/cli/seed.ts",
			["--transactions", String(transactions), "--seed", "7"],
			env,
		);
		if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
		const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
		if (db.dialect === "postgres") await sql`vacuum analyze`.execute(db.kysely);
		return { env, db, seedSeconds: seed.ms / 1000, remove: () => remove(db) };
	} catch (error) {
		await remove();
		throw error;
	}
}
