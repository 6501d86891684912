/**
 * Reads of the audit log: a page of the list (newest first through audit_log_created), the rows
 * of a CSV in keyset batches, and the entry as the contract answers it.
 */
import type { AuditEntry, AuditLogQuery, AuditLogSortedQuery } from "@paydesk/contract/audit-log";
import type { CsvColumn } from "@paydesk/domain/csv";
import { formatInTimeZone } from "@paydesk/domain/dates";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { parseJsonColumn } from "../db/json.ts";
import type { AuditLogTable, Database } from "../db/schema.ts";
import type { ServerTranslator } from "../i18n/translator.ts";
import { combineRules, dateRuleConditions, keysetBatches } from "../lists/list-sql.ts";

const storedDetails = z.record(z.string(), z.unknown()).describe("audit_log.details");

export function auditEntryOf(row: AuditLogTable): AuditEntry {
	return {
		id: Number(row.seq),
		created: Number(row.created),
		action: row.action as AuditEntry["action"],
		actor: {
			user_id: row.actor_user_id === null ? null : Number(row.actor_user_id),
			login: row.actor_login,
			api_key: row.actor_key_name,
			ip: row.ip,
			user_agent: row.user_agent,
		},
		object_type: row.object_type,
		object_id: row.object_id,
		details: parseJsonColumn(storedDetails, row.details, {}),
	};
}

type Filters = Omit<AuditLogSortedQuery, "sort" | "direction">;

function conditions(accountId: string, query: Filters, timeZone: string) {
	return (eb: ExpressionBuilder<Database, "audit_log">): Expression<SqlBool> => {
		const parts: Expression<SqlBool>[] = [eb("account_id", "=", accountId)];
		// Person, action and object always narrow the list; the date rules combine by match.
		if (query.action_is) parts.push(eb("action", "=", query.action_is));
		if (query.actor_is) {
			parts.push(eb.or([eb("actor_login", "=", query.actor_is), eb("actor_key_name", "=", query.actor_is)]));
		}
		if (query.object_id) {
			parts.push(
				eb.or([eb("object_id", "=", query.object_id), eb("payment_intent_id", "=", query.object_id)]),
			);
		}
		const dates = combineRules(eb, query.match, dateRuleConditions("created", query, timeZone));
		if (dates) parts.push(dates);
		return eb.and(parts);
	};
}

export async function listAuditEntries(
	db: Kysely<Database>,
	accountId: string,
	query: AuditLogQuery,
	timeZone: string,
): Promise<{ data: AuditEntry[]; total_count: number }> {
	const where = conditions(accountId, query, timeZone);
	const [rows, count] = await Promise.all([
		db
			.selectFrom("audit_log")
			.selectAll()
			.where(where)
			.orderBy("created", query.direction)
			.orderBy("seq", query.direction)
			.limit(query.pagesize)
			.offset((query.page - 1) * query.pagesize)
			.execute(),
		db
			.selectFrom("audit_log")
			.select(sql<number>`count(*)`.as("count"))
			.where(where)
			.executeTakeFirstOrThrow(),
	]);
	return { data: rows.map(auditEntryOf), total_count: Number(count.count) };
}

/** Every matching row in the list's order, a batch at a time. */
export function auditBatches(
	db: Kysely<Database>,
	accountId: string,
	query: AuditLogSortedQuery,
	timeZone: string,
): AsyncGenerator<AuditLogTable[]> {
	const where = conditions(accountId, query, timeZone);
	const newestFirst = query.direction === "desc";
	return keysetBatches<AuditLogTable>(
		(after, limit) => {
			let rows = db.selectFrom("audit_log").selectAll().where(where);
			if (after) {
				const created = Number(after.value);
				const seq = Number(after.id);
				rows = rows.where((eb) =>
					newestFirst
						? eb.or([eb("created", "<", created), eb.and([eb("created", "=", created), eb("seq", "<", seq)])])
						: eb.or([
								eb("created", ">", created),
								eb.and([eb("created", "=", created), eb("seq", ">", seq)]),
							]),
				);
			}
			return rows.orderBy("created", query.direction).orderBy("seq", query.direction).limit(limit).execute();
		},
		(row) => ({ value: Number(row.created), id: String(row.seq) }),
	);
}

/** Who acted, as one cell: the login, or the API key's name. */
export function actorLabel(
	row: Pick<AuditLogTable, "actor_login" | "actor_key_name">,
	t: ServerTranslator,
): string {
	if (row.actor_login) return row.actor_login;
	/* translators: %s: the name of an API key. */
	return row.actor_key_name ? t.sprintf(t.__("API key: %s", "paydesk"), row.actor_key_name) : "";
}

/** The CSV's columns, headed in the reader's language; times in the store's time zone, as every export shows them. */
export function auditColumns(
	storeTimeZone: string,
	t: ServerTranslator,
): readonly CsvColumn<AuditLogTable>[] {
	return [
		{ header: t.__("ID", "paydesk"), value: (row) => Number(row.seq) },
		{ header: t.__("Date", "paydesk"), value: (row) => formatInTimeZone(Number(row.created), storeTimeZone) },
		{ header: t.__("Action", "paydesk"), value: (row) => row.action },
		{ header: t.__("Person", "paydesk"), value: (row) => actorLabel(row, t) },
		{
			header: t.__("User ID", "paydesk"),
			value: (row) => (row.actor_user_id === null ? "" : Number(row.actor_user_id)),
		},
		{ header: t.__("IP address", "paydesk"), value: (row) => row.ip ?? "" },
		{ header: t.__("User agent", "paydesk"), value: (row) => row.user_agent ?? "" },
		{ header: t.__("Object type", "paydesk"), value: (row) => row.object_type ?? "" },
		{ header: t.__("Object ID", "paydesk"), value: (row) => row.object_id ?? "" },
		{ header: t.__("Payment", "paydesk"), value: (row) => row.payment_intent_id ?? "" },
		{ header: t.__("Details", "paydesk"), value: (row) => row.details },
		{ header: t.__("Hash", "paydesk"), value: (row) => row.hash },
	];
}
