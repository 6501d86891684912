/**
 * Where the HTTP layer keeps its Idempotency-Keys (request_keys) and how a duplicate waits for
 * the request that claimed the key first, without polling:
 *
 * - In one process, a duplicate waits on the first request's promise, then looks at the row.
 * - On PostgreSQL, the claim is a row inserted in a transaction that stays open, on a pool of its
 *   own, until the request has its answer; the row commits with the answer, or rolls back when
 *   the request fails. A duplicate from another process inserts the same key and so waits on
 *   that row's lock, then finds the answer, or the key free. A process that dies rolls back
 *   with its connection: no claim outlives its request.
 * - SQLite cannot hold a write lock through a request that writes itself, so its claim is a
 *   committed row without a status, owned by this process. A duplicate in another process on
 *   the same file is told the key is in use (409, retry later); a claim older than a minute
 *   belongs to a process that died and is taken over.
 *
 * Only answers the caller finishes with are kept; a failed request gives its key back.
 */
import { randomUUID } from "node:crypto";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import { type Db, guardPool } from "../db/connection.ts";
import type { Database, RequestKeysTable } from "../db/schema.ts";
import {
	IDEMPOTENCY_KEY_TTL_SECONDS,
	IdempotencyKeyReused,
	type IdempotencyScope,
} from "../ledger/idempotency.ts";

/**
 * One request's claim on a key: who, which call and what it asked (its fingerprint is a hash of
 * the query and the canonical body). The same shape as a money movement's key.
 */
export type RequestKeyScope = IdempotencyScope;

/** An answer as it was sent, to be sent again byte for byte. */
export interface RecordedAnswer {
	status: number;
	contentType: string | null;
	body: string;
}

export type Claim =
	| { state: "replay"; answer: RecordedAnswer }
	/** The key is this request's until `finish`: with the answer to keep, or null to give the key back. */
	| { state: "claimed"; finish(answer: RecordedAnswer | null): Promise<void> };

/** The first request with the key is still running, and did not end within the wait. */
export class RequestKeyInUse extends Error {
	constructor() {
		super("A request with this Idempotency-Key is still being processed. Please retry later.");
		this.name = "RequestKeyInUse";
	}
}

export interface RequestKeys {
	/** Claims the key, or gives the answer of the request that had it. Waits at most `waitMs`. */
	claim(scope: RequestKeyScope, now: number): Promise<Claim>;
	close(): Promise<void>;
}

export interface RequestKeyOptions {
	/** How long a duplicate waits for the first request before RequestKeyInUse. */
	waitMs: number;
	/** On SQLite, a claim without an answer this old belongs to a process that died. */
	staleClaimSeconds: number;
	/** PostgreSQL: at most this many claims held at once (the pool of their transactions). */
	heldClaims?: number;
}

/** The row of a key: the account, the user and the key itself. */
const keyOf = (scope: RequestKeyScope) => ({
	account_id: scope.accountId,
	user_id: scope.userId,
	key: scope.key,
});

const sameKey = (scope: RequestKeyScope) => `${scope.accountId}\n${scope.userId}\n${scope.key}`;

function keyRow(db: Kysely<Database>, scope: RequestKeyScope) {
	return db
		.selectFrom("request_keys")
		.selectAll()
		.where(({ and }) => and(keyOf(scope)));
}

/** The row's answer when it is this same request's (null while it runs); else IdempotencyKeyReused. */
function answerOf(row: RequestKeysTable, scope: RequestKeyScope): RecordedAnswer | null {
	if (row.method !== scope.method || row.path !== scope.path || row.fingerprint !== scope.fingerprint) {
		throw new IdempotencyKeyReused();
	}
	if (row.status === null || row.body === null) return null;
	return { status: row.status, contentType: row.content_type, body: row.body };
}

function claimRow(scope: RequestKeyScope, owner: string, now: number): RequestKeysTable {
	return {
		...keyOf(scope),
		method: scope.method,
		path: scope.path,
		fingerprint: scope.fingerprint,
		status: null,
		content_type: null,
		body: null,
		owner,
		created: now,
	};
}

const answered = (answer: RecordedAnswer) => ({
	status: answer.status,
	content_type: answer.contentType,
	body: answer.body,
});

interface Deferred<T> {
	promise: Promise<T>;
	resolve(value: T): void;
	reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((yes, no) => {
		resolve = yes;
		reject = no;
	});
	return { promise, resolve, reject };
}

/** Resolves with the promise, or rejects with RequestKeyInUse after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new RequestKeyInUse()), ms);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

/** How a claim is made in the database, per engine. */
type ClaimInDatabase = (scope: RequestKeyScope, now: number, deadline: number) => Promise<Claim>;

export function openRequestKeys(db: Db, options: RequestKeyOptions): RequestKeys {
	const owner = randomUUID();
	const engine =
		db.dialect === "postgres" && db.pool
			? heldClaims(db.pool, owner, options.heldClaims ?? 20)
			: committedClaims(db.kysely, owner, options.staleClaimSeconds);
	// The requests of this process that hold a key, so a duplicate here waits for its promise.
	const running = new Map<string, Promise<void>>();

	return {
		async claim(scope, now) {
			const deadline = Date.now() + options.waitMs;
			const name = sameKey(scope);
			for (let first = running.get(name); first; first = running.get(name)) {
				await within(first, deadline - Date.now());
			}
			const done = deferred<void>();
			running.set(name, done.promise);
			const free = () => {
				if (running.get(name) === done.promise) running.delete(name);
				done.resolve();
			};
			let claim: Claim;
			try {
				claim = await engine.claim(scope, now, deadline);
			} catch (error) {
				free();
				throw error;
			}
			if (claim.state === "replay") {
				free();
				return claim;
			}
			const { finish } = claim;
			return {
				state: "claimed",
				async finish(answer) {
					try {
						await finish(answer);
					} finally {
						free();
					}
				},
			};
		},
		close: engine.close,
	};
}

/**
 * SQLite: the claim is committed at once, without a status, and the answer written over it.
 */
function committedClaims(
	kysely: Kysely<Database>,
	owner: string,
	staleClaimSeconds: number,
): { claim: ClaimInDatabase; close(): Promise<void> } {
	const release = (scope: RequestKeyScope) =>
		kysely
			.deleteFrom("request_keys")
			.where(({ and }) => and(keyOf(scope)))
			.where("owner", "=", owner)
			.where("status", "is", null)
			.execute();
	const claimed = (scope: RequestKeyScope): Claim => ({
		state: "claimed",
		async finish(answer) {
			if (!answer) return void (await release(scope));
			await kysely
				.updateTable("request_keys")
				.set(answered(answer))
				.where(({ and }) => and(keyOf(scope)))
				.where("owner", "=", owner)
				.execute();
		},
	});

	const claim: ClaimInDatabase = async (scope, now) => {
		for (;;) {
			const inserted = await kysely
				.insertInto("request_keys")
				.values(claimRow(scope, owner, now))
				.onConflict((conflict) => conflict.columns(["account_id", "user_id", "key"]).doNothing())
				.returning("key")
				.executeTakeFirst();
			if (inserted) return claimed(scope);
			const row = await keyRow(kysely, scope).executeTakeFirst();
			// Given back meanwhile: the first request failed, so this one may try.
			if (!row) continue;
			const answer = answerOf(row, scope);
			if (answer) return { state: "replay", answer };
			if (row.created < now - staleClaimSeconds) {
				const taken = await kysely
					.updateTable("request_keys")
					.set({ owner, created: now })
					.where(({ and }) => and(keyOf(scope)))
					.where("status", "is", null)
					.where("owner", "=", row.owner)
					.where("created", "=", row.created)
					.executeTakeFirst();
				if (Number(taken.numUpdatedRows) === 1) return claimed(scope);
			}
			// Another process on this file runs the first request: nothing here can wait for it.
			throw new RequestKeyInUse();
		}
	};
	return { claim, close: async () => {} };
}

/** The longest a claim's transaction stays open, whatever its request does. */
const MAX_HOLD_MS = 10 * 60_000;

/** Thrown inside a claim's transaction to roll it back: the request failed. */
class GiveBack extends Error {}

/**
 * PostgreSQL: the claim is an insert in a transaction held open on a pool of its own (so held
 * claims never take the connections the requests themselves query with), committed with the
 * answer. A duplicate's insert of the same key waits on it, for at most the wait.
 */
function heldClaims(
	pool: pg.Pool,
	owner: string,
	size: number,
): { claim: ClaimInDatabase; close(): Promise<void> } {
	const held = guardPool(new pg.Pool({ ...pool.options, max: size }));
	const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: held }) });
	// The claims held now, each with the way to give it back and its transaction's end.
	const holding = new Set<{ giveBack(): void; ended: Promise<unknown> }>();

	const claim: ClaimInDatabase = (scope, now, deadline) => {
		const outcome = deferred<Claim>();
		const finished = deferred<RecordedAnswer | null>();
		// A request that never finishes (a fault of this server) gives its key back after a while.
		const abandoned = setTimeout(() => finished.resolve(null), MAX_HOLD_MS);
		abandoned.unref();
		const ended: Promise<unknown> = kysely
			.transaction()
			.execute(async (trx: Transaction<Database>) => {
				// Bounds the insert's wait for another process's claim; the transaction's later update
				// writes its own row, which no one else can lock, so the bound may stay.
				const waitMs = Math.max(1, deadline - Date.now());
				await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
				const inserted = await trx
					.insertInto("request_keys")
					.values(claimRow(scope, owner, now))
					.onConflict((conflict) => conflict.columns(["account_id", "user_id", "key"]).doNothing())
					.returning("key")
					.executeTakeFirst();
				if (!inserted) {
					const row = await keyRow(trx, scope).executeTakeFirst();
					const answer = row && answerOf(row, scope);
					// Rows commit with their answer; one without is from a claim of another kind of server.
					if (!answer) throw new RequestKeyInUse();
					outcome.resolve({ state: "replay", answer });
					return;
				}
				outcome.resolve({
					state: "claimed",
					async finish(answer) {
						finished.resolve(answer);
						const error = await ended;
						if (error) throw error;
					},
				});
				const answer = await finished.promise;
				if (!answer) throw new GiveBack();
				await trx
					.updateTable("request_keys")
					.set(answered(answer))
					.where(({ and }) => and(keyOf(scope)))
					.execute();
			})
			.then(
				() => undefined,
				(error: unknown) => {
					if (error instanceof GiveBack) return undefined;
					// 55P03: lock_timeout, the first request is still running.
					const code = (error as { code?: unknown }).code;
					outcome.reject(code === "55P03" ? new RequestKeyInUse() : error);
					return error;
				},
			)
			.finally(() => {
				clearTimeout(abandoned);
				holding.delete(hold);
			});
		const hold = { giveBack: () => finished.resolve(null), ended };
		holding.add(hold);
		return outcome.promise;
	};
	// A server that stops gives back the keys of requests it did not finish, as its connections
	// closing would.
	const close = async () => {
		const open = [...holding];
		for (const hold of open) hold.giveBack();
		await Promise.all(open.map((hold) => hold.ended));
		await kysely.destroy();
	};
	return { claim, close };
}

/** Keys are kept for a day, as the processor's are; the job runner forgets older ones. */
export async function purgeRequestKeys(db: Kysely<Database>, now: number): Promise<void> {
	await db
		.deleteFrom("request_keys")
		.where("created", "<", now - IDEMPOTENCY_KEY_TTL_SECONDS)
		.execute();
}
