/**
 * The whole payments domain in one first schema. Every table leads its primary key and its
 * indexes with account_id (one database can host many stores; PostgreSQL sharding by
 * account_id needs no redesign). Lists page through indexes that match their sort.
 */
import { type Kysely, sql } from "kysely";

type ColumnType = "text" | "bigint" | "integer" | "real" | "binary";
type Column = [name: string, type: ColumnType, nullable?: "null"];

interface TableSpec {
	columns: Column[];
	primaryKey: string[];
	indexes?: Record<string, string[]>;
	unique?: Record<string, string[]>;
}

const money = (name: string): Column => [name, "bigint"];
const seconds = (name: string): Column => [name, "bigint"];
const flag = (name: string): Column => [name, "integer"];
const text = (name: string): Column => [name, "text"];
const optionalText = (name: string): Column => [name, "text", "null"];

const accountId: Column = ["account_id", "text"];

export const tables: Record<string, TableSpec> = {
	accounts: {
		columns: [
			["id", "text"],
			text("name"),
			text("country"),
			text("default_currency"),
			text("status"),
			flag("connected"),
			flag("payments_enabled"),
			text("deposits_status"),
			flag("details_submitted"),
			flag("test_mode"),
			flag("test_mode_onboarding"),
			seconds("created"),
			["current_deadline", "bigint", "null"],
			flag("past_due"),
			text("requirements"),
			text("progressive_onboarding"),
			text("deposits_schedule"),
			flag("deposits_blocked"),
			flag("completed_waiting_period"),
			text("external_accounts"),
			text("fraud_protection"),
			optionalText("vat_details"),
			text("settings"),
			text("feature_flags"),
			flag("safe_mode"),
			text("onboarding"),
		],
		primaryKey: ["id"],
	},
	users: {
		columns: [
			accountId,
			["id", "bigint"],
			text("login"),
			text("email"),
			text("display_name"),
			text("first_name"),
			text("last_name"),
			text("role"),
			text("password_hash"),
			seconds("created"),
		],
		primaryKey: ["account_id", "id"],
		unique: { users_login: ["login"], users_email: ["email"] },
	},
	sessions: {
		columns: [
			accountId,
			["id", "text"],
			["user_id", "bigint"],
			text("nonce_secret"),
			seconds("created"),
			seconds("expires"),
			text("ip"),
			text("user_agent"),
		],
		primaryKey: ["id"],
		indexes: { sessions_user: ["account_id", "user_id"] },
	},
	application_passwords: {
		columns: [
			accountId,
			["uuid", "text"],
			["user_id", "bigint"],
			text("name"),
			text("password_hash"),
			seconds("created"),
			["last_used", "bigint", "null"],
			optionalText("last_ip"),
		],
		primaryKey: ["account_id", "uuid"],
		indexes: { application_passwords_user: ["account_id", "user_id"] },
	},
	options: {
		columns: [accountId, text("name"), text("value")],
		primaryKey: ["account_id", "name"],
	},
	user_meta: {
		columns: [accountId, ["user_id", "bigint"], text("meta_key"), text("meta_value")],
		primaryKey: ["account_id", "user_id", "meta_key"],
	},
	sequences: {
		columns: [accountId, text("name"), ["value", "bigint"]],
		primaryKey: ["account_id", "name"],
	},
	rate_limits: {
		columns: [accountId, text("bucket"), seconds("window_start"), ["count", "integer"]],
		primaryKey: ["account_id", "bucket"],
	},
	orders: {
		columns: [
			accountId,
			["id", "bigint"],
			text("number"),
			text("status"),
			text("currency"),
			money("total"),
			money("subtotal"),
			money("tax"),
			money("shipping_total"),
			seconds("created"),
			text("customer_name"),
			text("customer_email"),
			text("customer_country"),
			text("billing_address"),
			text("items"),
			text("subscriptions"),
			optionalText("payment_intent_id"),
			optionalText("charge_id"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { orders_intent: ["account_id", "payment_intent_id"] },
	},
	charges: {
		columns: [
			accountId,
			["id", "text"],
			text("payment_intent_id"),
			["order_id", "bigint", "null"],
			money("amount"),
			money("amount_captured"),
			money("amount_refunded"),
			text("currency"),
			text("status"),
			text("intent_status"),
			flag("paid"),
			flag("captured"),
			flag("refunded"),
			flag("disputed"),
			seconds("created"),
			optionalText("outcome_type"),
			optionalText("outcome_reason"),
			["risk_level", "integer", "null"],
			optionalText("failure_code"),
			optionalText("failure_message"),
			text("payment_method_type"),
			text("payment_method_details"),
			text("billing_details"),
			text("customer_name"),
			text("customer_email"),
			text("customer_country"),
			text("channel"),
			optionalText("source_device"),
			text("customer_currency"),
			money("customer_amount"),
			["exchange_rate", "real", "null"],
			money("fee"),
			optionalText("balance_transaction_id"),
			optionalText("fraud_outcome"),
			optionalText("fraud_meta_box_type"),
			optionalText("reader_id"),
		],
		primaryKey: ["account_id", "id"],
		unique: { charges_intent: ["account_id", "payment_intent_id"] },
		indexes: {
			charges_order: ["account_id", "order_id"],
			charges_intent_status: ["account_id", "intent_status", "created"],
			charges_fraud: ["account_id", "fraud_outcome", "created"],
		},
	},
	balance_transactions: {
		columns: [
			accountId,
			["id", "text"],
			text("type"),
			text("reporting_category"),
			text("source_id"),
			optionalText("charge_id"),
			optionalText("payment_intent_id"),
			["order_id", "bigint", "null"],
			optionalText("order_number"),
			money("amount"),
			money("fee"),
			money("net"),
			text("currency"),
			optionalText("customer_currency"),
			["customer_amount", "bigint", "null"],
			["exchange_rate", "real", "null"],
			seconds("created"),
			seconds("available_on"),
			optionalText("deposit_id"),
			optionalText("loan_id"),
			optionalText("channel"),
			optionalText("source"),
			optionalText("source_identifier"),
			optionalText("source_device"),
			optionalText("customer_name"),
			optionalText("customer_email"),
			optionalText("customer_country"),
			["risk_level", "integer", "null"],
			optionalText("description"),
		],
		primaryKey: ["account_id", "id"],
		indexes: {
			balance_transactions_created: ["account_id", "created desc", "id"],
			balance_transactions_type: ["account_id", "type", "created"],
			balance_transactions_currency: ["account_id", "currency", "created"],
			balance_transactions_deposit: ["account_id", "deposit_id", "created"],
			balance_transactions_available: ["account_id", "currency", "available_on"],
			balance_transactions_charge: ["account_id", "charge_id"],
			balance_transactions_loan: ["account_id", "loan_id"],
		},
	},
	refunds: {
		columns: [
			accountId,
			["id", "text"],
			text("charge_id"),
			text("payment_intent_id"),
			["order_id", "bigint", "null"],
			money("amount"),
			text("currency"),
			optionalText("reason"),
			text("status"),
			optionalText("failure_reason"),
			seconds("created"),
			optionalText("balance_transaction_id"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { refunds_charge: ["account_id", "charge_id"] },
	},
	disputes: {
		columns: [
			accountId,
			["id", "text"],
			text("charge_id"),
			text("payment_intent_id"),
			["order_id", "bigint", "null"],
			money("amount"),
			text("currency"),
			text("status"),
			text("reason"),
			seconds("created"),
			seconds("due_by"),
			flag("has_evidence"),
			text("evidence"),
			text("metadata"),
			optionalText("issuer_evidence"),
			text("customer_name"),
			text("customer_email"),
			text("customer_country"),
			text("source"),
			optionalText("balance_transaction_id"),
		],
		primaryKey: ["account_id", "id"],
		indexes: {
			disputes_created: ["account_id", "created desc", "id"],
			disputes_status: ["account_id", "status", "due_by"],
			disputes_charge: ["account_id", "charge_id"],
		},
	},
	files: {
		columns: [
			accountId,
			["id", "text"],
			text("purpose"),
			text("filename"),
			optionalText("title"),
			text("mime_type"),
			["size", "bigint"],
			["content", "binary"],
			seconds("created"),
		],
		primaryKey: ["account_id", "id"],
	},
	payouts: {
		columns: [
			accountId,
			["id", "text"],
			text("type"),
			text("method"),
			flag("automatic"),
			text("status"),
			seconds("date"),
			seconds("created"),
			money("amount"),
			money("fee"),
			["fee_percentage", "real"],
			text("currency"),
			text("bank_account"),
			optionalText("bank_reference_key"),
			optionalText("failure_code"),
			optionalText("failure_message"),
			optionalText("balance_transaction_id"),
		],
		primaryKey: ["account_id", "id"],
		indexes: {
			payouts_date: ["account_id", "date desc", "id"],
			payouts_status: ["account_id", "status", "date"],
			payouts_currency: ["account_id", "currency", "date"],
			payouts_amount: ["account_id", "amount", "id"],
		},
	},
	timeline_events: {
		columns: [
			accountId,
			["id", "text"],
			text("payment_intent_id"),
			text("type"),
			seconds("datetime"),
			text("data"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { timeline_events_intent: ["account_id", "payment_intent_id", "datetime"] },
	},
	loans: {
		columns: [
			accountId,
			["id", "text"],
			text("stripe_loan_id"),
			text("status"),
			seconds("paid_out_at"),
			["fully_paid_at", "bigint", "null"],
			money("amount"),
			money("fee_amount"),
			money("paid_amount"),
			["withhold_rate", "real"],
			["first_paydown_at", "bigint", "null"],
			seconds("repayments_begin_at"),
			text("currency"),
		],
		primaryKey: ["account_id", "id"],
	},
	loan_paydowns: {
		columns: [
			accountId,
			["id", "text"],
			text("loan_id"),
			money("amount"),
			seconds("created"),
			optionalText("balance_transaction_id"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { loan_paydowns_loan: ["account_id", "loan_id", "created"] },
	},
	card_readers: {
		columns: [
			accountId,
			["id", "text"],
			text("device_type"),
			text("label"),
			flag("is_active"),
			seconds("created"),
		],
		primaryKey: ["account_id", "id"],
	},
	reader_charges: {
		columns: [
			accountId,
			["id", "text"],
			text("reader_id"),
			text("charge_id"),
			text("status"),
			["count", "integer"],
			money("fee_amount"),
			text("currency"),
			seconds("created"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { reader_charges_charge: ["account_id", "charge_id"] },
	},
	documents: {
		columns: [
			accountId,
			["id", "text"],
			text("type"),
			seconds("date"),
			["period_from", "bigint", "null"],
			["period_to", "bigint", "null"],
			money("amount"),
			text("currency"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { documents_date: ["account_id", "date desc", "id"] },
	},
	inbox_notes: {
		columns: [
			accountId,
			["id", "bigint"],
			text("name"),
			text("title"),
			text("content"),
			text("type"),
			text("status"),
			text("actions"),
			seconds("date_created"),
			text("layout"),
			text("image"),
			flag("is_deleted"),
			flag("is_read"),
			text("source"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { inbox_notes_date: ["account_id", "date_created desc"] },
	},
	export_jobs: {
		columns: [
			accountId,
			["id", "text"],
			text("kind"),
			["user_id", "bigint"],
			text("user_email"),
			text("locale"),
			text("params"),
			text("status"),
			["row_count", "bigint"],
			optionalText("file_name"),
			optionalText("error"),
			["attempts", "integer"],
			optionalText("claimed_by"),
			["claimed_at", "bigint", "null"],
			seconds("created"),
			["finished_at", "bigint", "null"],
			seconds("expires_at"),
		],
		primaryKey: ["account_id", "id"],
		indexes: { export_jobs_status: ["status", "created"] },
	},
	email_outbox: {
		columns: [
			accountId,
			["id", "text"],
			text("to_address"),
			text("subject"),
			text("body_text"),
			text("status"),
			["attempts", "integer"],
			optionalText("last_error"),
			seconds("created"),
			["sent_at", "bigint", "null"],
		],
		primaryKey: ["account_id", "id"],
		indexes: { email_outbox_status: ["status", "created"] },
	},
	idempotency_keys: {
		columns: [
			accountId,
			["user_id", "bigint"],
			text("key"),
			text("method"),
			text("path"),
			["status_code", "integer"],
			text("response"),
			seconds("created"),
		],
		primaryKey: ["account_id", "user_id", "key"],
	},
};

export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
	for (const [name, spec] of Object.entries(tables)) {
		let builder = db.schema.createTable(name);
		for (const [column, type, nullable] of spec.columns) {
			const sqlType =
				type === "binary"
					? dialect === "postgres"
						? sql`bytea`
						: sql`blob`
					: type === "real"
						? sql`double precision`
						: type;
			builder = builder.addColumn(column, sqlType, (c) => (nullable ? c : c.notNull()));
		}
		builder = builder.addPrimaryKeyConstraint(`${name}_pkey`, spec.primaryKey as never);
		for (const [unique, columns] of Object.entries(spec.unique ?? {})) {
			builder = builder.addUniqueConstraint(unique, columns as never);
		}
		await builder.execute();
		for (const [index, columns] of Object.entries(spec.indexes ?? {})) {
			await db.schema.createIndex(index).on(name).columns(columns).execute();
		}
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const name of Object.keys(tables).reverse()) {
		await db.schema.dropTable(name).ifExists().execute();
	}
}
