/**
 * recordAudit: appends one entry to the account's audit log, inside the caller's transaction, so
 * the entry and the change it records commit or roll back together. The append first moves the
 * account's head row (an UPDATE, which PostgreSQL locks until the transaction ends; SQLite has
 * one writer), so concurrent writers take turns and never fork the chain.
 */
import type { AuditAction } from "@paydesk/contract/audit-log";
import type { FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { GENESIS_HASH, rowHash } from "./chain.ts";
import { redactSecrets } from "./redact.ts";

/** Who acted, and from where. */
export interface AuditActor {
	userId: number | null;
	/** The user's login, or the login name a failed sign-in tried. */
	login: string | null;
	/** The API key's name, for calls to Stripe's API. */
	keyName: string | null;
	ip: string | null;
	userAgent: string | null;
}

export interface AuditRecord {
	accountId: string;
	action: AuditAction;
	actor: AuditActor;
	/** Epoch seconds. */
	now: number;
	object?: { type: string; id: string } | null | undefined;
	/** The payment the action concerns, so the payment's details list it. */
	paymentIntentId?: string | null | undefined;
	/** before / after, filters, amounts …; secrets are redacted here, whoever passes them. */
	details?: Record<string, unknown> | undefined;
}

/** The user agent as stored: long enough to tell browsers apart, never a page of text. */
const USER_AGENT_LENGTH = 300;

/** The actor of a request: its signed-in user, or the API key of a call to Stripe's API. */
export function auditActorOf(request: FastifyRequest): AuditActor {
	const user = request.auth?.user ?? null;
	const key = request.stripeKey ?? null;
	const agent = request.headers["user-agent"];
	return {
		userId: user?.id ?? null,
		login: user?.login ?? null,
		keyName: user ? null : (key?.name ?? null),
		ip: request.ip ?? null,
		userAgent: typeof agent === "string" ? agent.slice(0, USER_AGENT_LENGTH) : null,
	};
}

/** Takes the account's next sequence number and the hash it follows, holding the head. */
async function advanceHead(trx: Kysely<Database>, accountId: string): Promise<{ seq: number; prev: string }> {
	for (let attempt = 0; attempt < 2; attempt++) {
		const head = await trx
			.updateTable("audit_heads")
			.set({ seq: sql`seq + 1` })
			.where("account_id", "=", accountId)
			.returning(["seq", "last_hash"])
			.executeTakeFirst();
		if (head) return { seq: Number(head.seq), prev: head.last_hash };
		// The account's first entry: make its head (a concurrent first writer may win; then update it).
		await trx
			.insertInto("audit_heads")
			.values({ account_id: accountId, seq: 0, last_hash: GENESIS_HASH, cut_seq: 0, cut_hash: GENESIS_HASH })
			.onConflict((c) => c.column("account_id").doNothing())
			.execute();
	}
	throw new Error(`audit head of ${accountId} could not be taken`);
}

/**
 * Appends the entry; call it with the transaction of the change it records (never the bare
 * connection, or a rolled-back change would leave its entry behind).
 */
export async function recordAudit(trx: Kysely<Database>, entry: AuditRecord): Promise<void> {
	const { seq, prev } = await advanceHead(trx, entry.accountId);
	const row = {
		account_id: entry.accountId,
		seq,
		created: entry.now,
		actor_user_id: entry.actor.userId,
		actor_login: entry.actor.login,
		actor_key_name: entry.actor.keyName,
		ip: entry.actor.ip,
		user_agent: entry.actor.userAgent,
		action: entry.action,
		object_type: entry.object?.type ?? null,
		object_id: entry.object?.id ?? null,
		payment_intent_id: entry.paymentIntentId ?? null,
		details: JSON.stringify(redactSecrets(entry.details ?? {})),
		prev_hash: prev,
	};
	const hash = rowHash(row);
	await trx
		.insertInto("audit_log")
		.values({ ...row, hash })
		.execute();
	await trx
		.updateTable("audit_heads")
		.set({ last_hash: hash })
		.where("account_id", "=", entry.accountId)
		.execute();
}
