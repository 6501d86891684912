/**
 * /payments/transactions?tab=: all transactions, uncaptured authorizations and blocked
 * payments, one tab each (spec 2 "Transactions").
 */
import { useLocation } from "../../app/router.tsx";
import { BlockedTab } from "./blocked-tab.tsx";
import { TransactionsTab } from "./transactions-tab.tsx";
import { TransactionsTabs } from "./transactions-tabs.tsx";
import { UncapturedTab } from "./uncaptured-tab.tsx";
import { useTransactionTabs } from "./use-transaction-tabs.ts";
import "./transactions.css";

export default function TransactionsScreen() {
	const { query } = useLocation();
	const { tabs, active } = useTransactionTabs(query);
	return (
		<div className="paydesk-page paydesk-transactions">
			<TransactionsTabs tabs={tabs} active={active}>
				{active === "uncaptured-page" && <UncapturedTab />}
				{active === "blocked-page" && <BlockedTab />}
				{active === "transactions-page" && <TransactionsTab />}
			</TransactionsTabs>
		</div>
	);
}
