/**
 * A store of a journey's own: its own server on its own port and data directory, seeded with
 * the seed command's arguments (`--state unconnected`, `--state sandbox` …) and, when asked, with
 * more users (a shop manager, a payments viewer), for journeys that need another situation than
 * the shared e2e server's connected store.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { E2E_NOW, e2eNow } from "./clock.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** A user the store is created with besides its administrator (`npm run user -- create`). */
export interface StoreUser {
	login: string;
	password: string;
	email: string;
	role: "shop_manager" | "payments_viewer" | "customer";
}

export interface OwnStore {
	url: string;
	/** Its data folder (and SQLite database), for the commands a journey runs on it. */
	dataDir: string;
	admin: { login: string; password: string };
	stop(): Promise<void>;
}

export async function startOwnStore(options: {
	port: number;
	seedArgs: readonly string[];
	admin: { login: string; password: string };
	name: string;
	users?: readonly StoreUser[];
	/** More of the server's environment, e.g. STRIPE_API_BASE. */
	env?: Readonly<Record<string, string>>;
}): Promise<OwnStore> {
	const dataDir = mkdtempSync(path.join(tmpdir(), `paydesk-e2e-${options.name}-`));
	const env = {
		...process.env,
		DATA_DIR: dataDir,
		PORT: String(options.port),
		HOST: "127.0.0.1",
		ADMIN_USER: options.admin.login,
		ADMIN_PASSWORD: options.admin.password,
		SEED_TRANSACTIONS: "0",
		LOG_LEVEL: "warn",
		...options.env,
	};
	// Built at the journeys' current time unless the journey names its own moment.
	const at = options.seedArgs.includes("--now") ? [] : ["--now", e2eNow().toISOString()];
	const seeded = spawnSync(
		tsx,
		[path.join(root, "apps/server/src/cli/seed.ts"), ...options.seedArgs, ...at],
		{
			env,
			stdio: "inherit",
		},
	);
	if (seeded.status !== 0) throw new Error(`seeding the ${options.name} store failed`);
	for (const user of options.users ?? []) {
		const created = spawnSync(
			tsx,
			[
				path.join(root, "apps/server/src/cli/user.ts"),
				"create",
				user.login,
				user.email,
				user.role,
				"--password",
				user.password,
			],
			{ env, stdio: "inherit" },
		);
		if (created.status !== 0) throw new Error(`creating ${user.login} in the ${options.name} store failed`);
	}
	const server: ChildProcess = spawn(tsx, [path.join(root, "apps/server/src/main.ts")], {
		// The journeys' timeline itself, not the moment of the spawn: a server that takes seconds to load would
		// otherwise run that far behind the journeys' clock (an authenticator's code is then a step ahead of it).
		env: { ...env, CLOCK_START: E2E_NOW, CLOCK_STARTED_AT: process.env.E2E_CLOCK_STARTED_AT },
		stdio: "inherit",
	});
	const url = `http://127.0.0.1:${options.port}`;
	for (let attempt = 0; ; attempt++) {
		try {
			if ((await fetch(`${url}/wp-login.php`)).ok) break;
		} catch {
			// Not listening yet.
		}
		if (attempt > 120) throw new Error(`the ${options.name} store on ${url} did not start`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return {
		url,
		dataDir,
		admin: options.admin,
		stop: () =>
			new Promise<void>((resolve) => {
				server.once("exit", () => {
					rmSync(dataDir, { recursive: true, force: true });
					resolve();
				});
				server.kill("SIGTERM");
			}),
	};
}

export async function logInTo(
	page: Page,
	store: OwnStore,
	user: { login: string; password: string } = store.admin,
): Promise<void> {
	await page.goto(`${store.url}/wp-login.php`);
	// WordPress's own field ids: the page speaks the site's language, which a journey may change.
	await page.locator("#user_login").fill(user.login);
	await page.locator("#user_pass").fill(user.password);
	await page.locator("#wp-submit").click();
	await page.waitForURL(/page=wc-admin/);
}
