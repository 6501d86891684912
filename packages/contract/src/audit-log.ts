/**
 * The audit log (Payments › Activity): every money action, settings change, security event and
 * data export of the account, append-only and chained by hashes so a changed or removed row
 * shows (`npm run audit -- verify`). Administrators only read it (manage_options): it names
 * people, their addresses and what they changed.
 *
 * - The list is a list of the list toolkit (page, pagesize, total_count), newest first, filtered
 *   by person (`actor_is`: a user's login or an API key's name), action, object id and date.
 * - `details` holds what the action changed: `before` / `after` of the changed fields, an
 *   export's filters and e-mail address, a refund's amount and reason. Secrets never appear;
 *   a key shows its last four characters at most.
 */
import { z } from "zod";
import { queryBool } from "./common.ts";
import { defineListQuery, listResponse, sharedFilterFields } from "./list.ts";
import { defineRoute, REST_BASE } from "./route.ts";

export const AUDIT_ACTIONS = [
	"refund.created",
	"payment.captured",
	"payment.canceled",
	"payout.instant_created",
	"dispute.accepted",
	"dispute.evidence_submitted",
	"settings.updated",
	"fraud_rules.updated",
	"export.requested",
	"login.succeeded",
	"login.failed",
	"two_factor.enabled",
	"two_factor.disabled",
	"password.changed",
	"sessions.ended",
	"app_password.created",
	"app_password.revoked",
	"api_key.created",
	"api_key.rolled",
	"webhook_endpoint.updated",
	"user.role_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
	/** The account's row number, from 1. */
	id: z.number().int(),
	/** Epoch seconds. */
	created: z.number().int(),
	action: z.enum(AUDIT_ACTIONS),
	actor: z.object({
		user_id: z.number().int().nullable(),
		/** The user's login; for a failed sign-in, the login name tried. */
		login: z.string().nullable(),
		/** The API key's name, for calls to Stripe's API. */
		api_key: z.string().nullable(),
		ip: z.string().nullable(),
		user_agent: z.string().nullable(),
	}),
	object_type: z.string().nullable(),
	object_id: z.string().nullable(),
	details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const { match, date_before, date_after, date_between, user_timezone } = sharedFilterFields;

export const auditLogQueries = defineListQuery({
	sort: ["created"],
	defaultSort: "created",
	defaultDirection: "desc",
	filters: {
		match,
		date_before,
		date_after,
		date_between,
		user_timezone,
		action_is: z.enum(AUDIT_ACTIONS).optional(),
		/** A user's login or an API key's name. */
		actor_is: z.string().min(1).max(200).optional(),
		/** The object's id: a charge (ch_…), payment intent (pi_…), dispute, key … */
		object_id: z.string().min(1).max(200).optional(),
	},
});
export type AuditLogQuery = z.output<typeof auditLogQueries.paged>;
export type AuditLogSortedQuery = z.output<typeof auditLogQueries.sorted>;

const AUDIT_LOG = `${REST_BASE}/audit-log`;

export const listAuditLog = defineRoute({
	method: "GET",
	path: AUDIT_LOG,
	summary: "The account's audit log, newest first, filtered by person, action, object and date",
	tag: "audit-log",
	query: auditLogQueries.paged,
	response: listResponse(auditEntry),
	capability: "manage_options",
});

export const downloadAuditLog = defineRoute({
	method: "GET",
	path: `${AUDIT_LOG}/download`,
	summary: "The filtered audit log as CSV, answered directly",
	tag: "audit-log",
	query: auditLogQueries.sorted.extend({
		_wpnonce: z.string().optional(),
		force_download: queryBool.optional(),
	}),
	response: z.unknown(),
	produces: "text/csv",
	rateLimit: "exports",
	capability: "manage_options",
});

export const AUDIT_LOG_ROUTES = [listAuditLog, downloadAuditLog] as const;
