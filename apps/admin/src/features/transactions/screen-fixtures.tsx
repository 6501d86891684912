/** Rendering the transactions screen in component tests, with an API that answers its lists. */
import type { Authorization } from "@paydesk/contract/authorizations";
import type { BlockedTransaction } from "@paydesk/contract/fraud-outcomes";
import type { TransactionsSummary } from "@paydesk/contract/transactions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createQueryClient } from "../../app/query-client.ts";
import { transactionRow } from "../../components/transactions-table/transaction-fixture.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { stubApi } from "./test-server.ts";
import TransactionsScreen from "./transactions-screen.tsx";

export function summaryOf(overrides: Partial<TransactionsSummary> = {}): TransactionsSummary {
	return {
		count: 2,
		total: 15000,
		fees: 450,
		net: 14550,
		currency: "eur",
		store_currencies: ["eur"],
		customer_currencies: ["eur", "usd"],
		sources: ["card", "visa"],
		...overrides,
	};
}

export function authorizationRow(overrides: Partial<Authorization> = {}): Authorization {
	return {
		payment_intent_id: "pi_auth_1",
		charge_id: "ch_auth_1",
		is_captured: false,
		created: "2026-11-20T10:00:00.000Z",
		capture_by: "2026-11-27T10:00:00.000Z",
		order_id: 2768,
		customer_name: "Sophia Lewis",
		customer_email: "sophia@example.com",
		customer_country: "US",
		risk_level: 1,
		amount: 17264,
		currency: "usd",
		...overrides,
	};
}

export function blockedRow(overrides: Partial<BlockedTransaction> = {}): BlockedTransaction {
	return {
		status: "block",
		created: "2026-11-19T01:52:10.000Z",
		amount: 2957,
		currency: "usd",
		customer_name: "Henry White",
		order_id: 2836,
		payment_intent: { id: "pi_blocked_1" },
		...overrides,
	};
}

/** Every list of the screen answers something plausible unless a test overrides it. */
export function stubScreenApi(overrides: Record<string, unknown> = {}) {
	return stubApi({
		"/transactions": { data: [transactionRow()], total_count: 1 },
		"/transactions/summary": summaryOf(),
		"/transactions/search": [],
		"/authorizations": { data: [authorizationRow()], total_count: 1 },
		"/authorizations/summary": { count: 3, total: 30000, currency: "usd", all_currencies: ["usd"] },
		"/transactions/fraud-outcomes": { data: [blockedRow()], total_count: 1 },
		"/transactions/fraud-outcomes/summary": { count: 1, total: 2957, currencies: ["usd"] },
		"/settings": settingsFixture({ is_manual_capture_enabled: false }),
		"/capital/loans": { data: [] },
		...overrides,
	});
}

export function renderScreen(search = "") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/transactions${search}`,
	);
	render(
		<QueryClientProvider client={createQueryClient()}>
			<TransactionsScreen />
		</QueryClientProvider>,
	);
	return userEvent.setup();
}

export const currentQuery = () => new URLSearchParams(window.location.search);
