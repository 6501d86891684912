/**
 * Real Paydesk processes for the crash tests: the server (apps/server/src/main.ts) or the seed
 * command, started on a data directory (and a PostgreSQL database of its own in the suite's
 * PostgreSQL pass), so a test can SIGKILL one mid-work and start another on the same data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, openDb } from "../../src/db/connection.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
export const ACCOUNT = "acct_crash";

/** Where one test's processes keep their data: a folder, and a database when on PostgreSQL. */
export interface Store {
	dataDir: string;
	databaseUrl: string | undefined;
	/** A connection of the test's own, to look at what the processes left behind. */
	open(): Db;
	remove(): Promise<void>;
}

export async function createStore(): Promise<Store> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-crash-"));
	const server = process.env.DATABASE_URL;
	let databaseUrl: string | undefined;
	let name = "";
	if (server?.startsWith("postgres")) {
		name = `paydesk_crash_${randomBytes(5).toString("hex")}`;
		const admin = new pg.Client({ connectionString: server });
		await admin.connect();
		await admin.query(`create database ${name}`);
		await admin.end();
		const url = new URL(server);
		url.pathname = `/${name}`;
		databaseUrl = url.toString();
	}
	return {
		dataDir,
		databaseUrl,
		open: () => openDb({ databaseUrl, dataDir, poolSize: 2 }),
		async remove() {
			rmSync(dataDir, { recursive: true, force: true });
			if (!name || !server) return;
			const admin = new pg.Client({ connectionString: server });
			await admin.connect();
			await admin.query(`drop database if exists ${name} with (force)`);
			await admin.end();
		},
	};
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const { port } = probe.address() as net.AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

export interface Running {
	child: ChildProcess;
	/** Everything the process printed so far. */
	output(): string;
	exited: Promise<number | null>;
	kill(): Promise<void>;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Running {
	const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, script), ...args], {
		cwd: ROOT,
		env,
		stdio: ["ignore", "pipe", "pipe"],
	});
	let text = "";
	child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
	child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
	return {
		child,
		output: () => text,
		exited,
		async kill() {
			if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
			await exited;
		},
	};
}

function envOf(store: Store, extra: Record<string, string>): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: store.dataDir,
		ACCOUNT_ID: ACCOUNT,
		ADMIN_USER: "crash-admin",
		ADMIN_PASSWORD: "crash-admin-password",
		LOG_LEVEL: "warn",
		JOB_LEASE_SECONDS: "2",
		...extra,
	};
	if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
	else delete env.DATABASE_URL;
	return env;
}

export async function until<T>(
	what: string,
	probe: () => Promise<T | null | undefined | false>,
	ms = 60_000,
	every = 25,
) {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, every));
	}
}

export interface Server extends Running {
	url: string;
}

/** Starts the server on the store (seeding an empty one with `transactions`) and waits until it answers. */
export async function startServer(
	store: Store,
	transactions: number,
	env: Record<string, string> = {},
): Promise<Server> {
	const port = await freePort();
	const running = run(
		"apps/server/src/main.ts",
		[],
		envOf(store, {
			PORT: String(port),
			HOST: "127.0.0.1",
			SEED_TRANSACTIONS: String(transactions),
			...env,
		}),
	);
	const url = `http://127.0.0.1:${port}`;
	await until(
		`the server on ${url}`,
		async () => {
			if (running.child.exitCode !== null) throw new Error(`The server exited:\n${running.output()}`);
			return fetch(`${url}/wp-login.php`).then(
				(response) => response.ok,
				() => false,
			);
		},
		120_000,
		100,
	);
	return { ...running, url };
}

/** Runs `npm run seed` (the seed command) on the store. */
export function startSeed(store: Store, transactions: number): Running {
	return run(
		"apps/server/src/cli/seed.ts",
		["--transactions", String(transactions), "--seed", "4"],
		envOf(store, {}),
	);
}
