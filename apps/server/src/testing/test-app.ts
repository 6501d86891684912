/**
 * A server on a fresh database for one test file, with helpers to act as an administrator,
 * a shop manager or a customer, through a cookie session (with nonce) or an application password.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@paydesk/contract/wp";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { type BuildOptions, buildApp } from "../app.ts";
import type { AppConfig } from "../app-deps.ts";
import type { AuthUser } from "../auth/context.ts";
import { createNonce } from "../auth/nonce.ts";
import { hashPassword } from "../auth/passwords.ts";
import { createSession, findSession, SESSION_COOKIE } from "../auth/sessions.ts";
import { createApplicationPassword, createUser } from "../auth/users.ts";
import { fixedClock } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import type { RateLimitOverrides } from "../http/route-rate-limits.ts";
import { createTestDb, type TestDb } from "./test-db.ts";

export const TEST_NOW = new Date("2026-11-15T15:00:00Z");
export const TEST_ACCOUNT = "acct_test";

export interface Actor {
	user: AuthUser;
	headers: Record<string, string>;
}

export interface TestApp {
	app: FastifyInstance;
	db: TestDb;
	clock: ReturnType<typeof fixedClock>;
	/** DATA_DIR of this server: a fresh temporary folder (export files land in it). */
	dataDir: string;
	/** A user with a live session: cookie and X-WP-Nonce headers ready for inject(). */
	actor(role: Role, accountId?: string): Promise<Actor>;
	/**
	 * Another server process on the same database and clock (a restart, a second process, a
	 * different configuration); the caller closes it.
	 */
	anotherServer(config?: Partial<AppConfig>, options?: BuildOptions): Promise<FastifyInstance>;
	/** HTTP Basic headers with a fresh application password. */
	basic(user: AuthUser): Promise<Record<string, string>>;
	close(): Promise<void>;
}

let counter = 0;

/** Every test user's password, hashed once per test process (a hash costs about 0.1 s of CPU). */
export const TEST_PASSWORD = "correct horse battery staple";
let testPasswordHash: Promise<string> | undefined;
async function hashedTestPassword(): Promise<{ hash: string }> {
	testPasswordHash ??= hashPassword(TEST_PASSWORD);
	return { hash: await testPasswordHash };
}

/** A new user of the store with a live cookie session: the headers a browser would send. */
export async function signedInActor(
	db: Kysely<Database>,
	now: number,
	input: { accountId: string; login: string; role: Role },
): Promise<Actor> {
	const user = await createUser(db, {
		...input,
		email: `${input.login}@example.com`,
		password: await hashedTestPassword(),
		firstName: "Test",
		created: now,
	});
	const { token } = await createSession(db, user, {
		now,
		ip: "127.0.0.1",
		userAgent: "vitest",
		remember: false,
	});
	const session = await findSession(db, token, now);
	return {
		user,
		headers: {
			cookie: `${SESSION_COOKIE}=${token}`,
			"x-wp-nonce": createNonce(session?.nonceSecret ?? "", "wp_rest", now),
		},
	};
}

export async function createTestApp(
	options: {
		seed?: (db: TestDb, now: Date) => Promise<void>;
		adminDist?: string;
		/** Fastify's logger, for tests that read what the server logs. */
		logger?: BuildOptions["logger"];
		/** Per-user rates of the expensive routes, where a test wants other than RATE_LIMITS. */
		rateLimits?: RateLimitOverrides;
		/** Keep SQLite in a file of the data folder (paydesk.sqlite), as a real server does. */
		sqliteOnDisk?: boolean;
	} = {},
): Promise<TestApp> {
	const clock = fixedClock(TEST_NOW);
	const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-test-"));
	const db = await createTestDb(options.sqliteOnDisk ? { sqliteDir: dataDir } : {});
	if (options.seed) await options.seed(db, TEST_NOW);
	const config: AppConfig = {
		dataDir,
		adminDist: options.adminDist ?? "/nonexistent",
		secureCookies: false,
		productName: "Paydesk",
		publicUrl: "http://localhost:8080",
		rateLimits: options.rateLimits,
	};
	const build = async (changes: Partial<AppConfig> = {}, buildOptions: BuildOptions = {}) => {
		const built = await buildApp(
			{ db, clock, validateResponses: true, config: { ...config, ...changes } },
			buildOptions,
		);
		await built.ready();
		return built;
	};
	const app = await build({}, { logger: options.logger });
	return {
		app,
		anotherServer: build,
		db,
		clock,
		dataDir,
		async actor(role, accountId = TEST_ACCOUNT) {
			counter++;
			return signedInActor(db.kysely, clock.seconds(), { accountId, login: `${role}${counter}`, role });
		},
		async basic(user) {
			const { password } = await createApplicationPassword(db.kysely, user, "tests", clock.seconds());
			return { authorization: `Basic ${Buffer.from(`${user.login}:${password}`).toString("base64")}` };
		},
		async close() {
			await app.close();
			await db.destroy();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
	return response.json() as T;
}

/** What a test reads of an answer, whether the whole body or an event stream's first message. */
export interface InjectedAnswer {
	statusCode: number;
	headers: LightMyRequestResponse["headers"];
	body: string;
	json<T = unknown>(): T;
}

/**
 * inject() for tests that call every route: an event stream (GET /payments/events) never ends,
 * so its answer is read up to its first message and the stream dropped; any other answer is
 * read whole.
 */
export async function injectOnce(app: FastifyInstance, options: InjectOptions): Promise<InjectedAnswer> {
	const response = await app.inject({ ...options, payloadAsStream: true });
	const live = String(response.headers["content-type"] ?? "").startsWith("text/event-stream");
	const stream = response.stream();
	const chunks: Buffer[] = [];
	for await (const chunk of stream) {
		chunks.push(Buffer.from(chunk as Uint8Array));
		if (live) break;
	}
	stream.destroy();
	const body = Buffer.concat(chunks).toString("utf8");
	return {
		statusCode: response.statusCode,
		headers: response.headers,
		body,
		json: <T>() => JSON.parse(body) as T,
	};
}
