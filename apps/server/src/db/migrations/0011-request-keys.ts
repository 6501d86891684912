/**
 * Two kinds of Idempotency-Key, two tables.
 * - request_keys: the HTTP layer's replay of a whole answer (http/request-keys.ts). `status`,
 *   `content_type` and `body` are the answer as sent; `status` is null while the first request
 *   runs, which only SQLite ever commits (PostgreSQL writes the row with its answer, in the
 *   transaction whose row lock a duplicate waits on). `owner` names the server process that
 *   claimed it, so a process knows its own claims from another's.
 * - idempotency_keys stays the processor's: written inside a money movement's own transaction,
 *   always with the movement's answer, so its status column (once 0 for "running", else 200)
 *   goes, with the "request " rows it told apart. Answered request rows move to request_keys.
 */
import { type Kysely, sql } from "kysely";
import { z } from "zod";

const REQUEST_PREFIX = "request ";
const storedRequest = z.object({
	fingerprint: z.string(),
	answer: z.object({ status: z.number(), contentType: z.string().nullable(), body: z.string() }).optional(),
});

interface OldKeyRow {
	account_id: string;
	user_id: number;
	key: string;
	method: string;
	path: string;
	status_code: number;
	response: string;
	created: number;
}

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("request_keys")
		.addColumn("account_id", "text", (c) => c.notNull())
		.addColumn("user_id", "bigint", (c) => c.notNull())
		.addColumn("key", "text", (c) => c.notNull())
		.addColumn("method", "text", (c) => c.notNull())
		.addColumn("path", "text", (c) => c.notNull())
		.addColumn("fingerprint", "text", (c) => c.notNull())
		.addColumn("status", "integer")
		.addColumn("content_type", "text")
		.addColumn("body", "text")
		.addColumn("owner", "text", (c) => c.notNull())
		.addColumn("created", "bigint", (c) => c.notNull())
		.addPrimaryKeyConstraint("request_keys_pkey", ["account_id", "user_id", "key"])
		.execute();
	await sql`create index request_keys_created on request_keys (created)`.execute(db);

	// Keys live a day, so there are few; an answered one is still replayed after the upgrade.
	const old = db as unknown as Kysely<{ idempotency_keys: OldKeyRow; request_keys: Record<string, unknown> }>;
	const rows = await old
		.selectFrom("idempotency_keys")
		.selectAll()
		.where("key", "like", `${REQUEST_PREFIX}%`)
		.where("status_code", "<>", 0)
		.execute();
	for (const row of rows) {
		const parsed = storedRequest.safeParse(JSON.parse(row.response));
		if (!parsed.success || !parsed.data.answer) continue;
		const { fingerprint, answer } = parsed.data;
		await old
			.insertInto("request_keys")
			.values({
				account_id: row.account_id,
				user_id: row.user_id,
				key: row.key.slice(REQUEST_PREFIX.length),
				method: row.method,
				path: row.path,
				fingerprint,
				status: answer.status,
				content_type: answer.contentType,
				body: answer.body,
				owner: "migrated",
				created: row.created,
			})
			.execute();
	}
	await old.deleteFrom("idempotency_keys").where("key", "like", `${REQUEST_PREFIX}%`).execute();
	await db.schema.alterTable("idempotency_keys").dropColumn("status_code").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable("idempotency_keys")
		.addColumn("status_code", "integer", (c) => c.notNull().defaultTo(200))
		.execute();
	await db.schema.dropTable("request_keys").ifExists().execute();
}
