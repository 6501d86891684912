/** Rendering the transactions screen in component tests, with an API that answers its lists. */
import {
	type Authorization,
	getAuthorizationsSummary,
	listAuthorizations,
} from "@paydesk/contract/authorizations";
import { listLoans } from "@paydesk/contract/capital";
import {
	type BlockedTransaction,
	getFraudOutcomesSummary,
	listFraudOutcomes,
} from "@paydesk/contract/fraud-outcomes";
import { getPaymentSettings } from "@paydesk/contract/settings";
import {
	getTransactionsSummary,
	listTransactions,
	searchTransactions,
	type TransactionsSummary,
} from "@paydesk/contract/transactions";
import { getCurrentUser } from "@paydesk/contract/wp";
import userEvent from "@testing-library/user-event";
import { transactionRow } from "../../components/transactions-table/transaction-fixture.ts";
import { currentUserFixture } from "../../testing/current-user.ts";
import { type Handler, on, stubApi } from "../../testing/network.ts";
import { settingsFixture } from "../../testing/payment-settings.ts";
import { renderWithQueryClient } from "../../testing/render.tsx";
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

/** Every list of the screen answers something plausible; a test's `overrides` answer instead. */
export function stubScreenApi(...overrides: Handler[]) {
	return stubApi(
		on(listTransactions).reply(() => ({ data: [transactionRow()], total_count: 1 })),
		on(getTransactionsSummary).reply(() => summaryOf()),
		on(searchTransactions).reply(() => []),
		on(listAuthorizations).reply(() => ({ data: [authorizationRow()], total_count: 1 })),
		on(getAuthorizationsSummary).reply(() => ({
			count: 3,
			total: 30000,
			currency: "usd",
			all_currencies: ["usd"],
		})),
		on(listFraudOutcomes).reply(() => ({ data: [blockedRow()], total_count: 1 })),
		on(getFraudOutcomesSummary).reply(() => ({ count: 1, total: 2957, currencies: ["usd"] })),
		on(getPaymentSettings).reply(() => settingsFixture({ is_manual_capture_enabled: false })),
		on(listLoans).reply(() => ({ data: [] })),
		on(getCurrentUser).reply(() => currentUserFixture()),
		...overrides,
	);
}

export function renderScreen(search = "") {
	window.history.replaceState(
		null,
		"",
		`/wp-admin/admin.php?page=wc-admin&path=/payments/transactions${search}`,
	);
	renderWithQueryClient(<TransactionsScreen />);
	return userEvent.setup();
}

export const currentQuery = () => new URLSearchParams(window.location.search);
