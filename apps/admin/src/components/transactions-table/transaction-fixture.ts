/** A transaction row for component tests; override what a test is about. */
import type { Transaction } from "@paydesk/contract/transactions";

export function transactionRow(overrides: Partial<Transaction> = {}): Transaction {
	return {
		transaction_id: "txn_1",
		charge_id: "ch_1",
		payment_intent_id: "pi_1",
		date: "2026-10-15T12:00:00.000Z",
		type: "charge",
		channel: "online",
		source: "visa",
		source_identifier: "4242",
		source_device: null,
		currency: "eur",
		amount: 10000,
		customer_currency: "eur",
		customer_amount: 10000,
		fees: 320,
		net: 9680,
		risk_level: 0,
		order: {
			number: "1042",
			url: "/wp-admin/post.php?post=1042&action=edit",
			customer_url: null,
			subscriptions: [],
		},
		customer_name: "Ada Lovelace",
		customer_email: "ada@example.com",
		customer_country: "GB",
		deposit_id: "po_1",
		deposit_status: "paid",
		available_on: "2026-10-17T12:00:00.000Z",
		loan_id: null,
		metadata: { charge_type: null },
		...overrides,
	};
}
