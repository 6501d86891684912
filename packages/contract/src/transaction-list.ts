/**
 * The transactions list, declared once (spec 2 "Transactions", §2/§4/§9): its columns in the
 * spec's order with their headings, which are always visible and which start hidden, its sort
 * keys, the export's columns, the advanced filters with their rules, and the columns rollups are
 * keyed by. The contract's filter parameters (transactions.ts), the server's filter SQL and export
 * (payments/transactions/), the rollups (ledger/rollup-dimensions.ts) and the admin's table and
 * filters (components/transactions-table/, features/transactions/) all derive from it.
 */
import {
	SOURCE_DEVICES,
	TRANSACTION_CHANNELS,
	TRANSACTION_SOURCES,
	TRANSACTION_TYPES,
} from "@paydesk/domain/transactions";
import { z } from "zod";
import { currencyCode, objectId, queryInt } from "./common.ts";
import {
	type ColumnField,
	type DimensionField,
	defineListFields,
	type ExportField,
	type ListField,
	type ValueFilterField,
} from "./list-fields.ts";

const countryCode = z
	.string()
	.regex(/^[a-zA-Z]{2}$/, { error: "must be a two-letter country code" })
	.transform((value) => value.toUpperCase());

export interface TransactionTableContext {
	/** The subscriptions column exists only when subscriptions are active. */
	subscriptionsActive: boolean;
	/** A payout's own list has no payout columns. */
	inPayout: boolean;
}

const outsidePayout = (context: TransactionTableContext) => !context.inPayout;

/** The fields in the table's (and the export's) column order. */
const fields = {
	transaction_id: { label: (t) => t.__("Transaction ID", "paydesk"), column: "hidden", export: true },
	date: {
		label: (t) => t.__("Date / Time", "paydesk"),
		column: "required",
		sort: true,
		export: true,
		filter: { kind: "date", label: (t) => t.__("Date", "paydesk") },
	},
	type: {
		label: (t) => t.__("Type", "paydesk"),
		column: "required",
		export: true,
		filter: { kind: "value", rules: ["is", "is_not", "is_in"], value: z.enum(TRANSACTION_TYPES) },
		dimension: true,
	},
	channel: {
		label: (t) => t.__("Channel", "paydesk"),
		column: "required",
		export: true,
		filter: {
			kind: "value",
			rules: ["is", "is_not"],
			value: z.enum(TRANSACTION_CHANNELS),
			label: (t) => t.__("Sales channel", "paydesk"),
		},
		dimension: true,
	},
	customer_currency: {
		label: (t) => t.__("Paid currency", "paydesk"),
		column: "hidden",
		export: true,
		filter: {
			kind: "value",
			rules: ["is", "is_not"],
			value: currencyCode,
			label: (t) => t.__("Customer currency", "paydesk"),
		},
		dimension: true,
	},
	customer_amount: { label: (t) => t.__("Amount paid", "paydesk"), column: "hidden", export: true },
	/** The store (payout) currency: filtered by store_currency_is, which always narrows (list.ts). */
	currency: {
		label: (t) => t.__("Payout currency", "paydesk"),
		column: "hidden",
		export: true,
		dimension: true,
	},
	amount: { label: (t) => t.__("Amount", "paydesk"), column: "shown", sort: true, export: true },
	fees: { label: (t) => t.__("Fees", "paydesk"), column: "shown", sort: true, export: true },
	net: { label: (t) => t.__("Net", "paydesk"), column: "required", sort: true, export: true },
	order: { label: (t) => t.__("Order #", "paydesk"), column: "required", export: true },
	subscriptions: {
		label: (t) => t.__("Subscription #", "paydesk"),
		column: "shown",
		shownIn: (context) => context.subscriptionsActive,
		export: true,
	},
	source: {
		label: (t) => t.__("Payment method", "paydesk"),
		column: "shown",
		export: (t) => t.__("Source", "paydesk"),
		filter: { kind: "value", rules: ["is", "is_not"], value: z.enum(TRANSACTION_SOURCES) },
		dimension: true,
	},
	customer_name: {
		label: (t) => t.__("Customer", "paydesk"),
		column: "shown",
		export: (t) => t.__("Customer name", "paydesk"),
	},
	customer_email: {
		label: (t) => t.__("Email", "paydesk"),
		column: "hidden",
		export: (t) => t.__("Customer email", "paydesk"),
	},
	customer_country: {
		label: (t) => t.__("Country", "paydesk"),
		column: "hidden",
		export: (t) => t.__("Customer country", "paydesk"),
		filter: {
			kind: "value",
			rules: ["is", "is_not"],
			value: countryCode,
			label: (t) => t.__("Customer country", "paydesk"),
		},
		dimension: true,
	},
	risk_level: {
		label: (t) => t.__("Risk level", "paydesk"),
		column: "hidden",
		export: true,
		/** Risk levels 0 (normal), 1 (elevated), 2 (highest). */
		filter: { kind: "value", rules: ["is", "is_not"], value: queryInt(0, 2) },
		dimension: true,
	},
	deposit_id: {
		label: (t) => t.__("Payout ID", "paydesk"),
		column: "hidden",
		shownIn: outsidePayout,
		export: true,
	},
	deposit: {
		label: (t) => t.__("Payout date", "paydesk"),
		column: "shown",
		shownIn: outsidePayout,
		export: true,
	},
	deposit_status: {
		label: (t) => t.__("Payout status", "paydesk"),
		column: "shown",
		shownIn: outsidePayout,
		export: true,
	},
	/** The loans page links to a loan's transactions with loan_id_is (spec 2). */
	loan_id: {
		label: (t) => t.__("Loan", "paydesk"),
		filter: { kind: "value", rules: ["is", "is_not"], value: objectId },
		dimension: true,
	},
	source_device: {
		label: (t) => t.__("Device type", "paydesk"),
		filter: { kind: "value", rules: ["is", "is_not"], value: z.enum(SOURCE_DEVICES) },
		dimension: true,
	},
} as const satisfies Record<string, ListField<TransactionTableContext>>;

/** The advanced filters in the spec's order, which is not the columns'. */
export const transactionList = defineListFields<TransactionTableContext>()(fields, [
	"date",
	"customer_currency",
	"source",
	"type",
	"loan_id",
	"source_device",
	"channel",
	"customer_country",
	"risk_level",
]);

type TransactionFields = typeof transactionList.fields;
export type TransactionColumn = ColumnField<TransactionFields>;
export type TransactionExportColumn = ExportField<TransactionFields>;
export type TransactionRuleField = ValueFilterField<TransactionFields>;
export type TransactionDimension = DimensionField<TransactionFields>;
