/** Small payout and ledger rows for the payout tests (the demo-store generator is separate). */
import type { BalanceTransactionsTable, PayoutsTable } from "../../src/db/schema.ts";
import { TEST_ACCOUNT } from "../../src/testing/test-app.ts";

export const at = (iso: string) => Date.parse(iso) / 1000;

let payoutCounter = 0;
let ledgerCounter = 0;

export function payoutRow(overrides: Partial<PayoutsTable> = {}): PayoutsTable {
	payoutCounter++;
	return {
		account_id: TEST_ACCOUNT,
		id: `po_test${String(payoutCounter).padStart(5, "0")}`,
		type: "deposit",
		method: "standard",
		automatic: 1,
		status: "paid",
		date: at("2026-11-01T00:00:00Z"),
		created: at("2026-10-30T00:00:00Z"),
		amount: 10_000,
		fee: 0,
		fee_percentage: 0,
		currency: "usd",
		bank_account: "STRIPE TEST BANK •••• 6789 (USD)",
		bank_reference_key: null,
		failure_code: null,
		failure_message: null,
		balance_transaction_id: null,
		...overrides,
	};
}

export function ledgerRow(overrides: Partial<BalanceTransactionsTable> = {}): BalanceTransactionsTable {
	ledgerCounter++;
	const net = overrides.net ?? 1_000;
	return {
		account_id: TEST_ACCOUNT,
		id: `txn_test${String(ledgerCounter).padStart(6, "0")}`,
		type: "charge",
		reporting_category: "charge",
		source_id: null,
		charge_id: `ch_test${ledgerCounter}`,
		payment_intent_id: `pi_test${ledgerCounter}`,
		order_id: null,
		order_number: null,
		amount: net,
		fee: 0,
		net,
		currency: "usd",
		customer_currency: null,
		customer_amount: null,
		exchange_rate: null,
		created: at("2026-11-01T00:00:00Z"),
		available_on: at("2026-11-03T00:00:00Z"),
		deposit_id: null,
		loan_id: null,
		channel: "online",
		source: "card",
		source_identifier: null,
		source_device: null,
		customer_name: null,
		customer_email: null,
		customer_country: null,
		risk_level: 0,
		description: null,
		...overrides,
	};
}
